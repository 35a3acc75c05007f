// Payments from an agency (docs/decisions/guild.md): a creator
// sees each payout with its uploaded proof, new ones marked unread until opened, and confirms it
// was received or disputes it (a disputed payout gives the charm back).
import type { PaymentNotification } from '@murmur/contracts/wallet';
import { useState } from 'react';
import { ApiCallError } from '../../api/client.ts';
import { api } from '../../api/api.generated.ts';
import { Button } from '../../components/Button.tsx';
import { Dialog } from '../../components/Dialog.tsx';
import { refreshQueries, useQuery } from '../../state/query.ts';
import { toast } from '../../state/ui.ts';
import own from './AgencyPayments.module.css';
import styles from './Wallet.module.css';

const usd = (cents: number) => `$${(cents / 100).toFixed(2)}`;
const statusWords: Record<string, string> = { pending: 'To confirm', completed: 'Received', failed: 'Disputed' };

export function AgencyPayments() {
  const { data, mutate } = useQuery(api.money.paymentNotifications.path(), { dedupingInterval: 0 });
  const [openId, setOpenId] = useState<string | null>(null);
  if (!data || data.items.length === 0) return null;
  const open = data.items.find((n) => n.withdrawalId === openId) ?? null;
  const view = (n: PaymentNotification) => {
    setOpenId(n.withdrawalId);
    if (n.unread) {
      // Shown as read at once; the server's mark follows (a second tab or a retry writes nothing).
      void mutate(
        {
          ...data,
          unreadCount: Math.max(0, data.unreadCount - 1),
          items: data.items.map((i) => (i.withdrawalId === n.withdrawalId ? { ...i, unread: false } : i)),
        },
        { revalidate: false },
      );
      void api.money.markPaymentNotificationRead({ withdrawalId: n.withdrawalId }, { quiet: true }).catch(() => void mutate());
    }
  };
  return (
    <section aria-labelledby="agency-payments-title" data-testid="agency-payments">
      <h2 className={styles.sectionTitle} id="agency-payments-title">
        Payments from your agency
        {data.unreadCount > 0 ? (
          <span className={own.unreadCount} data-testid="agency-payments-unread" aria-label={`${data.unreadCount} new`}>
            {data.unreadCount}
          </span>
        ) : null}
      </h2>
      <div className={styles.table} role="table">
        {data.items.map((n) => (
          <div
            key={n.withdrawalId}
            className={`${styles.withdrawRow} ${n.unread ? own.unreadRow : ''}`}
            role="row"
            data-testid="agency-payment"
            data-payment={n.withdrawalId}
            data-unread={n.unread}
          >
            <span className={styles.date}>{new Date(n.createdAt).toLocaleString()}</span>
            <span>
              <strong className={styles.kind}>
                {n.unread ? <span className={own.unreadDot} aria-label="New" /> : null}
                {n.agencyName ?? 'Your agency'} paid you {usd(n.usdCents)}
              </strong>
              <small>{n.charm.toLocaleString('en-US')} Charm</small>
            </span>
            <span>
              <span className={`${styles.status} ${styles[`status_${n.status}`]}`}>{statusWords[n.status] ?? n.status}</span>
            </span>
            <span className={styles.right}>
              <Button
                size="sm"
                variant={n.status === 'pending' ? 'primary' : 'secondary'}
                onClick={() => view(n)}
                data-testid="agency-payment-view"
              >
                {n.status === 'pending' ? 'Review' : 'View'}
              </Button>
            </span>
          </div>
        ))}
      </div>
      <PaymentReview notice={open} onClose={() => setOpenId(null)} />
    </section>
  );
}

function PaymentReview({ notice, onClose }: { notice: PaymentNotification | null; onClose(): void }) {
  const [busy, setBusy] = useState<'confirm' | 'dispute' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const answer = async (received: boolean) => {
    if (!notice) return;
    setBusy(received ? 'confirm' : 'dispute');
    setError(null);
    try {
      await api.money.confirmCashout({ withdrawalId: notice.withdrawalId, received }, { quiet: true });
      toast(received ? 'Payment confirmed. Thank you!' : 'Payment disputed: the charm is back in your balance.', 'success');
      await refreshQueries(api.money.paymentNotifications.path(), '/wallet/balance', '/wallet/withdraw', '/transaction/me');
    } catch (e) {
      setError((e as ApiCallError).message);
    } finally {
      setBusy(null);
    }
  };
  return (
    <Dialog
      open={notice !== null}
      onOpenChange={(o) => !o && onClose()}
      title="Payment from your agency"
      size="sm"
      testId="agency-payment-review"
    >
      {notice ? (
        <>
          <dl className={styles.review}>
            <dt>From</dt>
            <dd>{notice.agencyName ?? 'Your agency'}</dd>
            <dt>Amount</dt>
            <dd>
              {notice.charm.toLocaleString('en-US')} charm = <strong>{usd(notice.usdCents)}</strong>
            </dd>
            <dt>Status</dt>
            <dd data-testid="agency-payment-status">{statusWords[notice.status] ?? notice.status}</dd>
          </dl>
          {notice.proofUrl ? (
            <a href={notice.proofUrl} target="_blank" rel="noreferrer" className={own.proof}>
              <img src={notice.proofUrl} alt="Proof of payment uploaded by your agency" data-testid="agency-payment-proof" />
            </a>
          ) : (
            <p className={styles.sandboxNote}>Your agency attached no proof.</p>
          )}
          {notice.status === 'pending' ? (
            <>
              <p className={styles.sandboxNote}>
                Check your bank or wallet. Confirm once the money has arrived; if it never came, dispute it and the charm returns to your
                balance.
              </p>
              {error ? (
                <p className={own.error} role="alert">
                  {error}
                </p>
              ) : null}
              <div className={styles.actions}>
                <Button
                  variant="secondary"
                  busy={busy === 'dispute'}
                  disabled={busy !== null}
                  onClick={() => void answer(false)}
                  data-testid="agency-payment-dispute"
                >
                  I did not receive it
                </Button>
                <Button
                  busy={busy === 'confirm'}
                  disabled={busy !== null}
                  onClick={() => void answer(true)}
                  data-testid="agency-payment-confirm"
                >
                  I received it
                </Button>
              </div>
            </>
          ) : null}
        </>
      ) : null}
    </Dialog>
  );
}
