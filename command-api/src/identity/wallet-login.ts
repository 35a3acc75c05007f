// Wallet sign-in and linking: a one-time message to sign (SIWE for EVM, its Solana twin), then the
// signature is checked against the stored message; each message is single use and lives 10 minutes.
import { identityTexts, texts, type WalletEnvironment, type WalletSignType } from '@murmur/contracts';
import { ed25519 } from '@noble/curves/ed25519.js';
import { ApiError } from '@murmur/platform';
import bs58 from 'bs58';
import type pg from 'pg';
import { getAddress, isAddress, verifyMessage, type Hex } from 'viem';
import { createSiweMessage, generateSiweNonce, parseSiweMessage, validateSiweMessage } from 'viem/siwe';
import type { CredentialLink } from './accounts.ts';
import { hashSecret, newToken } from './secrets.ts';

/** Abstract is an EVM chain (id 2741); evm messages name mainnet. */
const chainIdOf = (environment: WalletEnvironment) => (environment === 'abstract' ? 2741 : 1);
const isEvm = (environment: WalletEnvironment) => environment !== 'solana-runtime';

/** The address in its one canonical form, or null when it is not an address of that environment. */
export function normalizeAddress(address: string, environment: WalletEnvironment): string | null {
  if (isEvm(environment)) return isAddress(address, { strict: false }) ? getAddress(address) : null;
  try {
    return bs58.decode(address).length === 32 ? address : null;
  } catch {
    return null;
  }
}

export function walletLink(address: string, environment: WalletEnvironment): CredentialLink {
  return isEvm(environment) ? { kind: 'wallet-evm', key: address.toLowerCase() } : { kind: 'wallet-solana', key: address };
}

export interface MessageSettings {
  hashKey: string;
  domain: string;
  uri: string;
  ttlSeconds: number;
}

function messageText(
  s: MessageSettings,
  address: string,
  environment: WalletEnvironment,
  type: WalletSignType,
  nonce: string,
  now: Date,
  expires: Date,
): string {
  const statement = type === 'login' ? 'Sign in to Murmur.' : 'Link this wallet to your Murmur account.';
  if (isEvm(environment)) {
    return createSiweMessage({
      domain: s.domain,
      address: address as Hex,
      statement,
      uri: s.uri,
      version: '1',
      chainId: chainIdOf(environment),
      nonce,
      issuedAt: now,
      expirationTime: expires,
    });
  }
  // Sign-In With Solana uses the same text layout as SIWE.
  return `${s.domain} wants you to sign in with your Solana account:\n${address}\n\n${statement}\n\nURI: ${s.uri}\nVersion: 1\nNonce: ${nonce}\nIssued At: ${now.toISOString()}\nExpiration Time: ${expires.toISOString()}`;
}

export async function createSignMessage(
  pool: pg.Pool,
  s: MessageSettings,
  input: { address: string; environment: WalletEnvironment; type: WalletSignType; uid: string | null },
  now: Date,
): Promise<{ message: string; token: string; expiresAt: string }> {
  const address = normalizeAddress(input.address, input.environment);
  if (!address) throw new ApiError('VALIDATION_FAILED', texts.addressNotAvailable);
  const nonce = generateSiweNonce();
  const expires = new Date(now.getTime() + s.ttlSeconds * 1000);
  const message = messageText(s, address, input.environment, input.type, nonce, now, expires);
  const token = newToken();
  await pool.query(
    `insert into auth_wallet_nonces (token_hash, nonce, address, environment, type, uid, message, expires_at) values ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [hashSecret(s.hashKey, token), nonce, address, input.environment, input.type, input.uid, message, expires],
  );
  return { message, token, expiresAt: expires.toISOString() };
}

async function signatureMatches(
  message: string,
  address: string,
  environment: WalletEnvironment,
  signature: string,
  nonce: string,
  domain: string,
  now: Date,
): Promise<boolean> {
  try {
    if (isEvm(environment)) {
      const siwe = parseSiweMessage(message);
      if (!validateSiweMessage({ message: siwe, address: address as Hex, domain, nonce, time: now })) return false;
      if (!/^0x[0-9a-fA-F]+$/.test(signature)) return false;
      return await verifyMessage({ address: address as Hex, message, signature: signature as Hex });
    }
    return ed25519.verify(bs58.decode(signature), new TextEncoder().encode(message), bs58.decode(address));
  } catch {
    return false;
  }
}

/**
 * Spends the message named by the signature-session token and checks its signature. The message is
 * burnt even when the signature is wrong: a guessed signature never gets a second try.
 */
export async function verifySignedMessage(
  pool: pg.Pool,
  s: MessageSettings,
  token: string | undefined,
  input: { address: string; environment: WalletEnvironment; type: WalletSignType; signature: string; uid: string | null },
  now: Date,
): Promise<{ address: string }> {
  if (!token || token.length > 200) throw new ApiError('UNAUTHENTICATED', identityTexts.signMessageExpired);
  const client = await pool.connect();
  type NonceRow = {
    nonce: string;
    address: string;
    environment: WalletEnvironment;
    type: WalletSignType;
    uid: string | null;
    message: string;
    expires_at: Date;
    used_at: Date | null;
  };
  let row: NonceRow | undefined;
  try {
    await client.query('begin');
    ({
      rows: [row],
    } = await client.query<NonceRow>(
      'select nonce, address, environment, type, uid, message, expires_at, used_at from auth_wallet_nonces where token_hash = $1 for update',
      [hashSecret(s.hashKey, token)],
    ));
    if (row && !row.used_at)
      await client.query('update auth_wallet_nonces set used_at = $2 where token_hash = $1', [hashSecret(s.hashKey, token), now]);
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
  if (
    !row ||
    row.used_at ||
    row.expires_at <= now ||
    row.type !== input.type ||
    row.environment !== input.environment ||
    row.uid !== input.uid
  ) {
    throw new ApiError('UNAUTHENTICATED', identityTexts.signMessageExpired);
  }
  const address = normalizeAddress(input.address, input.environment);
  if (address !== row.address) throw new ApiError('UNAUTHENTICATED', identityTexts.signatureInvalid);
  if (!(await signatureMatches(row.message, address, input.environment, input.signature, row.nonce, s.domain, now))) {
    throw new ApiError('UNAUTHENTICATED', identityTexts.signatureInvalid);
  }
  return { address };
}
