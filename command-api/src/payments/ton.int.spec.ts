// TON top-ups through the real TON API adapter against a fake chain (test-support/ton-chain-server.ts):
// the transfer TON Connect is asked to send (address, nanotons at the fixed rate, the payment id as
// the comment cell); credit only once the chain shows it to the platform's address with that
// comment, the exact amount and enough confirmations; 5 concurrent confirmations credit once; a
// short, aborted or other payment's transfer credits nothing; an abandoned payment expires (and a
// transfer arriving after that is still credited: the money is on our address); the audit passes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLedger } from '../../../projections/src/ledger-audit.ts';
import { startTestStack, type TestStack } from '../../../test-support/stack.ts';
import { commentOf, startTonChainServer, type TonChainServer } from '../../../test-support/ton-chain-server.ts';
import { loadWallet } from '../wallet/ledger.ts';
import { paymentPortsFromEnv } from './config.ts';
import { paymentCommands } from './settle.ts';
import { sweepTonPayments } from './ton.ts';
import { ToncenterTonChain } from './toncenter-ton-chain.ts';

let stack: TestStack;
let chain: TonChainServer;

beforeAll(async () => {
  chain = await startTonChainServer();
  const ports = paymentPortsFromEnv();
  stack = await startTestStack({
    commandOverrides: {
      payments: {
        ...ports,
        ton: new ToncenterTonChain({ apiUrl: chain.apiUrl, apiKey: null }),
        config: {
          ...ports.config,
          orderTtlMinutes: 30,
          ton: { address: chain.depositAddress, apiUrl: chain.apiUrl, apiKey: null, tonPerUsd: 0.2, confirmations: 2 },
        },
      },
    },
  });
});
afterAll(async () => {
  await stack?.stop();
  await chain?.stop();
});

const balance = async (uid: string) => (await loadWallet(stack.command.deps, uid)).balance;
const init = (token: string, body: unknown, key: string) =>
  stack.api('/payment/ton/init', { method: 'POST', token, body, headers: { 'idempotency-key': key } });
const confirm = (token: string, transactionId: string) =>
  stack.api('/payment/ton/confirm', { method: 'POST', token, body: { transactionId } });

describe('TON top-up', () => {
  it('asks for the transfer at the rate fixed now, with the payment id as the comment', async () => {
    const token = await stack.tokenFor('ton-1');
    const res = await init(token, { value: 10 }, 'ton-init-1');
    expect(res.status).toBe(200);
    const id = res.body.transactionId;
    expect(res.body).toMatchObject({
      status: 'requires_action',
      metadata: { currencyKind: 'TON', value: 2 },
      ton: { address: chain.depositAddress, amount: '2000000000', comment: id },
    });
    expect(commentOf(res.body.ton.payload)).toBe(id);
    expect(res.body.approvalUrl).toBe(`ton://transfer/${chain.depositAddress}?amount=2000000000&text=${id}`);
    const { events } = await stack.command.deps.store.readStream(`payment-${id}`);
    expect(events[0]!.data).toMatchObject({
      provider: 'ton',
      amountUsdCents: 1000,
      diamonds: 1000,
      charged: { currency: 'TON', amount: '2000000000', rate: 0.2 },
    });
    expect((await init(token, { value: 10 }, 'ton-init-1')).body.transactionId).toBe(id);
  });

  it('credits once the transfer has its confirmations, once under 5 concurrent confirmations', async () => {
    const token = await stack.tokenFor('ton-2');
    const { body } = await init(token, { value: 5 }, 'ton-init-2');
    // The wallet's word (a made-up boc) is not a transfer: nothing is written.
    const before = Number((await stack.db.pool.query('select count(*) as n from events')).rows[0].n);
    const claimed = await stack.api('/payment/ton/confirm', {
      method: 'POST',
      token,
      body: { transactionId: body.transactionId, boc: 'te6cckEBAQEAAgAAAEysuc0=' },
    });
    expect(claimed.body).toMatchObject({
      status: 'inactive',
      message: 'The transfer has not reached the TON network yet. Please wait a moment.',
    });
    expect(Number((await stack.db.pool.query('select count(*) as n from events')).rows[0].n)).toBe(before);
    chain.transfer({ nanotons: BigInt(body.ton.amount), comment: body.transactionId });
    chain.mine();
    expect((await confirm(token, body.transactionId)).body).toMatchObject({
      status: 'inactive',
      message: 'Transfer found: 1 of 2 confirmations.',
    });
    expect(await balance('ton-2')).toBe(0);
    chain.mine();
    const results = await Promise.all(Array.from({ length: 5 }, () => confirm(token, body.transactionId)));
    expect(results.map((r) => r.body.status)).toEqual(['succeeded', 'succeeded', 'succeeded', 'succeeded', 'succeeded']);
    expect(await balance('ton-2')).toBe(500);
    const credits = await stack.db.pool.query(`select count(*)::int as n from events where stream_id = 'wallet-ton-2'`);
    expect(credits.rows[0].n).toBe(1);
    const { events } = await stack.command.deps.store.readStream(`payment-${body.transactionId}`);
    expect(events.at(-1)).toMatchObject({
      type: 'PaymentConfirmed',
      data: { token: 'TON', tokenAmount: '1000000000', txHash: chain.transactions.at(-1)!.hash },
    });
    expect((await confirm(await stack.tokenFor('ton-2b'), body.transactionId)).status).toBe(404);
  });

  it("credits nothing for a short, aborted or another payment's transfer", async () => {
    const token = await stack.tokenFor('ton-3');
    const a = (await init(token, { value: 10 }, 'ton-init-3a')).body;
    const b = (await init(token, { value: 10 }, 'ton-init-3b')).body;
    chain.transfer({ nanotons: 1_999_999_000n, comment: a.transactionId });
    chain.transfer({ nanotons: 2_000_000_000n, comment: b.transactionId, aborted: true });
    chain.transfer({ nanotons: 2_000_000_000n, comment: 'someone-else' });
    chain.mine(3);
    const short = await confirm(token, a.transactionId);
    expect(short).toMatchObject({ status: 422, body: { error: { message: 'This transfer is not the amount of the payment (2 TON).' } } });
    expect((await confirm(token, b.transactionId)).body).toMatchObject({
      status: 'failed',
      message: 'The transfer failed on the TON network. Nothing was sent.',
    });
    expect(await balance('ton-3')).toBe(0);
    // The right transfer for b credits b only.
    chain.transfer({ nanotons: 2_000_000_000n, comment: b.transactionId });
    chain.mine(2);
    expect((await confirm(token, b.transactionId)).body.status).toBe('succeeded');
    expect(await balance('ton-3')).toBe(1000);
    expect((await paymentCommands.load(stack.command.deps, a.transactionId)).state.status).toBe('initiated');
  });

  it('expires an abandoned payment; a transfer that arrives later is still credited', async () => {
    const token = await stack.tokenFor('ton-4');
    const { body } = await init(token, { value: 3 }, 'ton-init-4');
    await stack.api(`/payment/status/${body.transactionId}`, {
      token,
      headers: { 'x-min-position': String(await stack.command.deps.store.headPosition()) },
    });
    expect(await sweepTonPayments(stack.command.deps, new Date(Date.now() + 10 * 60_000))).toBe(0);
    expect(await sweepTonPayments(stack.command.deps, new Date(Date.now() + 31 * 60_000))).toBeGreaterThanOrEqual(1);
    expect((await paymentCommands.load(stack.command.deps, body.transactionId)).state).toMatchObject({
      status: 'failed',
      failureReason: 'This payment expired before it was completed. Nothing was charged.',
    });
    expect(await balance('ton-4')).toBe(0);
    chain.transfer({ nanotons: BigInt(body.ton.amount), comment: body.transactionId });
    chain.mine(2);
    expect((await confirm(token, body.transactionId)).body.status).toBe('succeeded');
    expect(await balance('ton-4')).toBe(300);
  });

  it('passes the ledger audit with the TON charges counted', async () => {
    const audit = await auditLedger(stack.db.pool);
    expect(audit.differences).toEqual([]);
    expect(audit.totals.charged?.TON).toEqual({ amount: String(1_000_000_000n + 2_000_000_000n + 600_000_000n), payments: 3 });
  });
});
