// The gift panel: gifts by kind with their badges, multipliers 999x/99x/10x/1x, one or several
// recipients, the balance, and top-up when it is short.
import { money } from '@murmur/contracts/constants';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiCallError } from '../api/client.ts';
import { useBalance } from '../api/me.ts';
import { Avatar } from '../components/Avatar.tsx';
import { Button } from '../components/Button.tsx';
import { Dialog } from '../components/Dialog.tsx';
import { Icon } from '../components/Icon.tsx';
import { lobbyActions } from '../lobby/lobbyActions.ts';
import type { UserRef } from '../lobby/lobbyApi.ts';
import { refreshQueries, setQueryData, useQuery } from '../state/query.ts';
import { toast } from '../state/ui.ts';
import { GiftIcon } from './GiftIcon.tsx';
import styles from './Gifting.module.css';
import { api } from '../api/api.generated.ts';

const kinds = ['All', 'Regular', 'Gifts', 'Event', 'Bera', 'Wishing Well'] as const;
const badgeText: Record<string, string> = { hot_sale: 'HOT', coming_soon: 'Soon', sold_out: 'Sold out' };
const multipliers = [...money.giftMultipliers].sort((a, b) => b - a);

export interface GiftPanelProps {
  open: boolean;
  onClose(): void;
  candidates: Array<UserRef & { label: string }>;
  defaultRecipients: string[];
  lobbyId?: string;
  roomId?: string;
}

export function GiftPanel({ open, onClose, candidates, defaultRecipients, lobbyId, roomId }: GiftPanelProps) {
  const navigate = useNavigate();
  const { data } = useQuery(api.gifting.items.path());
  const { diamonds } = useBalance();
  const [kind, setKind] = useState<string>('All');
  const [giftName, setGiftName] = useState<string | null>(null);
  const [quantity, setQuantity] = useState<number>(1);
  const [recipients, setRecipients] = useState<string[]>(defaultRecipients);
  const [busy, setBusy] = useState(false);
  const [short, setShort] = useState(false);

  const gifts = useMemo(() => (data?.items ?? []).filter((g) => kind === 'All' || g.kind === kind), [data, kind]);
  const gift = data?.items.find((g) => g.name === giftName) ?? null;
  const chosen = recipients.filter((r) => candidates.some((c) => c.uid === r));
  const total = gift ? gift.unitPrice * quantity * chosen.length : 0;
  const unavailable = gift?.badge === 'coming_soon' || gift?.badge === 'sold_out';

  const toggle = (uid: string) => setRecipients((r) => (r.includes(uid) ? r.filter((x) => x !== uid) : [...r, uid]));

  const send = async () => {
    if (!gift || chosen.length === 0) return;
    if (diamonds !== undefined && total > diamonds) {
      setShort(true);
      return;
    }
    setBusy(true);
    try {
      const answer = await lobbyActions.sendGift({ giftName: gift.name, quantity, recipients: chosen, lobbyId, roomId });
      void setQueryData(api.money.balance.path(), (b) => (b ? { ...b, diamonds: answer.balance } : b));
      void refreshQueries('/wallet/balance', '/transaction/me', '/lobbies/leaderboard');
      toast(`Sent ${gift.displayName} x${quantity}`, 'success');
      onClose();
    } catch (error) {
      const e = error as ApiCallError;
      if (e.code === 'INSUFFICIENT_BALANCE') setShort(true);
      else toast(e.message, 'error');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onOpenChange={(o) => !o && onClose()} title="Send a gift" size="lg" testId="gift-panel">
      <div className={styles.kinds} role="tablist">
        {kinds.map((k) => (
          <button
            key={k}
            role="tab"
            aria-selected={kind === k}
            className={`${styles.kind} ${kind === k ? styles.kindActive : ''}`}
            onClick={() => setKind(k)}
          >
            {k}
          </button>
        ))}
      </div>
      <div className={styles.grid}>
        {gifts.map((g) => (
          <button
            key={g.id}
            className={`${styles.gift} ${giftName === g.name ? styles.giftSelected : ''} ${g.badge === 'sold_out' || g.badge === 'coming_soon' ? styles.giftDim : ''}`}
            onClick={() => setGiftName(g.name)}
            data-testid={`gift-${g.name}`}
          >
            {g.badge ? <span className={`${styles.badge} ${styles[g.badge]}`}>{badgeText[g.badge]}</span> : null}
            <GiftIcon name={g.name} src={g.media.iconUrl} size={56} />
            <span className={styles.giftName}>{g.displayName}</span>
            <span className={styles.price}>
              <Icon name="diamond" size={12} /> {g.unitPrice.toLocaleString()}
            </span>
          </button>
        ))}
        {gifts.length === 0 ? <p className={styles.none}>No gifts of this kind yet.</p> : null}
      </div>
      <div className={styles.section}>
        <span className={styles.label}>Send to</span>
        <div className={styles.recipients}>
          {candidates.map((c) => (
            <button
              key={c.uid}
              className={`${styles.recipient} ${recipients.includes(c.uid) ? styles.recipientOn : ''}`}
              onClick={() => toggle(c.uid)}
              aria-pressed={recipients.includes(c.uid)}
              data-testid={`recipient-${c.uid}`}
            >
              <Avatar name={c.username} src={c.profilePicUrl} size={24} />
              <span>{c.username}</span>
              <small>{c.label}</small>
            </button>
          ))}
          {candidates.length === 0 ? <span className={styles.none}>Nobody on the stage to receive gifts yet.</span> : null}
        </div>
      </div>
      <div className={styles.footer}>
        <div className={styles.multipliers} role="radiogroup" aria-label="Quantity">
          {multipliers.map((m) => (
            <button
              key={m}
              role="radio"
              aria-checked={quantity === m}
              className={`${styles.multiplier} ${quantity === m ? styles.multiplierOn : ''}`}
              onClick={() => setQuantity(m)}
              data-testid={`multiplier-${m}`}
            >
              {m}x
            </button>
          ))}
        </div>
        <div className={styles.balance} data-testid="gift-balance">
          <Icon name="diamond" size={14} /> {diamonds === undefined ? '—' : diamonds.toLocaleString()}
          <button className={styles.topUp} onClick={() => navigate('/wallet?topup=1')}>
            Top up
          </button>
        </div>
        <Button onClick={send} busy={busy} disabled={!gift || chosen.length === 0 || unavailable} data-testid="send-gift">
          Send {total > 0 ? `· ${total.toLocaleString()}` : ''}
        </Button>
      </div>
      <Dialog open={short} onOpenChange={setShort} size="sm" title="Not enough diamonds" testId="insufficient-balance">
        <p className={styles.shortText}>
          This gift costs <strong>{total.toLocaleString()}</strong> diamonds and you have{' '}
          <strong>{(diamonds ?? 0).toLocaleString()}</strong>. Top up to keep the party going.
        </p>
        <Button block onClick={() => navigate('/wallet?topup=1')} data-testid="go-top-up">
          Top up
        </Button>
      </Dialog>
    </Dialog>
  );
}
