// Manual diamond grants: a form (user, amount, reason; one idempotency key per form, so a double
// click grants once) and the grants waiting for a second admin, who approves (and so mints) or rejects.
import { useState } from 'react';
import { moneyOperations } from '@murmur/contracts/money-operations';
import type { ApiResponse } from '@murmur/contracts/api-catalogue';
import { ApiCallError, newIdempotencyKey } from '../../../api/client.ts';
import { api } from '../../../api/api.generated.ts';
import { useSession } from '../../../api/session.ts';
import { Button } from '../../../components/Button.tsx';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { TextField } from '../../../components/Field.tsx';
import { refreshQueries, useQuery } from '../../../state/query.ts';
import { toast } from '../../../state/ui.ts';
import { when, whole } from './format.ts';
import styles from './Money.module.css';

type Grant = ApiResponse<'GET /console/grants'>['items'][number];

function GrantForm() {
  const [uid, setUid] = useState('');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [key, setKey] = useState(newIdempotencyKey);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    setBusy(true);
    setError(null);
    try {
      const answer = await api.console.requestGrant(
        { uid: uid.trim(), amount: Number(amount), reason },
        { quiet: true, idempotencyKey: key },
      );
      toast(
        answer.status === 'approved' ? `${whole(Number(amount))} diamonds granted.` : 'Grant requested: a second admin must approve it.',
        'success',
      );
      setUid('');
      setAmount('');
      setReason('');
      setKey(newIdempotencyKey());
      await refreshQueries('/console/grants');
    } catch (e) {
      setError(e instanceof ApiCallError ? e.message : 'Oops, something went wrong. Please try again.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      className={styles.form}
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      data-testid="grant-form"
    >
      <TextField id="grant-uid" label="User id" value={uid} onChange={(e) => setUid(e.target.value)} autoComplete="off" />
      <TextField
        id="grant-amount"
        label="Diamonds"
        inputMode="numeric"
        value={amount}
        onChange={(e) => setAmount(e.target.value.replace(/[^0-9]/g, ''))}
        hint={`Above ${whole(moneyOperations.grantApprovalThreshold)} a second admin approves`}
      />
      <TextField
        id="grant-reason"
        label="Reason"
        value={reason}
        maxLength={120}
        onChange={(e) => setReason(e.target.value)}
        error={error}
      />
      <Button type="submit" busy={busy} data-testid="grant-submit">
        Grant
      </Button>
    </form>
  );
}

export function GrantsPanel() {
  const me = useSession((s) => s.claims?.uid ?? null);
  const [status, setStatus] = useState<'pending' | 'approved' | 'rejected'>('pending');
  const { data } = useQuery(api.console.grants.path({ status, limit: 50 }), { refreshInterval: 15_000 });
  const decide = async (g: Grant, verb: 'approve' | 'reject') => {
    try {
      if (verb === 'approve') await api.console.approveGrant({ grantId: g.grantId });
      else {
        const reason = window.prompt('Why is this grant rejected?') ?? '';
        if (!reason) return;
        await api.console.rejectGrant({ grantId: g.grantId }, { reason });
      }
      toast(verb === 'approve' ? 'Grant approved and minted.' : 'Grant rejected.', 'success');
    } finally {
      await refreshQueries('/console/grants');
    }
  };
  return (
    <>
      <GrantForm />
      <div className={styles.toolbar}>
        <label className={styles.dim} htmlFor="grant-status">
          Show
        </label>
        <select id="grant-status" className={styles.select} value={status} onChange={(e) => setStatus(e.target.value as typeof status)}>
          <option value="pending">Waiting for approval</option>
          <option value="approved">Approved</option>
          <option value="rejected">Rejected</option>
        </select>
      </div>
      {data && data.items.length === 0 ? <EmptyState title={status === 'pending' ? 'No grant waits for approval' : 'None yet'} /> : null}
      {data && data.items.length > 0 ? (
        <div className={styles.scroll}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th>User</th>
                <th>Diamonds</th>
                <th>Reason</th>
                <th>Requested by</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {data.items.map((g) => (
                <tr key={g.grantId} data-testid="console-grant">
                  <td>
                    <strong>{g.user.username}</strong>
                    <div className={styles.dim}>{g.user.uid}</div>
                  </td>
                  <td>{whole(g.amount)}</td>
                  <td>{g.reason}</td>
                  <td>
                    {g.requestedBy.username}
                    <div className={styles.dim}>{when(g.requestedAt)}</div>
                  </td>
                  <td>
                    {g.status === 'pending' ? (
                      g.requestedBy.uid === me ? (
                        <span className={styles.dim}>Waiting for a second admin</span>
                      ) : (
                        <div className={styles.actions}>
                          <Button size="sm" onClick={() => void decide(g, 'approve')} data-testid="grant-approve">
                            Approve
                          </Button>
                          <Button size="sm" variant="secondary" onClick={() => void decide(g, 'reject')}>
                            Reject
                          </Button>
                        </div>
                      )
                    ) : (
                      <div>
                        <span className={`${styles.status} ${g.status === 'approved' ? styles.ok : styles.bad}`}>
                          {g.status === 'approved' ? 'Approved' : 'Rejected'}
                        </span>
                        <div className={styles.dim}>
                          {g.decidedBy ? `by ${g.decidedBy.username}` : ''}
                          {g.rejectReason ? `: ${g.rejectReason}` : ''}
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
    </>
  );
}
