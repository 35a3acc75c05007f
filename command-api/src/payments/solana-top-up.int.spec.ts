// Crypto top-ups in SOL and in an SPL token (HONEY) on a local Solana chain (LiteSVM behind a
// JSON-RPC node, read by the production verifier with @solana/web3.js): each transfer credits
// once at the configured rate, whoever submits its signature and however often; a transfer to
// another address, of another mint, not yet confirmed or from a wallet the user has not proven
// by an ed25519 signature is refused.
import { ed25519 } from '@noble/curves/ed25519.js';
import { tableRateSource } from '@murmur/platform';
import bs58 from 'bs58';
import type { PublicKey } from '@solana/web3.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalSolana, type LocalSolana } from '../../../test-support/solana-chain.ts';
import { startTestStack, type TestStack } from '../../../test-support/stack.ts';
import { loadWallet } from '../wallet/ledger.ts';
import { SolanaChainVerifier } from './solana-chain-verifier.ts';

let stack: TestStack;
let sol: LocalSolana;
let honey: PublicKey;
let fake: PublicKey;
const LAMPORTS = (n: number) => BigInt(Math.round(n * 1e9));
const HONEY = (n: number) => BigInt(Math.round(n * 1e6));

beforeAll(async () => {
  sol = await startLocalSolana(103);
  honey = sol.createMint(6);
  fake = sol.createMint(6);
  for (const i of [1, 2]) {
    sol.mintTo(honey, sol.keypair(i).publicKey, HONEY(100_000));
    sol.mintTo(fake, sol.keypair(i).publicKey, HONEY(100_000));
  }
  stack = await startTestStack({
    commandOverrides: {
      payments: {
        card: null,
        chain: new SolanaChainVerifier({ [sol.chainId]: sol.rpcUrl }),
        rates: tableRateSource({ SOL: 150, HONEY: 0.05 }),
        config: {
          depositAddress: null,
          solanaDepositAddress: sol.address(0),
          tokens: [
            { chainId: sol.chainId, symbol: 'SOL', address: 'native', decimals: 9 },
            { chainId: sol.chainId, symbol: 'HONEY', address: honey.toBase58(), decimals: 6 },
          ],
          confirmations: 3,
          sandboxEnabled: false,
        },
      },
    },
  });
}, 60_000);
afterAll(async () => {
  await stack?.stop();
  await sol?.stop();
});

async function pay(token: string, signature: string, fromCurrency: string, address = sol.address(1)) {
  return stack.api('/payment/topup/pay', {
    method: 'POST',
    token,
    body: { channelCode: 'crypto', chainId: sol.chainId, transactionHash: signature, fromCurrency, address },
  });
}

/** Signs in with the Solana key (identity's Sign-In With Solana), which proves the address is the user's. */
async function solanaSignIn(index: number): Promise<{ uid: string; token: string }> {
  const address = sol.address(index);
  const created = await stack.api('/wallet/create-sign-message', {
    method: 'POST',
    body: { address, type: 'login', environment: 'solana-runtime' },
  });
  const signature = bs58.encode(ed25519.sign(new TextEncoder().encode(created.body.message), sol.keypair(index).secretKey.slice(0, 32)));
  const res = await stack.api('/auth/login-wallet', {
    method: 'POST',
    headers: { 'x-signature-session': created.body.token },
    body: { type: 'login', environment: 'solana-runtime', signature, address },
  });
  expect(res.status).toBe(200);
  const onboarded = await stack.api('/user/onboarding', {
    method: 'POST',
    token: res.body.token,
    body: { acceptTerms: true, birthday: '1990-01-01' },
  });
  expect(onboarded.status).toBe(200);
  return { uid: res.body.uid, token: onboarded.body.token };
}

const streamsOf = async (signature: string) =>
  (
    await stack.db.pool.query(`select count(*)::int as n from streams where stream_id like $1`, [
      `payment-crypto-${sol.chainId}-${signature}-%`,
    ])
  ).rows[0].n as number;

describe('crypto top-up on Solana (SOL and the HONEY SPL token)', () => {
  let user: { uid: string; token: string };
  let thief: { uid: string; token: string };
  beforeAll(async () => {
    user = await solanaSignIn(1);
    thief = await solanaSignIn(2);
  });

  it('credits SOL sent to the deposit address once at the configured rate, even when its confirmation is reported twice', async () => {
    const signature = sol.transferSol(1, sol.address(0), LAMPORTS(0.1)); // 0.1 SOL at 150 USD: 15 USD
    expect((await pay(user.token, signature, 'SOL')).body.error.message).toBe(
      'This transaction has 1 of 3 confirmations. Please try again shortly.',
    );
    sol.mine(2);
    const [a, b] = await Promise.all([pay(user.token, signature, 'SOL'), pay(user.token, signature, 'SOL')]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body).toMatchObject({ status: 'succeeded', referenceId: signature, metadata: { currencyKind: 'SOL', value: 15 } });
    expect((await pay(user.token, signature, 'SOL')).status).toBe(200);
    expect((await loadWallet(stack.command.deps, user.uid)).balance).toBe(1500);
    expect((await pay(thief.token, signature, 'SOL', sol.address(2))).body.error.message).toBe(
      'This transfer was not sent from the given wallet address.',
    );
    expect((await pay(thief.token, signature, 'SOL')).body.error.message).toBe(
      'Connect this wallet to your account first (sign the wallet message).',
    );
    expect(await streamsOf(signature)).toBe(1);
  });

  it('credits HONEY sent to the deposit owner once at the configured rate, even when its confirmation is reported twice', async () => {
    const signature = sol.transferToken(1, honey, sol.address(0), HONEY(500)); // 500 HONEY at 0.05 USD: 25 USD
    sol.mine(2);
    const [a, b] = await Promise.all([pay(user.token, signature, 'HONEY'), pay(user.token, signature, 'HONEY')]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body).toMatchObject({ status: 'succeeded', metadata: { currencyKind: 'HONEY', value: 25 } });
    expect((await pay(user.token, signature, 'HONEY')).status).toBe(200);
    expect((await loadWallet(stack.command.deps, user.uid)).balance).toBe(1500 + 2500);
    expect(sol.tokenBalance(honey, sol.keypair(0).publicKey)).toBe(HONEY(500));
    const { rows } = await stack.db.pool.query(`select data from events where stream_id like $1 and type = 'PaymentConfirmed'`, [
      `payment-crypto-${sol.chainId}-${signature}-%`,
    ]);
    expect(rows.map((r) => [r.data.token, r.data.tokenAmount, r.data.amountUsdCents])).toEqual([['HONEY', '500000000', 2500]]);
  });

  it('refuses a transfer elsewhere, of another mint, named as another currency, from an address spelt in other letters, or unknown', async () => {
    const elsewhere = sol.transferSol(1, sol.address(3), LAMPORTS(0.1));
    const otherMint = sol.transferToken(1, fake, sol.address(0), HONEY(500));
    const honeyPaid = sol.transferToken(1, honey, sol.address(0), HONEY(40));
    sol.mine(3);
    expect((await pay(user.token, elsewhere, 'SOL')).body.error.message).toBe(
      'This transfer was not sent to the platform deposit address.',
    );
    expect((await pay(user.token, otherMint, 'HONEY')).body.error.message).toBe(
      'This transfer is not of a supported currency (SOL or HONEY).',
    );
    expect((await pay(user.token, honeyPaid, 'SOL')).body.error.message).toBe(
      'This transfer is not of a supported currency (SOL or HONEY).',
    );
    // Solana addresses are case-sensitive: the same letters in another case are another account.
    const swapped = sol.address(1).replace(/[a-z]/, (c) => c.toUpperCase());
    expect((await pay(user.token, honeyPaid, 'HONEY', swapped)).body.error.message).toBe(
      'This transfer was not sent from the given wallet address.',
    );
    expect((await pay(user.token, '1'.repeat(64), 'SOL')).body.error.message).toBe('This transaction was not found on the chain.');
    const evmHash = await pay(user.token, `0x${'ab'.repeat(32)}`, 'SOL');
    expect([evmHash.status, evmHash.body.error.message]).toEqual([400, 'transactionHash must be a Solana transaction signature.']);
    expect((await loadWallet(stack.command.deps, user.uid)).balance).toBe(1500 + 2500);
  });
});
