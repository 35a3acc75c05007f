// The embedded PostgreSQL of `npm start` changes nothing outside its checkout: a clone under /tmp
// once turned /tmp into 0755 and left PostgreSQL's socket lock file there.
import { mkdirSync, mkdtempSync, readdirSync, rmSync, chmodSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { embeddedDataLocation, startEmbeddedPostgres } from './postgres-server.ts';
import { freePort } from '../test-support/free-port.ts';

const base = mkdtempSync(path.join(tmpdir(), 'murmur-clone-'));
afterAll(() => rmSync(base, { recursive: true, force: true }));

const mode = (p: string) => (statSync(p).mode & 0o7777).toString(8);

describe('embedded PostgreSQL', () => {
  it('starts from a checkout without changing any folder above it, and leaves no socket in the temp folder', async () => {
    // A parent that lets others through but is not 0755: any chmod on the way up would show.
    chmodSync(base, 0o711);
    const checkout = path.join(base, 'murmur');
    mkdirSync(checkout, { mode: 0o755 });
    const temp = tmpdir();
    const tempMode = mode(temp);
    const port = await freePort();
    const server = await startEmbeddedPostgres({ checkout, dataDir: '.data/postgres', port, forTests: true });
    try {
      const client = new pg.Client({ connectionString: server.adminUrl });
      await client.connect();
      const { rows } = await client.query<{ unix_socket_directories: string }>('show unix_socket_directories');
      await client.end();
      expect(rows[0]!.unix_socket_directories).toBe('');
      expect(readdirSync(temp).filter((name) => name.startsWith(`.s.PGSQL.${port}`))).toEqual([]);
      expect(mode(base)).toBe('711');
      expect(mode(checkout)).toBe('755');
      expect(mode(temp)).toBe(tempMode);
    } finally {
      await server.stop();
    }
  });

  it('as root, refuses (and changes nothing) when a folder above the checkout is closed to others', () => {
    const closed = path.join(base, 'home');
    mkdirSync(path.join(closed, 'murmur'), { recursive: true, mode: 0o700 });
    chmodSync(closed, 0o700);
    expect(() => embeddedDataLocation(path.join(closed, 'murmur'), '.data/postgres', true)).toThrow(/cannot enter/);
    expect(mode(closed)).toBe('700');
    expect(embeddedDataLocation(path.join(closed, 'murmur'), '.data/postgres', false).dataDir).toBe(
      path.join(closed, 'murmur', '.data', 'postgres'),
    );
    expect(() => embeddedDataLocation(path.join(closed, 'murmur'), '../elsewhere', false)).toThrow();
  });
});
