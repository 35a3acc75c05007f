// Deletes spent and expired secrets (codes, wallet messages, refresh tokens of ended sessions) so the
// secret tables stay small; a sweep is idempotent, so several command-api processes may run it.
import type pg from 'pg';
import type { Clock } from '../dependencies.ts';

export async function sweepSecrets(pool: pg.Pool, now: Date): Promise<number> {
  const { rows } = await pool.query<{ n: number }>(
    `with codes as (delete from auth_otp_codes where expires_at < $1::timestamptz - interval '1 hour' returning 1),
          nonces as (delete from auth_wallet_nonces where expires_at < $1::timestamptz - interval '1 hour' returning 1),
          tokens as (delete from auth_refresh_tokens where expires_at < $1::timestamptz or (used_at is not null and used_at < $1::timestamptz - interval '1 day') returning 1)
     select ((select count(*) from codes) + (select count(*) from nonces) + (select count(*) from tokens))::int as n`,
    [now],
  );
  return rows[0]?.n ?? 0;
}

export function startSecretSweeper(
  pool: pg.Pool,
  clock: Clock,
  onError: (error: unknown) => void,
  everyMs = 10 * 60_000,
): { stop(): Promise<void> } {
  const timer = setInterval(() => void sweepSecrets(pool, clock.now()).catch(onError), everyMs);
  timer.unref();
  return { stop: async () => clearInterval(timer) };
}
