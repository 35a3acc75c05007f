// Console section: operations view. Each projection's (and reactor's) checkpoint
// and lag, the oldest open transaction (it holds every log reader back) and the gateways' open
// connections: the figures `projections status` prints and /metrics exports, refreshed every 5 s
// (every second while a rebuild runs); admins rebuild a projection from here.
import { useSession } from '../../../api/session.ts';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { useQuery } from '../../../state/query.ts';
import { when, whole } from '../money/format.ts';
import styles from '../money/Money.module.css';
import { RebuildButton, RebuildList } from './RebuildPanel.tsx';
import { api } from '../../../api/api.generated.ts';

const noRoles: string[] = [];

const statusWords = { live: 'Live', catching_up: 'Catching up', stalled: 'Stalled' } as const;
const statusTone = { live: styles.ok, catching_up: styles.warn, stalled: styles.bad } as const;

export default function OperationsSection() {
  const { data } = useQuery(api.ops.status.path(), {
    refreshInterval: (d) => (d?.rebuilds.some((r) => r.status === 'requested' || r.status === 'running') ? 1000 : 5000),
    dedupingInterval: 0,
  });
  const isAdmin = useSession((s) => s.claims?.roles ?? noRoles).includes('ad');
  return (
    <>
      <PageHeader
        title="Operations"
        subtitle="Projection lag and status, the oldest open transaction, gateway connections (as `projections status` and /metrics)"
      />
      {data ? (
        <>
          <div className={styles.figures} data-testid="ops-figures">
            <div className={styles.figure}>
              <span className={styles.dim}>Log head</span>
              <strong>{data.headPosition}</strong>
            </div>
            <div className={styles.figure}>
              <span className={styles.dim}>Oldest open transaction</span>
              <strong className={data.oldestOpenTransactionSeconds > 10 ? styles.bad : undefined} data-testid="ops-oldest-transaction">
                {data.oldestOpenTransactionSeconds.toFixed(1)} s
              </strong>
            </div>
            <div className={styles.figure}>
              <span className={styles.dim}>Gateway connections</span>
              <strong data-testid="ops-connections">{whole(data.connections)}</strong>
            </div>
            <div className={styles.figure}>
              <span className={styles.dim}>Behind</span>
              <strong>
                {data.projections.filter((p) => p.status !== 'live').length} of {data.projections.length}
              </strong>
            </div>
          </div>
          <RebuildList rebuilds={data.rebuilds} />
          <div className={styles.scroll}>
            <table className={styles.table}>
              <thead>
                <tr>
                  <th>Projection</th>
                  <th>Status</th>
                  <th>Lag</th>
                  <th>Checkpoint</th>
                  <th>Moved</th>
                  {isAdmin ? <th /> : null}
                </tr>
              </thead>
              <tbody>
                {data.projections.map((p) => (
                  <tr key={p.name} data-testid="ops-projection" data-name={p.name}>
                    <td>
                      <strong>{p.name}</strong>
                    </td>
                    <td>
                      <span className={`${styles.status} ${statusTone[p.status]}`}>{statusWords[p.status]}</span>
                    </td>
                    <td>
                      {whole(p.lagEvents)} events
                      {p.lagEvents > 0 ? <div className={styles.dim}>{p.lagSeconds.toFixed(1)} s behind</div> : null}
                    </td>
                    <td className={styles.mono}>{p.checkpoint}</td>
                    <td className={styles.dim}>{p.updatedAt ? when(p.updatedAt) : '—'}</td>
                    {isAdmin ? (
                      <td>
                        <RebuildButton projection={p.name} />
                      </td>
                    ) : null}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div className={styles.scroll}>
            <table className={styles.table}>
              <thead>
                <tr>
                  <th>Gateway</th>
                  <th>Connections</th>
                  <th>Subscriptions</th>
                  <th>Last heartbeat</th>
                </tr>
              </thead>
              <tbody>
                {data.gateways.map((g) => (
                  <tr key={g.gatewayId} data-testid="ops-gateway">
                    <td className={styles.mono}>
                      {g.gatewayId}
                      <div>
                        {g.alive ? (
                          <span className={`${styles.status} ${styles.ok}`}>Alive</span>
                        ) : (
                          <span className={`${styles.status} ${styles.bad}`}>Silent</span>
                        )}
                      </div>
                    </td>
                    <td>{whole(g.connections)}</td>
                    <td>{whole(g.subscriptions)}</td>
                    <td className={styles.dim}>{when(g.seenAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      ) : null}
    </>
  );
}
