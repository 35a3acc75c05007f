// How often one client address may do something scarce in a window (sign-in codes, guest accounts,
// wallet sign-in messages). The address is stored only as a keyed hash. Behind the edge the address is
// the client's (TRUST_PROXY), never the proxy's.
import { ApiError } from '@murmur/platform';
import type pg from 'pg';
import { hashSecret } from './secrets.ts';

export interface ClientLimit {
  /** What is counted; each kind has its own count. */
  kind: 'otp' | 'guest' | 'sign-message';
  perWindow: number;
  windowSeconds: number;
  message: string;
}

/** Counts one request of `kind` from `client`; refuses with 429 past the limit in the window. */
export async function countClientRequest(pool: pg.Pool, hashKey: string, limit: ClientLimit, client: string, now: Date): Promise<void> {
  const clientHash = hashSecret(hashKey, `${limit.kind}:${client}`);
  const since = new Date(now.getTime() - limit.windowSeconds * 1000);
  const { rows } = await pool.query<{ n: number }>(
    `with gone as (delete from auth_otp_sends where sender_hash = $1 and sent_at < $2)
     select count(*)::int as n from auth_otp_sends where sender_hash = $1 and sent_at >= $2`,
    [clientHash, since],
  );
  if ((rows[0]?.n ?? 0) >= limit.perWindow) throw new ApiError('RATE_LIMITED', limit.message, { retryAfterSeconds: limit.windowSeconds });
  await pool.query('insert into auth_otp_sends (sender_hash, sent_at) values ($1, $2)', [clientHash, now]);
}
