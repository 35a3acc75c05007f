// One-time sign-in codes for an e-mail address or a mobile number (the address): 6 digits, valid 5
// minutes, single use, a few attempts, resend after the countdown. How a code travels is the caller's.
import { identityTexts } from '@murmur/contracts';
import { ApiError } from '@murmur/platform';
import type pg from 'pg';
import { hashSecret, newSixDigitCode, sameHash } from './secrets.ts';

export interface OtpSettings {
  hashKey: string;
  ttlSeconds: number;
  resendSeconds: number;
  maxAttempts: number;
}

// The table's `email` column holds the address: an e-mail, or a mobile number (which starts with +).
const codeHash = (key: string, address: string, code: string) => hashSecret(key, `${address}:${code}`);

/** Carries a code to its address (the mailer, an SMS provider). */
export type DeliverCode = (code: string, validMinutes: number) => Promise<void>;

/** Stores a new code for an address (replacing the previous one) and delivers it; refused while the countdown runs. */
export async function sendCode(
  pool: pg.Pool,
  deliver: DeliverCode,
  s: OtpSettings,
  address: string,
  now: Date,
): Promise<{ expiresAt: Date; resendAfter: Date }> {
  const code = newSixDigitCode();
  const expiresAt = new Date(now.getTime() + s.ttlSeconds * 1000);
  const resendAfter = new Date(now.getTime() + s.resendSeconds * 1000);
  // One statement decides the race between two requests: only one finds the countdown over.
  const { rowCount } = await pool.query(
    `insert into auth_otp_codes (email, code_hash, expires_at, resend_after, attempts, used_at)
     values ($1, $2, $3, $4, 0, null)
     on conflict (email) do update set code_hash = excluded.code_hash, expires_at = excluded.expires_at,
       resend_after = excluded.resend_after, attempts = 0, used_at = null
     where auth_otp_codes.resend_after <= $5 or auth_otp_codes.used_at is not null`,
    [address, codeHash(s.hashKey, address, code), expiresAt, resendAfter, now],
  );
  if (rowCount === 0) {
    const { rows } = await pool.query<{ resend_after: Date }>('select resend_after from auth_otp_codes where email = $1', [address]);
    const wait = Math.max(1, Math.ceil(((rows[0]?.resend_after.getTime() ?? now.getTime()) - now.getTime()) / 1000));
    throw new ApiError('RATE_LIMITED', identityTexts.codeResendWait, { retryAfterSeconds: wait });
  }
  try {
    await deliver(code, Math.round(s.ttlSeconds / 60));
  } catch (error) {
    // A code nobody received must not hold the countdown.
    await pool.query('delete from auth_otp_codes where email = $1', [address]);
    throw error;
  }
  return { expiresAt, resendAfter };
}

/** Uses a code once. A wrong code counts an attempt; past the limit the code is void. */
export async function consumeCode(pool: pg.Pool, s: OtpSettings, address: string, code: string, now: Date): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    const { rows } = await client.query<{ code_hash: string; expires_at: Date; attempts: number; used_at: Date | null }>(
      'select code_hash, expires_at, attempts, used_at from auth_otp_codes where email = $1 for update',
      [address],
    );
    const row = rows[0];
    let failure: ApiError | undefined;
    if (!row || row.used_at || row.expires_at <= now) failure = new ApiError('UNAUTHENTICATED', identityTexts.codeInvalid);
    else if (row.attempts >= s.maxAttempts) failure = new ApiError('RATE_LIMITED', identityTexts.codeTooManyAttempts);
    else if (!sameHash(row.code_hash, codeHash(s.hashKey, address, code))) {
      const attempts = row.attempts + 1;
      await client.query('update auth_otp_codes set attempts = $2 where email = $1', [address, attempts]);
      failure =
        attempts >= s.maxAttempts
          ? new ApiError('RATE_LIMITED', identityTexts.codeTooManyAttempts)
          : new ApiError('UNAUTHENTICATED', identityTexts.codeInvalid, { attemptsLeft: s.maxAttempts - attempts });
    } else {
      await client.query('update auth_otp_codes set used_at = $2 where email = $1', [address, now]);
    }
    await client.query('commit');
    if (failure) throw failure;
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
