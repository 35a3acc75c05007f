// Buying one catalogue item with diamonds: validate first (price, balance, balance after, the refusal
// the purchase would meet in the server's words), then buy once per click with an idempotency key.
// An item that can also be paid by card (VIP) offers "Diamonds" or "Card", as the subscribe dialog does.
import type { SkuDto } from '@murmur/contracts/wallet';
import { useEffect, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { ApiCallError, newIdempotencyKey } from '../api/client.ts';
import { api } from '../api/api.generated.ts';
import { Button } from '../components/Button.tsx';
import { Dialog } from '../components/Dialog.tsx';
import { Icon } from '../components/Icon.tsx';
import { BalanceAfter } from '../components/BalanceAfter.tsx';
import { refreshQueries } from '../state/query.ts';
import { toast } from '../state/ui.ts';
import styles from './Shop.module.css';

export interface PurchaseCheck {
  valid: boolean;
  price: number;
  diamondsTotal: number;
  balance: number;
  balanceAfter: number;
  shortBy: number;
  code: string | null;
  message: string | null;
}

export const durationText = (sku: Pick<SkuDto, 'days' | 'months'>): string =>
  sku.months ? `${sku.months} months` : sku.days ? `${sku.days} days` : 'For ever';

/** Paying by card instead: the choice's label and the card form (its key is one checkout per opening). */
export interface CardOption {
  label: string;
  form(idempotencyKey: string): ReactNode;
}

export function PurchaseDialog({
  sku,
  onClose,
  onBought,
  byCard,
}: {
  sku: SkuDto | null;
  onClose(): void;
  onBought?(position: string): void;
  byCard?: CardOption;
}) {
  const [method, setMethod] = useState<'diamonds' | 'card'>('diamonds');
  const [check, setCheck] = useState<PurchaseCheck | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [key, setKey] = useState(newIdempotencyKey);
  const navigate = useNavigate();

  useEffect(() => {
    setCheck(null);
    setError(null);
    setMethod('diamonds');
    setKey(newIdempotencyKey());
    if (!sku) return;
    let live = true;
    api.money
      .validatePurchase({ skuId: sku.id, quantity: 1 }, { quiet: true })
      .then((c) => live && setCheck(c))
      .catch((e: unknown) => live && setError(e instanceof Error ? e.message : String(e)));
    return () => {
      live = false;
    };
  }, [sku]);

  const buy = async () => {
    if (!sku) return;
    setBusy(true);
    setError(null);
    try {
      const result = await api.money.purchase({ skuId: sku.id, quantity: 1 }, { quiet: true, idempotencyKey: key });
      toast(`${sku.name} is yours. Balance: ${result.balance.toLocaleString()} diamonds.`, 'success', 'Purchase complete');
      void refreshQueries('/wallet/', '/transaction/me', '/user/');
      onBought?.(result.position);
      onClose();
    } catch (e) {
      setError(e instanceof ApiCallError ? e.message : 'Oops, something went wrong. Please try again.');
    } finally {
      setBusy(false);
    }
  };

  const refusal = error ?? (check && !check.valid ? check.message : null);
  return (
    <Dialog
      open={sku !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={sku ? `Buy ${sku.name}` : ''}
      size="sm"
      testId="purchase-dialog"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          {method === 'card' ? null : check?.code === 'INSUFFICIENT_BALANCE' ? (
            <Button
              onClick={() => {
                onClose();
                navigate('/wallet?topup=1');
              }}
            >
              Top up
            </Button>
          ) : (
            <Button onClick={() => void buy()} busy={busy} disabled={!check?.valid} data-testid="confirm-purchase">
              Buy for {sku?.price.toLocaleString()} <Icon name="diamond" size={14} />
            </Button>
          )}
        </>
      }
    >
      {sku && byCard ? (
        <div className={styles.payWith} role="radiogroup" aria-label="Pay with">
          <button
            type="button"
            role="radio"
            aria-checked={method === 'diamonds'}
            onClick={() => setMethod('diamonds')}
            data-testid="pay-with-diamonds"
          >
            Diamonds · {sku.price.toLocaleString()} 💎
          </button>
          <button type="button" role="radio" aria-checked={method === 'card'} onClick={() => setMethod('card')} data-testid="pay-with-card">
            {byCard.label}
          </button>
        </div>
      ) : null}
      {sku && byCard && method === 'card' ? (
        byCard.form(key)
      ) : sku ? (
        <div className={styles.purchase}>
          <img src={sku.imageUrl} alt="" width={72} height={72} />
          <p className={styles.muted}>{sku.description}</p>
          <dl className={styles.sums}>
            <dt>Price</dt>
            <dd data-testid="purchase-price">{sku.price.toLocaleString()} 💎</dd>
            <dt>Lasts</dt>
            <dd>{durationText(sku)}</dd>
            <dt>Your balance</dt>
            <dd>{check ? `${check.balance.toLocaleString()} 💎` : '…'}</dd>
            <BalanceAfter after={check ? check.balanceAfter : null} testId="balance-after" shortClassName={styles.negative} />
          </dl>
          {refusal ? (
            <p className={styles.error} role="alert" data-testid="purchase-error">
              {refusal}
            </p>
          ) : null}
        </div>
      ) : null}
    </Dialog>
  );
}
