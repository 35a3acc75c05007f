// Console section: agencies. Every agency, the unverified first, with its owner
// and host count; verify one with a note (kept in the audit trail); open one to see its roster
// (each host's charm since the last settlement) and its settled periods with what was paid.
import type { ConsoleAgencyItem } from '@murmur/contracts/guild';
import { useState } from 'react';
import { ApiCallError } from '../../../api/client.ts';
import { Button } from '../../../components/Button.tsx';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { PageLoading } from '../../../components/PageLoading.tsx';
import { Pager } from '../../../components/Pager.tsx';
import { toast } from '../../../state/ui.ts';
import { useAgencies, useAgency, useAgencySettlements, verifyAgency } from '../consoleApi.ts';
import styles from '../Console.parts.module.css';
import tables from '../money/Money.module.css';

const day = (iso: string) => new Date(iso).toLocaleDateString();
const charm = (n: number) => n.toLocaleString(undefined, { maximumFractionDigits: 2 });

function VerifyForm({ agencyId }: { agencyId: string }) {
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const verify = async () => {
    setBusy(true);
    setError(null);
    try {
      await verifyAgency(agencyId, note.trim());
      toast('Agency verified.', 'success');
    } catch (e) {
      setError(e instanceof ApiCallError ? e.message : 'Something went wrong.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <div className={styles.row}>
        <input
          className={styles.input}
          value={note}
          maxLength={120}
          onChange={(e) => {
            setNote(e.target.value);
            setError(null);
          }}
          placeholder="Note (kept in the audit trail)"
          aria-label="Note"
          data-testid="verify-note"
        />
        <Button size="sm" busy={busy} onClick={() => void verify()} data-testid="verify-agency">
          Verify
        </Button>
      </div>
      {error ? (
        <p className={styles.error} role="alert" data-testid="verify-error">
          {error}
        </p>
      ) : null}
    </>
  );
}

function AgencyDetail({ agencyId }: { agencyId: string }) {
  const { data: agency } = useAgency(agencyId);
  const [page, setPage] = useState(1);
  const { data: settlements } = useAgencySettlements(agencyId, page);
  if (!agency) return <PageLoading />;
  return (
    <div className={styles.stack} data-testid="agency-detail">
      <h4>Roster ({agency.roster.length})</h4>
      {agency.roster.length === 0 ? (
        <p className={styles.faint}>No hosts yet.</p>
      ) : (
        <div className={tables.scroll}>
          <table className={tables.table} data-testid="agency-roster">
            <thead>
              <tr>
                <th>Host</th>
                <th>Joined</th>
                <th>Charm since last settlement</th>
                <th>Hosts' share</th>
              </tr>
            </thead>
            <tbody>
              {agency.roster.map((h) => (
                <tr key={h.uid} data-testid="roster-host">
                  <td>{h.username}</td>
                  <td>{day(h.joinedAt)}</td>
                  <td>{charm(h.unsettledCharm)}</td>
                  <td>{charm(h.unsettledHostCharm)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <h4>Settlements</h4>
      {!settlements ? (
        <PageLoading />
      ) : settlements.items.length === 0 ? (
        <p className={styles.faint}>No settled periods yet.</p>
      ) : (
        <>
          <div className={tables.scroll}>
            <table className={tables.table} data-testid="agency-settlements">
              <thead>
                <tr>
                  <th>Period</th>
                  <th>Receipts</th>
                  <th>Charm</th>
                  <th>To settle</th>
                  <th>Paid</th>
                  <th>Status</th>
                </tr>
              </thead>
              <tbody>
                {settlements.items.map((s) => (
                  <tr key={s.settlementId} data-testid="settlement-row">
                    <td>
                      {day(s.periodStart)} – {day(s.periodEnd)}
                    </td>
                    <td>{s.receiptCount}</td>
                    <td>{charm(s.charmTotal)}</td>
                    <td>{charm(s.amountToSettle)}</td>
                    <td>{charm(s.paidCharm)}</td>
                    <td>
                      <span className={`${styles.badge} ${s.status === 'paid' ? styles.good : styles.warn}`}>
                        {s.status.replace('_', ' ')}
                      </span>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager page={page} totalPages={settlements.meta.totalPages} onPage={setPage} />
        </>
      )}
    </div>
  );
}

function AgencyCard({ agency }: { agency: ConsoleAgencyItem }) {
  const [open, setOpen] = useState(false);
  return (
    <article className={styles.card} data-testid="console-agency" data-agency-id={agency.agencyId}>
      <div className={styles.spread}>
        <div>
          <h3>
            {agency.name} <span className={styles.faint}>({agency.agencyId})</span>
          </h3>
          <p className={styles.faint}>
            owner {agency.owner.username} · {agency.hostCount} hosts · guild {agency.guildSharePct}% / hosts {agency.hostSharePct}% · since{' '}
            {day(agency.createdAt)}
          </p>
        </div>
        {agency.verifiedAt ? (
          <span className={`${styles.badge} ${styles.good}`} data-testid="agency-verified">
            Verified {day(agency.verifiedAt)}
          </span>
        ) : (
          <span className={`${styles.badge} ${styles.warn}`} data-testid="agency-unverified">
            Not verified
          </span>
        )}
      </div>
      {agency.verifiedAt ? null : <VerifyForm agencyId={agency.agencyId} />}
      <Button size="sm" variant="ghost" onClick={() => setOpen(!open)} data-testid="open-agency">
        {open ? 'Hide roster and settlements' : 'Roster and settlements'}
      </Button>
      {open ? <AgencyDetail agencyId={agency.agencyId} /> : null}
    </article>
  );
}

export default function AgenciesSection() {
  const [page, setPage] = useState(1);
  const { data, error } = useAgencies(page);
  return (
    <>
      <PageHeader title="Agencies" subtitle="Verify agencies; see each one's roster and settlements. The unverified first." />
      {error ? (
        <EmptyState title="Could not load agencies" />
      ) : !data ? (
        <PageLoading />
      ) : data.items.length === 0 ? (
        <EmptyState icon="🏢" title="No agencies yet" />
      ) : (
        <div className={styles.stack}>
          {data.items.map((a) => (
            <AgencyCard key={a.agencyId} agency={a} />
          ))}
          <Pager page={page} totalPages={data.meta.totalPages} onPage={setPage} />
        </div>
      )}
    </>
  );
}
