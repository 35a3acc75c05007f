// The session guard every service runs behind its bearer check: the token's session must still be the
// account's active one (single device), and the account not banned. Reads identity's `auth_sessions`
// table and the `rm.users` read model in one indexed query.
import type { AccessTokenClaims } from '@murmur/contracts';
import type pg from 'pg';
import type { SessionGuard } from './authenticate.ts';

export class PostgresSessionGuard implements SessionGuard {
  constructor(private readonly pool: pg.Pool) {}

  async check(claims: AccessTokenClaims): Promise<'ok' | 'replaced' | 'banned' | 'revoked'> {
    const { rows } = await this.pool.query<{ status: string | null; banned: boolean | null }>(
      `select s.status, coalesce(u.banned, false) as banned
         from (select $1::text as uid) me
         left join auth_sessions s on s.session_id = $2 and s.uid = me.uid
         left join rm.users u on u.uid = me.uid`,
      [claims.sub, claims.sid],
    );
    const row = rows[0];
    if (row?.banned || row?.status === 'banned') return 'banned';
    if (!row?.status || row.status === 'revoked') return 'revoked';
    if (row.status === 'replaced') return 'replaced';
    return 'ok';
  }
}
