// /my-collections and /inventory (spec: Collections tabs Inventory, Frames, Badges): what the user
// owns with its status (active, inactive, expired) and end date, wearing and taking off frames and
// badges, and the shop of each kind (bought with diamonds through the purchase dialog).
import type { CollectionItemDto } from '@murmur/contracts/collections';
import { collectionLimits } from '@murmur/contracts/collections';
import { verifiedHostBadge } from '@murmur/contracts/host-applications';
import { skuCatalogue, type SkuDto } from '@murmur/contracts/wallet';
import { useState } from 'react';
import { ApiCallError } from '../../api/client.ts';
import { api } from '../../api/api.generated.ts';
import { useBalance, useMe } from '../../api/me.ts';
import { Avatar } from '../../components/Avatar.tsx';
import { Button } from '../../components/Button.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { Icon } from '../../components/Icon.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { Tabs } from '../../components/Tabs.tsx';
import { WornBadges } from '../../components/WornBadges.tsx';
import { PurchaseDialog } from '../../shop/PurchaseDialog.tsx';
import { ShopGrid } from '../../shop/ShopGrid.tsx';
import styles from '../../shop/Shop.module.css';
import { refreshQueries, useQuery } from '../../state/query.ts';
import { toast } from '../../state/ui.ts';

type Tab = 'inventory' | 'frames' | 'badges';
const kindOfTab = { inventory: 'all', frames: 'frame', badges: 'badge' } as const;

export default function CollectionsPage({ tab = 'inventory' }: { tab?: Tab }) {
  const [value, setValue] = useState<Tab>(tab);
  const { data: me } = useMe();
  const { diamonds } = useBalance();
  const [buying, setBuying] = useState<SkuDto | null>(null);
  const { data: all } = useQuery(api.money.collections.path({ kind: 'all' }));
  const worn = (all?.items ?? []).filter((i) => i.status === 'active');
  const frame = worn.find((i) => i.kind === 'frame')?.itemId ?? null;
  const badges = worn.filter((i) => i.kind === 'badge').map((i) => i.itemId);
  // The Verified Host badge is always shown and not one of the 3 worn by choice.
  const chosenBadges = badges.filter((id) => id !== verifiedHostBadge.id);

  return (
    <div className={styles.section}>
      <PageHeader
        title="My Collections"
        subtitle="Frames, badges and keepsakes you own. Wear one frame and up to 3 badges: everyone sees them on your seat, in chat and on your profile."
        actions={
          <span className={styles.balance} data-testid="collections-balance">
            <Icon name="diamond" size={16} /> {diamonds === undefined ? '—' : diamonds.toLocaleString()}
          </span>
        }
      />
      <div
        className={styles.card}
        style={{ flexDirection: 'row', justifyContent: 'flex-start', gap: 16, textAlign: 'left' }}
        data-testid="my-look"
      >
        <Avatar name={me?.username ?? '?'} src={me?.profilePicUrl} size={64} frame={frame} />
        <div>
          <h3>{me?.username ?? 'You'}</h3>
          <p className={styles.muted}>
            {frame ? 'Wearing a frame' : 'No frame'} · {chosenBadges.length}/{collectionLimits.badges} badges{' '}
            <WornBadges badgeIds={badges} size={14} />
          </p>
        </div>
      </div>
      <Tabs
        value={value}
        onValueChange={(v) => setValue(v as Tab)}
        ariaLabel="Collections"
        items={[
          { value: 'inventory', label: 'Inventory', content: <Owned kind="inventory" onShop={setBuying} /> },
          { value: 'frames', label: 'Frames', content: <Owned kind="frames" onShop={setBuying} /> },
          { value: 'badges', label: 'Badges', content: <Owned kind="badges" onShop={setBuying} /> },
        ]}
      />
      <PurchaseDialog sku={buying} onClose={() => setBuying(null)} />
    </div>
  );
}

function Owned({ kind, onShop }: { kind: Tab; onShop(sku: SkuDto): void }) {
  const { data, isLoading } = useQuery(api.money.collections.path({ kind: kindOfTab[kind] }));
  const items = data?.items ?? [];
  const forSale = skuCatalogue.filter((s) =>
    kind === 'frames' ? s.kind === 'frame' : kind === 'badges' ? s.kind === 'badge' : s.kind === 'gift',
  );
  return (
    <div className={styles.section}>
      {isLoading ? null : items.length === 0 ? (
        <EmptyState icon={kind === 'badges' ? '🏅' : kind === 'frames' ? '🖼️' : '🎒'} title="Nothing here yet">
          {kind === 'inventory'
            ? 'Items you buy appear in your inventory.'
            : `Buy a ${kind === 'frames' ? 'frame' : 'badge'} below and wear it.`}
        </EmptyState>
      ) : (
        <div className={styles.grid} data-testid={`owned-${kind}`}>
          {items.map((item) => (
            <OwnedCard key={item.itemId} item={item} />
          ))}
        </div>
      )}
      <h2 className={styles.sectionTitle}>{kind === 'inventory' ? 'Gifts to keep' : kind === 'frames' ? 'Frame shop' : 'Badge shop'}</h2>
      <ShopGrid items={forSale} onBuy={onShop} />
    </div>
  );
}

function OwnedCard({ item }: { item: CollectionItemDto }) {
  const [busy, setBusy] = useState(false);
  const wearable = (item.kind === 'frame' || item.kind === 'badge') && item.itemId !== verifiedHostBadge.id;
  const toggle = async () => {
    setBusy(true);
    try {
      const equip = item.status !== 'active';
      await api.money.equip({ itemId: item.itemId, equip }, { quiet: true });
      toast(equip ? `${item.name} equipped.` : `${item.name} taken off.`, 'success');
      await refreshQueries('/wallet/collections', '/user/profile/view');
    } catch (e) {
      toast(e instanceof ApiCallError ? e.message : 'Oops, something went wrong. Please try again.', 'error');
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className={styles.card} data-testid="owned-item" data-item={item.itemId} data-status={item.status}>
      <span className={`${styles.status} ${styles[`status_${item.status}`]}`} data-testid="item-status">
        {item.status}
      </span>
      <div className={styles.preview}>
        {item.kind === 'frame' ? <Avatar name={item.name} size={52} frame={item.itemId} /> : <img src={item.imageUrl} alt="" />}
      </div>
      <h3>{item.name}</h3>
      <span className={styles.expiry} data-testid="item-expiry">
        {item.expiresAt
          ? `${item.status === 'expired' ? 'Expired' : 'Expires'} ${new Date(item.expiresAt).toLocaleDateString()}`
          : 'For ever'}
        {item.kind === 'gift' && item.quantity > 1 ? ` · x${item.quantity}` : ''}
      </span>
      {wearable && item.status !== 'expired' ? (
        <Button
          size="sm"
          variant={item.status === 'active' ? 'secondary' : 'primary'}
          busy={busy}
          onClick={() => void toggle()}
          data-testid="toggle-wear"
        >
          {item.status === 'active' ? 'Take off' : 'Equip'}
        </Button>
      ) : null}
    </div>
  );
}
