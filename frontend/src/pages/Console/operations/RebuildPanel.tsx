// The operations view's rebuilds: an admin starts the rebuild of a projection (the same rebuild as
// `npm run projections -- rebuild NAME`, run by the projections worker) and follows its progress;
// the latest rebuilds with their outcome. Devs see them without the button (the route is ad only).
import { rebuildableProjections, type RebuildStatusItem } from '@murmur/contracts/operations-view';
import { useState } from 'react';
import { ApiCallError } from '../../../api/client.ts';
import { api } from '../../../api/api.generated.ts';
import { Button } from '../../../components/Button.tsx';
import { refreshQueries } from '../../../state/query.ts';
import { toast } from '../../../state/ui.ts';
import { when, whole } from '../money/format.ts';
import styles from '../money/Money.module.css';

const words = { requested: 'Waiting for the worker', running: 'Running', completed: 'Done', failed: 'Failed' } as const;
const tones = { requested: styles.warn, running: styles.warn, completed: styles.ok, failed: styles.bad } as const;

/** How far a running rebuild is, as a percentage of the log head it aims at. */
export function rebuildPercent(r: Pick<RebuildStatusItem, 'status' | 'position' | 'head'>): number | null {
  if (r.status === 'completed') return 100;
  if (!r.position || !r.head || r.head === '0') return null;
  return Math.min(100, Math.floor((Number(r.position) / Number(r.head)) * 100));
}

export function RebuildButton({ projection }: { projection: string }) {
  const [busy, setBusy] = useState(false);
  if (!(rebuildableProjections as readonly string[]).includes(projection)) return null;
  const rebuild = async () => {
    setBusy(true);
    try {
      await api.ops.rebuild({ projection }, { quiet: true });
      toast(`Rebuild of ${projection} asked for: the projections worker runs it.`, 'success');
      await refreshQueries('/console/ops/status');
    } catch (e) {
      toast(e instanceof ApiCallError ? e.message : 'Something went wrong.', 'error');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button size="sm" variant="secondary" busy={busy} onClick={() => void rebuild()} data-testid="rebuild-projection">
      Rebuild
    </Button>
  );
}

export function RebuildList({ rebuilds }: { rebuilds: RebuildStatusItem[] }) {
  if (rebuilds.length === 0) return null;
  return (
    <div className={styles.scroll}>
      <table className={styles.table} data-testid="ops-rebuilds">
        <thead>
          <tr>
            <th>Rebuild</th>
            <th>Status</th>
            <th>Progress</th>
            <th>Asked by</th>
            <th>Finished</th>
          </tr>
        </thead>
        <tbody>
          {rebuilds.map((r) => {
            const percent = rebuildPercent(r);
            return (
              <tr key={r.rebuildId} data-testid="ops-rebuild" data-status={r.status}>
                <td>
                  <strong>{r.projection}</strong>
                  <div className={styles.dim}>{when(r.requestedAt)}</div>
                </td>
                <td>
                  <span className={`${styles.status} ${tones[r.status]}`}>{words[r.status]}</span>
                  {r.error ? <div className={styles.dim}>{r.error}</div> : null}
                </td>
                <td>
                  {percent === null ? (
                    '—'
                  ) : (
                    <progress max={100} value={percent} aria-label={`${r.projection} rebuild`} data-testid="rebuild-progress" />
                  )}
                  <div className={styles.dim}>
                    {whole(r.events)} events{percent !== null ? ` · ${percent}%` : ''}
                  </div>
                </td>
                <td className={styles.mono}>{r.requestedBy}</td>
                <td className={styles.dim}>{r.finishedAt ? when(r.finishedAt) : '—'}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
