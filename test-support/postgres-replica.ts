// A real primary and a real streaming standby (pg_basebackup -R) from the machine's PostgreSQL binaries,
// in a temp folder of their own, on free ports, for tests and the scale demo. Nothing outside that folder
// is touched: no Unix socket (TCP on 127.0.0.1 only), no cluster of the machine's. As root the servers run
// as the `postgres` user, who owns only that folder.
import { execFileSync, spawn } from 'node:child_process';
import { appendFileSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from './free-port.ts';

export interface ReplicatedPostgres {
  /** Maintenance-database URLs of each server. */
  primaryUrl: string;
  replicaUrl: string;
  /** A database's URL on either server. */
  urlOf(server: 'primary' | 'replica', database: string): string;
  /** Stops the primary at once (`pg_ctl -m immediate`: no checkpoint, every connection cut). */
  killPrimary(): Promise<void>;
  /** Stops both and deletes the folder. */
  stop(): Promise<void>;
}

/** The newest /usr/lib/postgresql/<version>/bin holding pg_basebackup (or PG_BIN), or null. */
export function postgresBinaries(): string | null {
  if (process.env.PG_BIN) return existsSync(path.join(process.env.PG_BIN, 'pg_basebackup')) ? process.env.PG_BIN : null;
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return null;
  const versions = readdirSync(base)
    .filter((v) => existsSync(path.join(base, v, 'bin', 'pg_basebackup')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(base, versions[0], 'bin') : null;
}

function postgresUser(): { uid: number; gid: number } | null {
  if (process.getuid?.() !== 0) return null;
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres']).toString().trim());
  return { uid: id('-u'), gid: id('-g') };
}

function run(bin: string, args: string[], owner: { uid: number; gid: number } | null, cwd: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(bin, args, {
      cwd,
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', LANG: 'C', LC_ALL: 'C', PGCONNECT_TIMEOUT: '5' },
      stdio: ['ignore', 'pipe', 'pipe'],
      ...(owner ? { uid: owner.uid, gid: owner.gid } : {}),
    });
    let output = '';
    child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${path.basename(bin)} ${args.join(' ')} exited ${code}:\n${output}`)),
    );
  });
}

/** Settings both servers start with: loopback TCP only, no socket file anywhere, quick rather than durable
 * against a machine crash (the tests stop servers, never the machine). */
function serverSettings(port: number): string {
  return [
    `port = ${port}`,
    `listen_addresses = '127.0.0.1'`,
    `unix_socket_directories = ''`,
    'fsync = off',
    'full_page_writes = off',
    'max_connections = 200',
    'wal_level = replica',
    'max_wal_senders = 4',
    'hot_standby = on',
    // Queries on the standby never cancel for a conflicting cleanup on the primary.
    'hot_standby_feedback = on',
    'wal_receiver_status_interval = 1s',
    '',
  ].join('\n');
}

export async function startReplicatedPostgres(options: { onLog?: (line: string) => void } = {}): Promise<ReplicatedPostgres> {
  const bin = postgresBinaries();
  if (!bin) throw new Error('No PostgreSQL binaries with pg_basebackup under /usr/lib/postgresql (set PG_BIN)');
  const log = options.onLog ?? (() => undefined);
  const owner = postgresUser();
  const folder = mkdtempSync(path.join(tmpdir(), 'murmur-replica-'));
  if (owner) chownSync(folder, owner.uid, owner.gid);
  const primaryDir = path.join(folder, 'primary');
  const replicaDir = path.join(folder, 'replica');
  const [primaryPort, replicaPort] = [await freePort(), await freePort()];
  const tool = (name: string, args: string[]) => run(path.join(bin, name), args, owner, folder);
  const started: string[] = [];
  const stopOne = (dir: string, mode: 'fast' | 'immediate') =>
    tool('pg_ctl', ['-D', dir, '-m', mode, '-w', '-t', '30', 'stop']).catch((error: unknown) => log(String(error)));
  try {
    await tool('initdb', ['-D', primaryDir, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--locale=C', '--no-sync']);
    appendFileSync(path.join(primaryDir, 'postgresql.conf'), serverSettings(primaryPort));
    await tool('pg_ctl', ['-D', primaryDir, '-l', path.join(folder, 'primary.log'), '-w', '-t', '60', 'start']);
    started.push(primaryDir);
    log(`primary on ${primaryPort}`);
    // -R writes standby.signal and primary_conninfo; -X stream carries the WAL written meanwhile.
    await tool('pg_basebackup', [
      '-h',
      '127.0.0.1',
      '-p',
      String(primaryPort),
      '-U',
      'postgres',
      '-D',
      replicaDir,
      '-R',
      '-X',
      'stream',
      '-c',
      'fast',
      '--no-sync',
    ]);
    appendFileSync(path.join(replicaDir, 'postgresql.auto.conf'), `port = ${replicaPort}\n`);
    writeFileSync(path.join(replicaDir, 'standby.signal'), '');
    await tool('pg_ctl', ['-D', replicaDir, '-l', path.join(folder, 'replica.log'), '-w', '-t', '60', 'start']);
    started.push(replicaDir);
    log(`replica on ${replicaPort}`);
  } catch (error) {
    for (const dir of started.reverse()) await stopOne(dir, 'immediate');
    rmSync(folder, { recursive: true, force: true });
    throw error;
  }
  const urlOf = (server: 'primary' | 'replica', database: string) =>
    `postgres://postgres@127.0.0.1:${server === 'primary' ? primaryPort : replicaPort}/${database}`;
  let primaryUp = true;
  return {
    primaryUrl: urlOf('primary', 'postgres'),
    replicaUrl: urlOf('replica', 'postgres'),
    urlOf,
    async killPrimary() {
      primaryUp = false;
      await stopOne(primaryDir, 'immediate');
    },
    async stop() {
      await stopOne(replicaDir, 'fast');
      if (primaryUp) await stopOne(primaryDir, 'fast');
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

/** How far the replica trails, as the primary's WAL sender sees it (null before the first report). */
export async function replicationLag(primaryUrl: string): Promise<{ replayLagMs: number | null; bytesBehind: number } | null> {
  const client = new pg.Client({ connectionString: primaryUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ replay_ms: number | null; behind: string }>(
      `select extract(epoch from replay_lag) * 1000 as replay_ms, pg_wal_lsn_diff(pg_current_wal_lsn(), replay_lsn)::text as behind
         from pg_stat_replication limit 1`,
    );
    const row = rows[0];
    return row ? { replayLagMs: row.replay_ms === null ? null : Number(row.replay_ms), bytesBehind: Number(row.behind) } : null;
  } finally {
    await client.end();
  }
}
