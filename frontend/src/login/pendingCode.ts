// The sign-in code that is on its way (by e-mail or SMS): which address, and when it was sent. Kept in local
// storage so that closing the sign-in modal (or reloading) and opening it again returns to the code
// step with the countdown where it was, instead of asking for a new code the server must refuse
// until the countdown ends (spec: 5-minute countdown, then resend).
import { limits } from '@murmur/contracts/constants';
import { readLocal, writeLocal } from '../state/store.ts';

const KEY = 'murmur.pendingEmailCode';

export interface PendingCode {
  /** An e-mail address, or a mobile number (E.164, starts with +). */
  email: string;
  /** When the code was sent (ms since the epoch). */
  sentAt: number;
}

const lifetimeMs = limits.emailCodeSeconds * 1000;

/** The code still valid, if any. */
export function pendingCode(now = Date.now()): PendingCode | null {
  try {
    const value = JSON.parse(readLocal(KEY) ?? 'null') as PendingCode | null;
    if (!value || typeof value.email !== 'string' || typeof value.sentAt !== 'number') return null;
    return now - value.sentAt < lifetimeMs ? value : null;
  } catch {
    return null;
  }
}

export function rememberCodeSent(email: string, sentAt = Date.now()): void {
  writeLocal(KEY, JSON.stringify({ email, sentAt } satisfies PendingCode));
}

export function forgetPendingCode(): void {
  writeLocal(KEY, null);
}

/** Seconds left before a new code may be asked for this address (0: resend now). */
export function secondsUntilResend(email: string, now = Date.now()): number {
  const pending = pendingCode(now);
  if (!pending || pending.email.toLowerCase() !== email.trim().toLowerCase()) return 0;
  return Math.max(0, Math.ceil((pending.sentAt + lifetimeMs - now) / 1000));
}
