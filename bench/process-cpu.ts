// CPU time of processes from /proc, for the stack bench's CPU per call: one process (a service, the
// edge, the load client), the local PostgreSQL server's processes split by the service each backend
// serves (pg_stat_activity.application_name), and the whole machine (/proc/stat). Linux only.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import type pg from 'pg';

const TICKS = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;

interface ProcStat {
  ppid: number;
  /** Start time since boot, in ticks: with the pid, names one process even if the pid is reused. */
  start: string;
  /** User plus system CPU of the process itself, in ms. */
  own: number;
  /** User plus system CPU of its children it has waited for (PostgreSQL backends that ended), in ms. */
  reaped: number;
}

function procStat(pid: number): ProcStat | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces), from field 3 (state) on: proc(5).
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return {
      ppid: Number(f[1]),
      start: f[19]!,
      own: ((Number(f[11]) + Number(f[12])) * 1000) / TICKS,
      reaped: ((Number(f[13]) + Number(f[14])) * 1000) / TICKS,
    };
  } catch {
    return undefined;
  }
}

/** User plus system CPU of a process so far, in ms (0 once it is gone). */
export function cpuMs(pid: number): number {
  return procStat(pid)?.own ?? 0;
}

/** Busy CPU of the whole machine so far (every core, every process: all but idle and iowait), in ms. */
export function machineBusyMs(): number {
  const [, ...ticks] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/);
  const n = ticks.map(Number);
  const total = n.slice(0, 8).reduce((a, b) => a + b, 0);
  return ((total - n[3]! - n[4]!) * 1000) / TICKS;
}

/** Where a PostgreSQL process's CPU is counted. */
export const SERVER_PROCESSES = 'server processes';
export const OTHER_DATABASES = 'other databases';

interface PostgresSample {
  postmaster: ProcStat;
  /** `pid:start` -> its group and CPU (ms). */
  processes: Map<string, { group: string; cpu: number }>;
}

/**
 * Samples the CPU of every process of the PostgreSQL server `pool` talks to, when that server runs on
 * this machine. Client backends of `database` count for the group `groupOf(application_name)` names;
 * client backends of other databases (other work on a shared server) for OTHER_DATABASES; the
 * postmaster, WAL writer, checkpointer, background writer, autovacuum and the like for SERVER_PROCESSES.
 */
export class PostgresCpu {
  private constructor(
    private readonly pool: pg.Pool,
    private readonly database: string,
    private readonly postmasterPid: number,
    private readonly groupOf: (applicationName: string) => string,
  ) {}

  /** Undefined when the server is not a local process this one can read (a remote DATABASE_URL). */
  static async of(pool: pg.Pool, groupOf: (applicationName: string) => string): Promise<PostgresCpu | undefined> {
    const { rows } = await pool.query<{ pid: number; db: string }>('select pg_backend_pid() as pid, current_database() as db');
    const backend = procStat(rows[0]!.pid);
    let comm = '';
    try {
      comm = readFileSync(`/proc/${rows[0]!.pid}/comm`, 'utf8').trim();
    } catch {
      return undefined;
    }
    if (!backend || comm !== 'postgres' || !procStat(backend.ppid)) return undefined;
    return new PostgresCpu(pool, rows[0]!.db, backend.ppid, groupOf);
  }

  async sample(): Promise<PostgresSample> {
    const found: Array<[pid: number, stat: ProcStat]> = [];
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      const stat = procStat(Number(entry));
      if (stat?.ppid === this.postmasterPid) found.push([Number(entry), stat]);
    }
    // Asked after the scan, so every backend found is in it (unless it ended since); the processes
    // pg_stat_activity does not list (logger, archiver) are the server's own.
    const { rows } = await this.pool.query<{ pid: number; app: string; type: string; db: string | null }>(
      `select pid, coalesce(application_name, '') as app, backend_type as type, datname as db from pg_stat_activity`,
    );
    const groups = new Map(
      rows.map((r) => [
        r.pid,
        r.type !== 'client backend' ? SERVER_PROCESSES : r.db === this.database ? this.groupOf(r.app) : OTHER_DATABASES,
      ]),
    );
    const processes = new Map<string, { group: string; cpu: number }>();
    for (const [pid, stat] of found) processes.set(`${pid}:${stat.start}`, { group: groups.get(pid) ?? SERVER_PROCESSES, cpu: stat.own });
    const postmaster = procStat(this.postmasterPid);
    if (!postmaster) throw new Error('the PostgreSQL server stopped');
    return { postmaster, processes };
  }

  /**
   * CPU (ms) between two samples: per group, of the processes present at both; and 'all', every
   * process of the server including the postmaster and the backends that came and went (those that
   * ended are in the postmaster's reaped children's CPU).
   */
  static between(before: PostgresSample, after: PostgresSample): { groups: Map<string, number>; all: number } {
    const groups = new Map<string, number>();
    let all = after.postmaster.own - before.postmaster.own + (after.postmaster.reaped - before.postmaster.reaped);
    for (const [key, b] of before.processes) {
      const a = after.processes.get(key);
      if (a) {
        groups.set(b.group, (groups.get(b.group) ?? 0) + a.cpu - b.cpu);
        all += a.cpu - b.cpu;
      } else {
        // Ended during the round: the reaped CPU above holds its whole life, this its part before.
        all -= b.cpu;
      }
    }
    for (const [key, a] of after.processes) if (!before.processes.has(key)) all += a.cpu;
    return { groups, all };
  }
}
