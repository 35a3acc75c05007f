// The own withdrawals and agency payouts with their statuses (pending until paid, completed, failed).
import type { WithdrawalItem } from '@murmur/contracts/wallet';
import { useState } from 'react';
import { Pager } from '../../components/Pager.tsx';
import { useQuery } from '../../state/query.ts';
import styles from './Wallet.module.css';
import { api } from '../../api/api.generated.ts';

const methodWords: Record<string, string> = { crypto: 'USDT', bank: 'Bank transfer', ewallet: 'E-wallet' };

function destination(w: WithdrawalItem): string {
  if (w.kind === 'agency_payout') return 'Paid by your agency';
  const address = w.address ?? '';
  const short = address.length > 16 ? `${address.slice(0, 8)}…${address.slice(-6)}` : address;
  return `${methodWords[w.method ?? ''] ?? 'Withdrawal'} to ${short}`;
}

export function Withdrawals() {
  const [page, setPage] = useState(1);
  const { data } = useQuery(api.money.withdrawals.path({ page, limit: 5 }));
  if (!data || data.items.length === 0) return null;
  return (
    <>
      <h2 className={styles.sectionTitle}>Withdrawals</h2>
      <div className={styles.table} role="table" data-testid="withdrawals">
        <div className={`${styles.withdrawRow} ${styles.head}`} role="row">
          <span>Date</span>
          <span>To</span>
          <span>Status</span>
          <span className={styles.right}>Amount</span>
        </div>
        {data.items.map((w) => (
          <div key={w.withdrawalId} className={styles.withdrawRow} role="row" data-testid="withdrawal">
            <span className={styles.date}>{new Date(w.createdAt).toLocaleString()}</span>
            <span>
              <strong className={styles.kind}>{destination(w)}</strong>
              <small>{w.charm.toLocaleString('en-US')} Charm</small>
            </span>
            <span>
              <span className={`${styles.status} ${styles[`status_${w.status}`]}`}>{w.status}</span>
              {w.reference ? (
                <small data-testid="withdrawal-reference" title={w.reference}>
                  Ref. {w.reference.length > 16 ? `${w.reference.slice(0, 10)}…${w.reference.slice(-6)}` : w.reference}
                </small>
              ) : null}
              {w.status === 'failed' && w.failureReason ? <small data-testid="withdrawal-failure">{w.failureReason}</small> : null}
            </span>
            <span className={`${styles.right} ${styles.out}`}>${(w.usdCents / 100).toFixed(2)}</span>
          </div>
        ))}
      </div>
      <Pager page={page} totalPages={data.meta.totalPages} onPage={setPage} />
    </>
  );
}
