// Shares the projector lanes between the projections processes running on one database
// (docs/decisions/operations.md, "Projections in several processes"): each process is a member
// through a shared advisory lock held on a connection of its own, so every process sees how many
// are alive; a lane is held through its subscription's session lock, and a process takes lanes
// only up to its fair share (lanes / members, rounded up) and lets go of the ones past it when
// another member joins. A member that dies loses its locks with its connections, and the others
// take its lanes. Advisory locks are keyed by database but pg_locks shows the whole server's, so
// the count keeps to this database: another deployment on the same server is not a member.
import type { LeasePolicy } from '@murmur/eventstore';
import type pg from 'pg';

/** The shared lock every live projections process holds (two-key form: classid, objid in pg_locks). */
const MEMBERS = 'murmur-projections-members';

export interface LaneLeasesOptions {
  /** How often the members are counted again. */
  refreshMs?: number;
  onError?: (error: unknown) => void;
}

export class LaneLeases {
  /** Live projections processes, this one included, as last counted. */
  members = 1;
  private readonly held = new Set<number>();
  private client: pg.PoolClient | null = null;
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;

  constructor(
    private readonly pool: pg.Pool,
    readonly lanes: number,
    private readonly options: LaneLeasesOptions = {},
  ) {}

  /** Becomes a member and counts the members, then again every `refreshMs`. */
  async join(): Promise<void> {
    await this.refresh();
    const tick = () => {
      this.timer = setTimeout(() => {
        void this.refresh()
          .catch((error) => this.options.onError?.(error))
          .finally(() => {
            if (!this.stopped) tick();
          });
      }, this.options.refreshMs ?? 250);
      this.timer.unref();
    };
    tick();
  }

  /** How many lanes this process should hold. */
  get share(): number {
    return Math.ceil(this.lanes / Math.max(1, this.members));
  }

  /** The lanes this process holds now. */
  heldLanes(): number[] {
    return [...this.held].sort((a, b) => a - b);
  }

  /** The policy of lane `lane`: take it while under the share; past the share, the highest lanes go. */
  policy(lane: number, onChange?: (held: boolean) => void | Promise<void>): LeasePolicy {
    return {
      wanted: (holding) => (holding ? this.heldLanes().indexOf(lane) < this.share : this.held.size < this.share),
      changed: async (held) => {
        if (held) this.held.add(lane);
        else this.held.delete(lane);
        await onChange?.(held);
      },
    };
  }

  private async refresh(): Promise<void> {
    if (this.stopped) return;
    if (!this.client) {
      const client = await this.pool.connect();
      // The membership connection stays checked out; if the server drops it, join again next time.
      const onError = () => {
        if (this.client !== client) return;
        this.client = null;
        client.release(true);
      };
      client.on('error', onError);
      try {
        await client.query('select pg_advisory_lock_shared(hashtext($1), 0)', [MEMBERS]);
      } catch (error) {
        client.off('error', onError);
        client.release(true);
        throw error;
      }
      this.client = client;
    }
    const { rows } = await this.client.query<{ n: number }>(
      `select count(*)::int as n from pg_locks
        where locktype = 'advisory' and granted and objsubid = 2 and classid = hashtext($1)::oid and objid = 0
          and database = (select oid from pg_database where datname = current_database())`,
      [MEMBERS],
    );
    this.members = Math.max(1, rows[0]?.n ?? 1);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    const client = this.client;
    this.client = null;
    if (client) {
      await client.query('select pg_advisory_unlock_shared(hashtext($1), 0)', [MEMBERS]).catch(() => undefined);
      client.release();
    }
  }
}
