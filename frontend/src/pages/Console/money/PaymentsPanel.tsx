// Payments still not final after the window (a card the provider never confirmed, a webhook lost):
// what to chase with the provider, oldest first.
import { useState } from 'react';
import { moneyOperations } from '@murmur/contracts/money-operations';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { useQuery } from '../../../state/query.ts';
import { usd, when, whole } from './format.ts';
import styles from './Money.module.css';
import { api } from '../../../api/api.generated.ts';

export function PaymentsPanel() {
  const [minutes, setMinutes] = useState<number>(moneyOperations.stuckPaymentMinutes);
  const { data } = useQuery(api.console.stuckPayments.path({ olderThanMinutes: minutes, limit: 50 }), {
    refreshInterval: 30_000,
  });
  return (
    <>
      <div className={styles.toolbar}>
        <label className={styles.dim} htmlFor="stuck-minutes">
          Not final after
        </label>
        <select id="stuck-minutes" className={styles.select} value={minutes} onChange={(e) => setMinutes(Number(e.target.value))}>
          {[5, 15, 60, 24 * 60].map((m) => (
            <option key={m} value={m}>
              {m < 60 ? `${m} minutes` : m === 60 ? '1 hour' : '1 day'}
            </option>
          ))}
        </select>
      </div>
      {data && data.items.length === 0 ? <EmptyState title="No payment is stuck" /> : null}
      {data && data.items.length > 0 ? (
        <div className={styles.scroll}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th>User</th>
                <th>Payment</th>
                <th>Provider</th>
                <th>Status</th>
                <th>Open for</th>
              </tr>
            </thead>
            <tbody>
              {data.items.map((p) => (
                <tr key={p.paymentId} data-testid="stuck-payment">
                  <td>{p.user.username}</td>
                  <td>
                    {usd(p.amountUsdCents)} for {whole(p.diamonds)} diamonds
                    <div className={`${styles.mono} ${styles.dim}`}>{p.paymentId}</div>
                  </td>
                  <td>
                    {p.provider}
                    <div className={`${styles.mono} ${styles.dim}`}>{p.providerRef}</div>
                  </td>
                  <td>
                    <span className={`${styles.status} ${styles.warn}`}>{p.status}</span>
                  </td>
                  <td>
                    {whole(p.minutesOpen)} min<div className={styles.dim}>since {when(p.createdAt)}</div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </>
  );
}
