// The session guard every service runs behind its bearer check: the token's session must still be the
// account's active one (single device), and the account not banned. Reads identity's `auth_sessions`
// table and the `rm.users` read model in one indexed query.
import type { AccessTokenClaims } from '@murmur/contracts';
import { primaryOf } from '@murmur/eventstore';
import type pg from 'pg';
import type { SessionGuard } from './authenticate.ts';

export class PostgresSessionGuard implements SessionGuard {
  constructor(private readonly pool: pg.Pool) {}

  /** On a read replica a session made a moment ago may not be there yet: a refusal is asked again of
   * the primary (when it answers), so a fresh sign-in is never turned away for replica lag. */
  async check(claims: AccessTokenClaims): Promise<'ok' | 'replaced' | 'banned' | 'revoked'> {
    const verdict = await this.verdictOn(this.pool, claims);
    const primary = primaryOf(this.pool);
    if (verdict === 'ok' || primary === this.pool) return verdict;
    return this.verdictOn(primary, claims).catch(() => verdict);
  }

  private async verdictOn(pool: pg.Pool, claims: AccessTokenClaims): Promise<'ok' | 'replaced' | 'banned' | 'revoked'> {
    // Named, so each connection parses and plans it once: every service runs it for each session
    // whose remembered verdict ran out.
    const { rows } = await pool.query<{ status: string | null; banned: boolean | null }>({
      name: 'murmur_session_guard_v1',
      text: `select s.status, coalesce(u.banned and (u.banned_until is null or u.banned_until > now()), false) as banned
         from (select $1::text as uid) me
         left join auth_sessions s on s.session_id = $2 and s.uid = me.uid
         left join rm.users u on u.uid = me.uid`,
      values: [claims.sub, claims.sid],
    });
    const row = rows[0];
    if (row?.banned || row?.status === 'banned') return 'banned';
    if (!row?.status || row.status === 'revoked') return 'revoked';
    if (row.status === 'replaced') return 'replaced';
    return 'ok';
  }
}

/**
 * Remembers an 'ok' verdict for `ttlMs` so that a burst of commands from one session costs one guard
 * query, not one each. Only 'ok' is remembered; a refusal is asked again every time. Sign-in,
 * sign-out and ban in this process call `forget`, so they take effect here at once; a change made by
 * another process takes effect here within `ttlMs` (decision in docs/decisions.md).
 */
export class CachingSessionGuard implements SessionGuard {
  private readonly okUntil = new Map<string, Map<string, number>>();
  /** The check in flight per session, and the forget count when it began. */
  private readonly pending = new Map<string, { forgets: number; verdict: Promise<'ok' | 'replaced' | 'banned' | 'revoked'> }>();
  /** Bumped by every forget: a verdict asked before one is not remembered (it may predate the change). */
  private forgets = 0;

  constructor(
    private readonly inner: SessionGuard,
    private readonly ttlMs = 2000,
    private readonly capacity = 100_000,
    private readonly now: () => number = Date.now,
  ) {}

  async check(claims: AccessTokenClaims): Promise<'ok' | 'replaced' | 'banned' | 'revoked'> {
    const until = this.okUntil.get(claims.sub)?.get(claims.sid);
    if (until !== undefined && until > this.now()) return 'ok';
    // A page fires several requests at once: they share the one check in flight, unless a forget
    // came after it began (its verdict may predate the change).
    const key = `${claims.sub}\u0000${claims.sid}`;
    const pending = this.pending.get(key);
    if (pending && pending.forgets === this.forgets) return pending.verdict;
    const asked = this.now();
    const forgetsBefore = this.forgets;
    const entry = { forgets: forgetsBefore, verdict: this.inner.check(claims) };
    this.pending.set(key, entry);
    let verdict: Awaited<typeof entry.verdict>;
    try {
      verdict = await entry.verdict;
    } finally {
      if (this.pending.get(key) === entry) this.pending.delete(key);
    }
    if (verdict !== 'ok' || forgetsBefore !== this.forgets) {
      this.okUntil.get(claims.sub)?.delete(claims.sid);
      return verdict;
    }
    // Map order is insertion order: re-inserting keeps the oldest accounts first for eviction.
    const sessions = this.okUntil.get(claims.sub) ?? new Map<string, number>();
    this.okUntil.delete(claims.sub);
    this.okUntil.set(claims.sub, sessions);
    sessions.set(claims.sid, asked + this.ttlMs);
    if (this.okUntil.size > this.capacity) this.okUntil.delete(this.okUntil.keys().next().value!);
    return verdict;
  }

  forget(uid: string): void {
    this.forgets++;
    this.okUntil.delete(uid);
    this.inner.forget?.(uid);
  }
}
