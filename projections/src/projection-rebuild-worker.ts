// Answers the operators' console's "rebuild this projection" (a ProjectionRebuildRequested event,
// projected into rm.projection_rebuilds): runs the same rebuild as `projections rebuild NAME`,
// keeps its progress in projection_rebuild_progress (beside the log: progress is not a fact worth an
// event) and records ProjectionRebuilt, completed or failed, under the request's id. A poller, one
// request at a time; an advisory lock keeps two workers from running the same one, and the rebuild
// itself takes the projection's own lock (the poller: open-request-worker.ts).
import { streamIds, type ProjectionRebuildEvent } from '@murmur/contracts';
import type { PostgresEventStore } from '@murmur/eventstore';
import type pg from 'pg';
import { rebuildProjection, type RebuildProgress } from './rebuild.ts';
import { projectors as registry } from './registry.ts';
import type { Projector } from './projector.ts';
import { OpenRequestWorker, type OpenRequestWorkerOptions } from './open-request-worker.ts';

const progressTable = `create table if not exists projection_rebuild_progress (
  rebuild_id text primary key, events bigint not null, position bigint not null, head bigint not null, updated_at timestamptz not null default now())`;

type RebuildRequest = { rebuild_id: string; projection: string };

export class ProjectionRebuildWorker extends OpenRequestWorker<RebuildRequest> {
  constructor(
    pool: pg.Pool,
    private readonly store: PostgresEventStore,
    private readonly options: OpenRequestWorkerOptions & { projectors?: Projector[]; batchSize?: number } = {},
  ) {
    super(pool, options);
  }

  protected async openRequests(): Promise<RebuildRequest[]> {
    return (
      await this.pool.query<RebuildRequest>(
        `select rebuild_id, projection from rm.projection_rebuilds where status = 'requested' order by requested_at`,
      )
    ).rows;
  }

  protected lockKey(request: RebuildRequest): string {
    return `murmur-rebuild-request:${request.rebuild_id}`;
  }

  /** Asks the log itself: the answer of another worker may not be projected yet. */
  protected async stillOpen(request: RebuildRequest): Promise<boolean> {
    const stream = await this.store.readStream(streamIds.projectionRebuild(request.projection));
    return !stream.events.some((e) => e.type === 'ProjectionRebuilt' && e.data.rebuildId === request.rebuild_id);
  }

  protected answer(request: RebuildRequest): Promise<void> {
    return this.run(request.rebuild_id, request.projection);
  }

  private async run(rebuildId: string, name: string): Promise<void> {
    await this.pool.query(progressTable);
    let saved: Promise<unknown> = Promise.resolve();
    const save = (p: RebuildProgress) => {
      saved = saved
        .then(() =>
          this.pool.query(
            `insert into projection_rebuild_progress (rebuild_id, events, position, head) values ($1, $2, $3, $4)
         on conflict (rebuild_id) do update set events = excluded.events, position = excluded.position, head = excluded.head, updated_at = now()`,
            [rebuildId, p.events, p.position.toString(), p.head.toString()],
          ),
        )
        .catch(() => undefined);
    };
    const projector = (this.options.projectors ?? registry).find((p) => p.name === name);
    let outcome: { status: 'completed' | 'failed'; events: number; error: string | null };
    if (!projector) {
      outcome = { status: 'failed', events: 0, error: `There is no projection named ${name}.` };
    } else {
      try {
        const result = await rebuildProjection(this.pool, projector, { onProgress: save, batchSize: this.options.batchSize });
        outcome = { status: 'completed', events: result.events, error: null };
      } catch (error) {
        outcome = { status: 'failed', events: 0, error: (error instanceof Error ? error.message : String(error)).slice(0, 500) };
      }
    }
    await saved;
    const event: ProjectionRebuildEvent = {
      type: 'ProjectionRebuilt',
      data: { rebuildId, projection: name, ...outcome, finishedAt: new Date().toISOString() },
    };
    await this.store.append(streamIds.projectionRebuild(name), [{ ...event, metadata: { idempotencyKey: `rebuilt:${rebuildId}` } }], {
      expectedVersion: 'any',
    });
  }
}
