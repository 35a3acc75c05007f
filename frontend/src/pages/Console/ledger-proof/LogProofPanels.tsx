// The proofs over the whole money log: the signed digests (each verified on the server: its Ed25519
// signature and its Merkle root against today's log) and the ledger audit's runs.
import type { DigestItem } from '@murmur/contracts/auditor';
import { useState } from 'react';
import { api } from '../../../api/api.generated.ts';
import { Button } from '../../../components/Button.tsx';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { Pager } from '../../../components/Pager.tsx';
import { useQuery } from '../../../state/query.ts';
import { when, whole } from '../money/format.ts';
import styles from '../money/Money.module.css';
import proof from './LedgerProof.module.css';

export function DigestsPanel() {
  const [page, setPage] = useState(1);
  const { data } = useQuery(api.ledgerProof.digests.path({ page, limit: 10 }));
  return (
    <>
      {data && data.items.length === 0 ? (
        <EmptyState title="No digest recorded yet">
          The projections worker records one a day; `audit --record-digest` records one now.
        </EmptyState>
      ) : null}
      <div className={proof.movements}>
        {data?.items.map((d) => (
          <Digest key={d.digestId} d={d} />
        ))}
      </div>
      {data && data.meta.totalPages > 1 ? <Pager page={page} totalPages={data.meta.totalPages} onPage={setPage} /> : null}
    </>
  );
}

function Digest({ d }: { d: DigestItem }) {
  const [busy, setBusy] = useState(false);
  const [check, setCheck] = useState<{ ok: boolean; problems: string[] } | null>(null);
  const verify = async () => {
    setBusy(true);
    try {
      const c = await api.ledgerProof.checkDigest({ digestId: d.digestId });
      setCheck({ ok: c.signatureOk && c.rootOk, problems: c.problems });
    } finally {
      setBusy(false);
    }
  };
  return (
    <article className={proof.movement} data-testid="digest">
      <header className={proof.movementHead}>
        <strong>{d.digestId}</strong>
        <span className={styles.dim}>
          {when(d.recordedAt)} · {d.by === 'daily' ? 'daily' : 'command line'} · {whole(d.streams)} money streams
        </span>
      </header>
      <dl className={proof.hashes}>
        <dt>Up to (point)</dt>
        <dd className={styles.mono}>{d.upTo}</dd>
        <dt>Merkle root</dt>
        <dd className={styles.mono}>{d.root}</dd>
        <dt>Signature (Ed25519)</dt>
        <dd className={styles.mono}>{d.signature}</dd>
        <dt>Public key (SPKI)</dt>
        <dd className={styles.mono}>{d.publicKey}</dd>
      </dl>
      <div className={styles.toolbar}>
        <Button size="sm" variant="secondary" busy={busy} onClick={() => void verify()} data-testid="verify-digest">
          Verify
        </Button>
        {check ? (
          <span className={`${styles.status} ${check.ok ? styles.ok : styles.bad}`} data-testid="digest-verdict" data-ok={check.ok}>
            {check.ok ? 'Signature valid, root matches the log' : 'Does not hold'}
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

export function AuditRunsPanel() {
  const [page, setPage] = useState(1);
  const { data } = useQuery(api.ledgerProof.audits.path({ page, limit: 20 }), { refreshInterval: 30_000 });
  return (
    <>
      {data && data.items.length === 0 ? <EmptyState title="The ledger has not been audited yet" /> : null}
      {data && data.items.length > 0 ? (
        <div className={styles.scroll}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th>Run</th>
                <th>Verdict</th>
                <th>Events</th>
                <th>Asked</th>
              </tr>
            </thead>
            <tbody>
              {data.items.map((r) => (
                <tr key={r.auditId} data-testid="audit-run">
                  <td>
                    <div className={styles.mono}>{r.auditId}</div>
                    {r.lastPosition ? <div className={styles.dim}>up to position {r.lastPosition}</div> : null}
                  </td>
                  <td>
                    {r.status === 'requested' ? (
                      <span className={`${styles.status} ${styles.warn}`}>Waiting for the worker</span>
                    ) : (
                      <span className={`${styles.status} ${r.ok ? styles.ok : styles.bad}`}>
                        {r.ok ? 'Ledger OK' : `${r.differenceCount ?? 0} difference(s)`}
                      </span>
                    )}
                    {r.differences.length > 0 ? (
                      <ul className={styles.list}>
                        {r.differences.map((d) => (
                          <li key={d}>{d}</li>
                        ))}
                      </ul>
                    ) : null}
                  </td>
                  <td>{r.events === null ? '…' : whole(r.events)}</td>
                  <td>
                    {when(r.auditedAt ?? r.requestedAt)}
                    <div className={styles.dim}>{r.requestedBy ? `by ${r.requestedBy}` : 'command line'}</div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {data && data.meta.totalPages > 1 ? <Pager page={page} totalPages={data.meta.totalPages} onPage={setPage} /> : null}
    </>
  );
}
