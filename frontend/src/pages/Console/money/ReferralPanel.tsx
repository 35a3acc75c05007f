// A week's referral settlements: who was paid (with the transfer hash) and who was carried over.
import { useState } from 'react';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { useQuery } from '../../../state/query.ts';
import { short, usdt, when } from './format.ts';
import styles from './Money.module.css';
import { api } from '../../../api/api.generated.ts';

export function ReferralPanel() {
  const [week, setWeek] = useState<string | null>(null);
  const { data } = useQuery(api.console.referralSettlements.path({ limit: 100, week: week || undefined }));
  return (
    <>
      <div className={styles.toolbar}>
        <label className={styles.dim} htmlFor="referral-week">
          Week of
        </label>
        <select
          id="referral-week"
          className={styles.select}
          value={data?.weekId ?? ''}
          onChange={(e) => setWeek(e.target.value)}
          disabled={!data || data.weeks.length === 0}
        >
          {(data?.weeks ?? []).map((w) => (
            <option key={w} value={w}>
              {w}
            </option>
          ))}
        </select>
        {data?.weekId ? (
          <span className={styles.dim}>
            Paid {usdt(data.paidMicroUsdt)}; {data.carriedOver} carried over
          </span>
        ) : null}
      </div>
      {data && data.items.length === 0 ? <EmptyState title="No referral week settled yet" /> : null}
      {data && data.items.length > 0 ? (
        <div className={styles.scroll}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th>Referrer</th>
                <th>Amount</th>
                <th>Rewards</th>
                <th>Outcome</th>
                <th>Settled</th>
              </tr>
            </thead>
            <tbody>
              {data.items.map((r) => (
                <tr key={r.user.uid} data-testid="referral-settlement">
                  <td>{r.user.username}</td>
                  <td>{usdt(r.amountMicroUsdt)}</td>
                  <td>{r.rewardCount}</td>
                  <td>
                    <span className={`${styles.status} ${r.status === 'settled' ? styles.ok : styles.warn}`}>
                      {r.status === 'settled' ? 'Paid' : 'Carried over'}
                    </span>
                    <div className={`${styles.mono} ${styles.dim}`}>
                      {r.txHash
                        ? short(r.txHash)
                        : r.reason === 'no_wallet'
                          ? 'No payout wallet'
                          : r.reason === 'below_minimum'
                            ? 'Below 5 USDT'
                            : ''}
                    </div>
                  </td>
                  <td className={styles.dim}>{when(r.settledAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </>
  );
}
