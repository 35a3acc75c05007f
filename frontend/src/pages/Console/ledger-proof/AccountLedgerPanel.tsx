// An account's money movements (wallet and earnings streams) with each one's proof: its hash, the
// previous hash, its neighbours, and a Verify that recomputes the hash in the browser. The account
// is in the URL (`/console/ledger-proof/accounts/{uid}`); its whole ledger downloads as JSON lines or CSV.
import type { LedgerMovement } from '@murmur/contracts/auditor';
import { useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router';
import { api } from '../../../api/api.generated.ts';
import { Button } from '../../../components/Button.tsx';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { TextField } from '../../../components/Field.tsx';
import { Pager } from '../../../components/Pager.tsx';
import { useQuery } from '../../../state/query.ts';
import { when } from '../money/format.ts';
import styles from '../money/Money.module.css';
import { checkMovementProof, type ProofCheck } from './movement-proof.ts';
import { saveExport } from './save-export.ts';
import proof from './LedgerProof.module.css';

export function AccountLedgerPanel() {
  const { '*': rest = '' } = useParams();
  const uid = decodeURIComponent(rest.replace(/^accounts\/?/, ''));
  const navigate = useNavigate();
  const [draft, setDraft] = useState(uid);
  const open = (e: FormEvent) => {
    e.preventDefault();
    if (draft.trim()) void navigate(`/console/ledger-proof/accounts/${encodeURIComponent(draft.trim())}`);
  };
  return (
    <>
      <form className={proof.lookup} onSubmit={open}>
        <TextField
          id="ledger-uid"
          label="Account (user id)"
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          placeholder="e.g. 9f1c…"
        />
        <Button type="submit" data-testid="ledger-open">
          Open ledger
        </Button>
      </form>
      {uid ? <AccountLedger key={uid} uid={uid} /> : <EmptyState title="Enter an account's user id to see its ledger" />}
    </>
  );
}

function AccountLedger({ uid }: { uid: string }) {
  const [page, setPage] = useState(1);
  const [busy, setBusy] = useState<'jsonl' | 'csv' | null>(null);
  const { data } = useQuery(api.ledgerProof.account.path({ uid }, { page, limit: 50 }));
  const download = async (format: 'jsonl' | 'csv') => {
    setBusy(format);
    try {
      const text = await api.ledgerProof.accountExport({ uid }, { format });
      saveExport(String(text ?? ''), `ledger-${uid}.${format}`, format);
    } finally {
      setBusy(null);
    }
  };
  return (
    <div data-testid="account-ledger">
      <div className={styles.toolbar}>
        <span className={styles.dim}>
          {data
            ? data.streams.map((s) => `${s.streamId}: ${s.version} event(s)`).join(' · ') || 'No money stream for this account'
            : 'Loading…'}
        </span>
        <Button variant="secondary" size="sm" busy={busy === 'jsonl'} onClick={() => void download('jsonl')} data-testid="export-jsonl">
          Export JSON lines
        </Button>
        <Button variant="secondary" size="sm" busy={busy === 'csv'} onClick={() => void download('csv')} data-testid="export-csv">
          Export CSV
        </Button>
      </div>
      {data && data.items.length === 0 ? <EmptyState title="This account has no money movement" /> : null}
      <div className={proof.movements}>
        {data?.items.map((m) => (
          <Movement key={`${m.streamId}@${m.version}`} m={m} />
        ))}
      </div>
      {data && data.meta.totalPages > 1 ? <Pager page={page} totalPages={data.meta.totalPages} onPage={setPage} /> : null}
    </div>
  );
}

function Movement({ m }: { m: LedgerMovement }) {
  const [check, setCheck] = useState<ProofCheck | null>(null);
  const amount = (m.data as { amount?: unknown } | null)?.amount;
  return (
    <article className={proof.movement} data-testid="movement" data-stream={m.streamId} data-version={m.version}>
      <header className={proof.movementHead}>
        <strong>{m.type}</strong>
        {typeof amount === 'number' ? <span className={proof.amount}>{amount.toLocaleString('en-US')}</span> : null}
        <span className={styles.dim}>
          {m.streamId} · version {m.version} · {when(m.recordedAt)}
        </span>
      </header>
      <dl className={proof.hashes}>
        <dt>Hash</dt>
        <dd className={styles.mono}>{m.hash ?? 'none'}</dd>
        <dt>Previous hash</dt>
        <dd className={styles.mono}>{m.prevHash ?? 'none'}</dd>
        <dt>Before it</dt>
        <dd className={styles.mono}>
          {m.previous ? `version ${m.previous.version}: ${m.previous.hash ?? 'none'}` : 'first event of the stream'}
        </dd>
        <dt>After it</dt>
        <dd className={styles.mono}>
          {m.next ? `version ${m.next.version}, previous hash ${m.next.prevHash ?? 'none'}` : 'head of the stream'}
        </dd>
        <dt>Position</dt>
        <dd className={styles.mono}>{m.position}</dd>
      </dl>
      <details className={proof.event}>
        <summary>The event</summary>
        <pre className={styles.mono}>{JSON.stringify(m.data, null, 2)}</pre>
      </details>
      <div className={styles.toolbar}>
        <Button size="sm" variant="secondary" onClick={() => void checkMovementProof(m).then(setCheck)} data-testid="verify-movement">
          Verify
        </Button>
        {check ? (
          <span className={`${styles.status} ${check.ok ? styles.ok : styles.bad}`} data-testid="proof-verdict" data-ok={check.ok}>
            {check.ok ? 'Proof holds: hash recomputed, both links match' : 'Broken'}
          </span>
        ) : null}
      </div>
      {check && !check.ok ? (
        <ul className={styles.list}>
          {check.problems.map((p) => (
            <li key={p} className={styles.bad}>
              {p}
            </li>
          ))}
        </ul>
      ) : null}
    </article>
  );
}
