// The ledger audit's latest verdict (the same replay as `projections audit`) and a button asking
// the projections worker for a fresh run; the answer arrives within seconds.
import { useState } from 'react';
import { api } from '../../../api/api.generated.ts';
import { Button } from '../../../components/Button.tsx';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { useQuery } from '../../../state/query.ts';
import { toast } from '../../../state/ui.ts';
import { usd, when, whole } from './format.ts';
import styles from './Money.module.css';

export function LedgerAuditPanel() {
  const [busy, setBusy] = useState(false);
  const { data, mutate } = useQuery(api.console.ledgerAudit.path(), {
    refreshInterval: (d) => (d?.pendingSince ? 2000 : 30_000),
  });
  const run = async () => {
    setBusy(true);
    try {
      await api.console.runLedgerAudit();
      toast('Audit requested.', 'info');
      await mutate();
    } finally {
      setBusy(false);
    }
  };
  const latest = data?.latest ?? null;
  return (
    <>
      <div className={styles.toolbar}>
        <Button onClick={() => void run()} busy={busy || Boolean(data?.pendingSince)} data-testid="audit-run">
          {data?.pendingSince ? 'Auditing…' : 'Run the audit now'}
        </Button>
        {latest ? (
          <span className={styles.dim}>
            Last run {when(latest.auditedAt)}
            {latest.requestedBy ? ` by ${latest.requestedBy.username}` : ' (command line)'}
          </span>
        ) : null}
      </div>
      {data && !latest ? <EmptyState title="The ledger has not been audited yet" /> : null}
      {latest ? (
        <div data-testid="audit-latest" data-ok={latest.ok}>
          <p>
            <span className={`${styles.status} ${latest.ok ? styles.ok : styles.bad}`}>
              {latest.ok ? 'Ledger OK' : `${latest.differenceCount} difference(s)`}
            </span>{' '}
            <span className={styles.dim}>
              over {whole(latest.events)} money events up to position {latest.lastPosition}
            </span>
          </p>
          <div className={styles.figures}>
            <div className={styles.figure}>
              <span className={styles.dim}>Diamonds minted</span>
              <strong>{whole(latest.totals.DMND.minted)}</strong>
            </div>
            <div className={styles.figure}>
              <span className={styles.dim}>Diamonds spent</span>
              <strong>{whole(latest.totals.DMND.spent)}</strong>
            </div>
            <div className={styles.figure}>
              <span className={styles.dim}>Diamond balances</span>
              <strong>{whole(latest.totals.DMND.balances)}</strong>
            </div>
            <div className={styles.figure}>
              <span className={styles.dim}>Charm credited</span>
              <strong>{whole(latest.totals.CHRM.credited)}</strong>
            </div>
            <div className={styles.figure}>
              <span className={styles.dim}>Charm withdrawn</span>
              <strong>{whole(latest.totals.CHRM.withdrawn)}</strong>
            </div>
            <div className={styles.figure}>
              <span className={styles.dim}>Payments confirmed</span>
              <strong>{usd(latest.totals.USD.confirmedCents)}</strong>
            </div>
            {/* Of those, what was charged in another currency (e-wallets in PHP, TON), in its own units. */}
            {Object.entries(latest.totals.charged ?? {}).map(([currency, t]) => (
              <div key={currency} className={styles.figure} data-testid={`audit-charged-${currency}`}>
                <span className={styles.dim}>
                  Charged in {currency} ({whole(t.payments)})
                </span>
                <strong>{chargedAmount(currency, t.amount)}</strong>
              </div>
            ))}
          </div>
          {latest.differences.length > 0 ? (
            <ul className={styles.list}>
              {latest.differences.map((d) => (
                <li key={d} className={styles.bad}>
                  {d}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
    </>
  );
}

/** Smallest units to the currency's own: PHP centavos to pesos, TON nanotons to TON. */
function chargedAmount(currency: string, smallest: string): string {
  const places = currency === 'TON' ? 9 : 2;
  const n = BigInt(smallest);
  const unit = 10n ** BigInt(places);
  const fraction = String(n % unit)
    .padStart(places, '0')
    .replace(/0+$/, '');
  const units = (n / unit).toLocaleString('en-US');
  return `${currency === 'PHP' ? '₱' : ''}${units}${fraction ? `.${currency === 'PHP' ? fraction.padEnd(2, '0') : fraction}` : ''}${currency === 'TON' ? ' TON' : ''}`;
}
