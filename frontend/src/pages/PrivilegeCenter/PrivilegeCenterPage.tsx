// /privilege-center: VIP status and what it gives (docs/decisions/vip.md), and the VIP subscription modal
// (120 USD a year, 12 months, bought with diamonds or by card; a renewal extends from the current end).
import { money } from '@murmur/contracts/constants';
import { findSku, vipPerks } from '@murmur/contracts/wallet';
import { useState } from 'react';
import { api } from '../../api/api.generated.ts';
import { useBalance } from '../../api/me.ts';
import { Avatar } from '../../components/Avatar.tsx';
import { Button } from '../../components/Button.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { PurchaseDialog, type CardOption } from '../../shop/PurchaseDialog.tsx';
import styles from '../../shop/Shop.module.css';
import { refreshQueries } from '../../state/query.ts';
import { toast } from '../../state/ui.ts';
import { SubscriptionCardPay } from '../Profile/SubscriptionCardPay.tsx';

const perks = [
  { icon: '🖼️', title: 'VIP frame and badge', text: 'Wear the VIP frame and badge from My Collections for as long as VIP lasts.' },
  {
    icon: '💎',
    title: `${Math.round(vipPerks.topUpBonus * 100)}% bonus diamonds`,
    text: 'Every top-up credits 5% more diamonds, minted through the ledger.',
  },
  { icon: '🌈', title: 'Coloured name', text: 'Your name shines in lobby chat and on your seat.' },
  { icon: '✨', title: 'Lobby entry effect', text: 'Everyone in a lobby sees a golden banner when you arrive.' },
  { icon: '🎤', title: 'First in the mic queue', text: 'Your mic requests go ahead of everyone who is not VIP.' },
  { icon: '📅', title: 'Double daily claim', text: `Your Telegram daily claim is worth ${vipPerks.dailyClaimMultiplier} times as much.` },
];

/** Waits (up to ~15 s) until the wallet shows a VIP end other than `before`: the card payment is
 * completed first, the VIP it buys is recorded just after. */
async function untilVipMoves(before: string | null): Promise<void> {
  for (let i = 0; i < 30; i++) {
    const balance = await api.money.balance({ quiet: true }).catch(() => null);
    if (balance && balance.vipUntil !== before) return;
    await new Promise((r) => setTimeout(r, 500));
  }
}

export default function PrivilegeCenterPage() {
  const { data } = useBalance();
  const vipUntil = data?.vipUntil ?? null;
  const active = vipUntil !== null && vipUntil > new Date().toISOString();
  const [open, setOpen] = useState(false);
  const sku = findSku('vip-year')!;
  const byCard: CardOption = {
    label: `Card · $${money.vipUsdPerYear.toFixed(2)}`,
    form: (key) => (
      <SubscriptionCardPay
        usd={money.vipUsdPerYear}
        idempotencyKey={key}
        onBought={() => {
          toast('You are VIP: your card payment went through.', 'success', 'VIP');
          setOpen(false);
          void untilVipMoves(vipUntil).then(() => refreshQueries('/wallet/', '/transaction/me', '/user/'));
        }}
      />
    ),
  };
  return (
    <div className={styles.section}>
      <PageHeader
        title="Privilege Center"
        subtitle="VIP: 120 USD a year (12,000 diamonds), 12 months. A renewal extends from your current end."
      />
      <div
        className={styles.card}
        style={{ flexDirection: 'row', justifyContent: 'space-between', textAlign: 'left', flexWrap: 'wrap' }}
        data-testid="vip-status"
      >
        <div style={{ display: 'flex', gap: 14, alignItems: 'center' }}>
          <Avatar name="VIP" size={56} frame="vip-frame" />
          <div>
            <h3>{active ? 'You are VIP' : 'Not VIP yet'}</h3>
            <p className={styles.muted}>
              {active ? `Until ${new Date(vipUntil).toLocaleDateString()}` : 'Subscribe to unlock every privilege below.'}
            </p>
          </div>
        </div>
        <Button onClick={() => setOpen(true)} data-testid="open-vip">
          {active ? 'Renew VIP' : 'Get VIP'} · {sku.price.toLocaleString()} 💎
        </Button>
      </div>
      <div className={styles.grid}>
        {perks.map((p) => (
          <div key={p.title} className={styles.card} data-testid="vip-perk">
            <div className={styles.preview} style={{ fontSize: 36 }} aria-hidden>
              {p.icon}
            </div>
            <h3>{p.title}</h3>
            <p className={styles.muted}>{p.text}</p>
          </div>
        ))}
      </div>
      <PurchaseDialog sku={open ? sku : null} onClose={() => setOpen(false)} byCard={byCard} />
    </div>
  );
}
