// Secrets (codes, refresh tokens, nonces) are stored only as keyed hashes, so a database dump signs no one in.
import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

export function hashSecret(key: string, secret: string): string {
  return createHmac('sha256', key).update(secret).digest('hex');
}

export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}

export const newToken = (bytes = 32): string => randomBytes(bytes).toString('base64url');

export const newUid = (): string => randomBytes(10).toString('hex');

export const newSixDigitCode = (): string => randomInt(0, 1_000_000).toString().padStart(6, '0');

const REFERRAL_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export function newReferralCode(): string {
  const bytes = randomBytes(8);
  return Array.from(bytes, (b) => REFERRAL_ALPHABET[b % REFERRAL_ALPHABET.length]).join('');
}
