// Pending withdrawals and creator payouts, oldest first: settle with the on-chain or bank reference,
// or reject with a reason (the charm goes back). Decided ones below, with who decided and how.
import { useState } from 'react';
import type { ApiResponse } from '@murmur/contracts/api-catalogue';
import { ApiCallError } from '../../../api/client.ts';
import { api } from '../../../api/api.generated.ts';
import { Button } from '../../../components/Button.tsx';
import { Dialog } from '../../../components/Dialog.tsx';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { TextField } from '../../../components/Field.tsx';
import { Pager } from '../../../components/Pager.tsx';
import { refreshQueries, useQuery } from '../../../state/query.ts';
import { toast } from '../../../state/ui.ts';
import { short, usd, when, whole } from './format.ts';
import styles from './Money.module.css';

type Item = ApiResponse<'GET /console/withdrawals'>['items'][number];
type Decision = { kind: 'settle' | 'reject'; item: Item };

const destination = (w: Item) =>
  w.kind === 'agency_payout'
    ? `Agency payout${w.agencyUid ? ` by ${w.agencyUid}` : ''}`
    : `${w.method === 'crypto' ? `USDT (${w.network === 'solana' ? 'Solana' : 'EVM'})` : (w.method ?? '')} to ${w.address ?? '—'}`;

function DecisionDialog({ decision, onClose }: { decision: Decision | null; onClose(): void }) {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const settle = decision?.kind === 'settle';
  const crypto = decision?.item.method === 'crypto';
  const close = () => {
    setValue('');
    setError(null);
    onClose();
  };
  const submit = async () => {
    if (!decision) return;
    setBusy(true);
    setError(null);
    try {
      const id = encodeURIComponent(decision.item.withdrawalId);
      if (settle) await api.console.settleWithdrawal({ withdrawalId: id }, { reference: value }, { quiet: true });
      else await api.console.rejectWithdrawal({ withdrawalId: id }, { reason: value }, { quiet: true });
      toast(settle ? 'Withdrawal settled.' : 'Withdrawal rejected; the charm is back with the user.', 'success');
      await refreshQueries('/console/withdrawals');
      close();
    } catch (e) {
      setError(e instanceof ApiCallError ? e.message : 'Oops, something went wrong. Please try again.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      open={decision !== null}
      onOpenChange={(open) => (open ? undefined : close())}
      title={settle ? 'Settle withdrawal' : 'Reject withdrawal'}
      testId="withdrawal-decision"
      footer={
        <>
          <Button variant="ghost" onClick={close}>
            Cancel
          </Button>
          <Button
            variant={settle ? 'primary' : 'danger'}
            busy={busy}
            onClick={() => void submit()}
            data-testid="withdrawal-decision-confirm"
          >
            {settle ? 'Mark as paid' : 'Reject and return the charm'}
          </Button>
        </>
      }
    >
      {decision ? (
        <p className={styles.dim} data-testid="withdrawal-decision-summary">
          {whole(decision.item.charm)} charm ({usd(decision.item.usdCents)}) for {decision.item.user.username}: {destination(decision.item)}
        </p>
      ) : null}
      <TextField
        id={settle ? 'settle-reference' : 'reject-reason'}
        label={settle ? (crypto ? 'On-chain transaction hash' : 'Bank or e-wallet reference') : 'Reason'}
        placeholder={settle ? (crypto ? '0x…' : 'e.g. BANK-2026-0042') : 'Shown to the user'}
        value={value}
        maxLength={120}
        autoComplete="off"
        error={error}
        onChange={(e) => setValue(e.target.value)}
        onKeyDown={(e) => (e.key === 'Enter' ? void submit() : undefined)}
      />
    </Dialog>
  );
}

export function WithdrawalsPanel() {
  const [status, setStatus] = useState<'pending' | 'completed' | 'failed'>('pending');
  const [page, setPage] = useState(1);
  const [decision, setDecision] = useState<Decision | null>(null);
  const { data } = useQuery(api.console.withdrawals.path({ status, page, limit: 20 }), {
    refreshInterval: 15_000,
  });
  return (
    <>
      <div className={styles.toolbar}>
        <label className={styles.dim} htmlFor="withdrawal-status">
          Show
        </label>
        <select
          id="withdrawal-status"
          className={styles.select}
          value={status}
          onChange={(e) => {
            setStatus(e.target.value as typeof status);
            setPage(1);
          }}
        >
          <option value="pending">Pending</option>
          <option value="completed">Settled</option>
          <option value="failed">Rejected or failed</option>
        </select>
        <span className={styles.dim}>{data ? `${whole(data.meta.totalItems)} in all` : ''}</span>
      </div>
      {data && data.items.length === 0 ? <EmptyState title={status === 'pending' ? 'No withdrawal waits to be paid' : 'None yet'} /> : null}
      {data && data.items.length > 0 ? (
        <div className={styles.scroll}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th>User</th>
                <th>Amount</th>
                <th>To</th>
                <th>Requested</th>
                <th>{status === 'pending' ? '' : 'Decision'}</th>
              </tr>
            </thead>
            <tbody>
              {data.items.map((w) => (
                <tr key={w.withdrawalId} data-testid="console-withdrawal" data-id={w.withdrawalId}>
                  <td>
                    <strong>{w.user.username}</strong>
                    <div className={styles.dim}>{w.kind === 'agency_payout' ? 'Creator payout' : 'Withdrawal'}</div>
                  </td>
                  <td>
                    {whole(w.charm)} charm<div className={styles.dim}>{usd(w.usdCents)}</div>
                  </td>
                  <td className={styles.mono}>{destination(w)}</td>
                  <td className={styles.dim}>{when(w.createdAt)}</td>
                  <td>
                    {status === 'pending' ? (
                      <div className={styles.actions}>
                        <Button size="sm" onClick={() => setDecision({ kind: 'settle', item: w })} data-testid="withdrawal-settle">
                          Settle
                        </Button>
                        <Button
                          size="sm"
                          variant="secondary"
                          onClick={() => setDecision({ kind: 'reject', item: w })}
                          data-testid="withdrawal-reject"
                        >
                          Reject
                        </Button>
                      </div>
                    ) : (
                      <div>
                        <span className={`${styles.status} ${w.status === 'completed' ? styles.ok : styles.bad}`}>
                          {w.status === 'completed' ? 'Paid' : 'Rejected'}
                        </span>
                        <div className={styles.mono} title={w.reference ?? w.failureReason ?? ''}>
                          {w.reference ? short(w.reference) : w.failureReason}
                        </div>
                        <div className={styles.dim}>
                          {w.decidedBy ? `by ${w.decidedBy}` : ''} {when(w.updatedAt)}
                        </div>
                      </div>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {data && data.meta.totalPages > 1 ? <Pager page={page} totalPages={data.meta.totalPages} onPage={setPage} /> : null}
      <DecisionDialog decision={decision} onClose={() => setDecision(null)} />
    </>
  );
}
