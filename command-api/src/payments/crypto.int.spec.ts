// Crypto top-ups verified from the chain receipt with viem, against anvil with a real ERC-20 and
// the chain's own ether: one hash credits once; a transfer to the wrong address, of the wrong
// token, too small, not yet confirmed or from a wallet the user has not proven by signature is
// refused. Ether credits at the configured rate source's value.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEther, type Hex } from 'viem';
import { tableRateSource } from '@murmur/platform';
import { auditLedger } from '../../../projections/src/ledger-audit.ts';
import { startLocalChain, type LocalChain } from '../../../test-support/evm-chain.ts';
import { startTestStack, type TestStack } from '../../../test-support/stack.ts';
import { loadWallet } from '../wallet/ledger.ts';
import { ViemChainVerifier } from './viem-chain-verifier.ts';

let stack: TestStack;
let chain: LocalChain;
let usdt: Hex;
let fake: Hex;
const deposit = '0x00000000000000000000000000000000000d3905' as Hex;
const USDT = (n: number) => BigInt(Math.round(n * 1e6));

beforeAll(async () => {
  chain = await startLocalChain(11155111);
  usdt = await chain.deployToken('USDT', 6);
  fake = await chain.deployToken('FAKE', 6);
  await chain.mint(usdt, chain.address(1), USDT(1000));
  await chain.mint(fake, chain.address(1), USDT(1000));
  stack = await startTestStack({
    commandOverrides: {
      payments: {
        card: null,
        chain: new ViemChainVerifier({ [chain.chainId]: chain.rpcUrl }),
        rates: tableRateSource({ ETH: 2500 }),
        config: {
          depositAddress: deposit,
          tokens: [
            { chainId: chain.chainId, symbol: 'USDT', address: usdt, decimals: 6 },
            { chainId: chain.chainId, symbol: 'ETH', address: 'native', decimals: 18 },
          ],
          confirmations: 3,
          sandboxEnabled: true,
        },
      },
    },
  });
}, 60_000);
afterAll(async () => {
  await stack?.stop();
  await chain?.stop();
});

async function pay(token: string, txHash: Hex, address: Hex = chain.address(1), fromCurrency = 'USDT') {
  return stack.api('/payment/topup/pay', {
    method: 'POST',
    token,
    body: { channelCode: 'crypto', chainId: chain.chainId, transactionHash: txHash, fromCurrency, address },
  });
}

/** Signs in with the chain account's wallet (identity's SIWE sign-in), which proves the address is the user's. */
async function walletSignIn(index: number): Promise<{ uid: string; token: string }> {
  const address = chain.address(index);
  const created = await stack.api('/wallet/create-sign-message', { method: 'POST', body: { address, type: 'login', environment: 'evm' } });
  const signature = await chain.signMessage(index, created.body.message);
  const res = await stack.api('/auth/login-wallet', {
    method: 'POST',
    headers: { 'x-signature-session': created.body.token },
    body: { type: 'login', environment: 'evm', signature, address },
  });
  expect(res.status).toBe(200);
  // The terms step first: until it is done every command is refused.
  const onboarded = await stack.api('/user/onboarding', {
    method: 'POST',
    token: res.body.token,
    body: { acceptTerms: true, birthday: '1990-01-01' },
  });
  expect(onboarded.status).toBe(200);
  return { uid: res.body.uid, token: onboarded.body.token };
}

describe('crypto top-up (ERC-20 on a local chain)', () => {
  let token: string;
  let uid: string;
  beforeAll(async () => {
    ({ uid, token } = await walletSignIn(1));
  });

  it('credits a confirmed USDT transfer to the deposit address once, however often it is submitted', async () => {
    const hash = await chain.transfer(1, usdt, deposit, USDT(12.5));
    const early = await pay(token, hash);
    expect(early.status).toBe(422);
    expect(early.body.error.message).toBe('This transaction has 1 of 3 confirmations. Please try again shortly.');
    await chain.mine(2);
    const [a, b] = await Promise.all([pay(token, hash), pay(token, hash)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body).toMatchObject({ status: 'succeeded', referenceId: hash, metadata: { currencyKind: 'USDT', value: 12.5 } });
    const again = await pay(token, hash);
    expect(again.status).toBe(200);
    expect((await loadWallet(stack.command.deps, uid)).balance).toBe(1250);
    // Someone else submitting the same hash gets nothing, naming the victim's address or their own.
    const thief = await walletSignIn(2);
    const claimed = await pay(thief.token, hash);
    expect(claimed.body.error.message).toBe('Connect this wallet to your account first (sign the wallet message).');
    const own = await pay(thief.token, hash, chain.address(2));
    expect(own.body.error.message).toBe('This transfer was not sent from the given wallet address.');
    expect((await loadWallet(stack.command.deps, thief.uid)).balance).toBe(0);
    const streams = await stack.db.pool.query(`select count(*)::int as n from streams where stream_id like 'payment-crypto-%'`);
    expect(streams.rows[0].n).toBe(1);
  });

  it('refuses a transfer to another address, of another token, too small, unknown or from an unlisted wallet', async () => {
    const elsewhere = await chain.transfer(1, usdt, chain.address(2), USDT(10));
    const wrongToken = await chain.transfer(1, fake, deposit, USDT(10));
    const tooSmall = await chain.transfer(1, usdt, deposit, USDT(0.5));
    const fromOther = await chain.transfer(1, usdt, deposit, USDT(3));
    await chain.mine(3);
    expect((await pay(token, elsewhere)).body.error.message).toBe('This transfer was not sent to the platform deposit address.');
    expect((await pay(token, wrongToken)).body.error.message).toBe('This transfer is not of a supported currency (USDT or ETH).');
    const small = await pay(token, tooSmall);
    expect(small.status).toBe(400);
    expect(small.body.error.message).toBe('Amount must be between 1 and 5000');
    expect((await pay(token, `0x${'ab'.repeat(32)}`)).body.error.message).toBe('This transaction was not found on the chain.');
    const other = await stack.tokenFor('crypto-2');
    expect((await pay(other, fromOther)).body.error.message).toBe('Connect this wallet to your account first (sign the wallet message).');
    const bad = await stack.api('/payment/topup/pay', {
      method: 'POST',
      token,
      body: { channelCode: 'crypto', chainId: 31337, transactionHash: fromOther, address: chain.address(1) },
    });
    expect(bad.status).toBe(400);
    const unconfigured = await stack.api('/payment/topup/pay', {
      method: 'POST',
      token,
      body: { channelCode: 'crypto', chainId: 137, transactionHash: fromOther, address: chain.address(1) },
    });
    expect(unconfigured.body.error.message).toBe('Crypto top-ups on this chain are not available here.');
    expect((await loadWallet(stack.command.deps, uid)).balance).toBe(1250);
  });

  it('credits through the sandbox by the same confirmation path, and the ledger audit passes', async () => {
    const res = await stack.api('/payment/topup/pay', {
      method: 'POST',
      token,
      body: { channelCode: 'sandbox', value: 50 },
      headers: { 'idempotency-key': 'sandbox-1' },
    });
    expect(res.body).toMatchObject({ status: 'succeeded', metadata: { currencyKind: 'USD', value: 50 } });
    await stack.api('/payment/topup/pay', {
      method: 'POST',
      token,
      body: { channelCode: 'sandbox', value: 50 },
      headers: { 'idempotency-key': 'sandbox-1' },
    });
    expect((await loadWallet(stack.command.deps, uid)).balance).toBe(1250 + 5000);
    const audit = await auditLedger(stack.db.pool);
    expect(audit.differences).toEqual([]);
    expect(audit.totals.USD).toEqual({ confirmedCents: 1250 + 5000, payments: 2 });
  });
});

describe("crypto top-up in ether (the chain's own coin)", () => {
  it('credits ether sent to the deposit address once at the configured rate, even when its confirmation is reported twice', async () => {
    const { uid, token } = await walletSignIn(0);
    const before = (await loadWallet(stack.command.deps, uid)).balance;
    const hash = await chain.sendEther(0, deposit, parseEther('0.01'));
    expect((await pay(token, hash, chain.address(0), 'ETH')).body.error.message).toBe(
      'This transaction has 1 of 3 confirmations. Please try again shortly.',
    );
    await chain.mine(2);
    // Named as USDT it is not a USDT transfer; as ETH (or unnamed) it is 0.01 ETH at 2500 USD: 25 USD.
    expect((await pay(token, hash, chain.address(0), 'USDT')).body.error.message).toBe(
      'This transfer is not of a supported currency (USDT or ETH).',
    );
    const [a, b] = await Promise.all([pay(token, hash, chain.address(0), 'ETH'), pay(token, hash, chain.address(0), 'ETH')]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body).toMatchObject({ status: 'succeeded', referenceId: hash, metadata: { currencyKind: 'ETH', value: 25 } });
    expect(
      (
        await stack.api('/payment/topup/pay', {
          method: 'POST',
          token,
          body: { channelCode: 'crypto', chainId: chain.chainId, transactionHash: hash, address: chain.address(0) },
        })
      ).status,
    ).toBe(200);
    expect((await loadWallet(stack.command.deps, uid)).balance).toBe(before + 2500);
    const { rows } = await stack.db.pool.query(
      `select data from events where stream_id like 'payment-crypto-%-native' and type = 'PaymentConfirmed'`,
    );
    expect(rows.map((r) => [r.data.token, r.data.tokenAmount, r.data.amountUsdCents, r.data.logIndex])).toEqual([
      ['ETH', '10000000000000000', 2500, -1],
    ]);
  });

  it('refuses ether sent elsewhere, and dust below the minimum', async () => {
    const { uid, token } = await walletSignIn(0);
    const before = (await loadWallet(stack.command.deps, uid)).balance;
    const elsewhere = await chain.sendEther(0, chain.address(2), parseEther('0.01'));
    const dust = await chain.sendEther(0, deposit, parseEther('0.0002')); // 0.50 USD
    await chain.mine(3);
    expect((await pay(token, elsewhere, chain.address(0), 'ETH')).body.error.message).toBe(
      'This transfer was not sent to the platform deposit address.',
    );
    expect((await pay(token, dust, chain.address(0), 'ETH')).body.error.message).toBe('Amount must be between 1 and 5000');
    expect((await loadWallet(stack.command.deps, uid)).balance).toBe(before);
  });
});
