// The chain read proxy against a real local chain (anvil): an allow-listed read reaches the node and
// comes back as the node answered; a write or any other method is refused before it leaves our
// server; past the per-user budget the answer is 429 while another user still reads; a visitor is
// refused; a proxy that is not configured says so.
import { chainRpcTexts, formatText } from '@murmur/contracts';
import { readPaymentSettings } from '@murmur/platform';
import type { Hex } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalChain, type LocalChain } from '../../../test-support/evm-chain.ts';
import { actors, startTestStack, type TestStack } from '../../../test-support/stack.ts';

let stack: TestStack;
let chain: LocalChain;
const PER_MINUTE = 5;

beforeAll(async () => {
  chain = await startLocalChain(11155111);
  // The proxy's settings as a deployment gives them: the chain id and its CHAIN_RPC_URLS entry.
  const settings = readPaymentSettings({
    CHAIN_RPC_URLS: JSON.stringify({ [chain.chainId]: chain.rpcUrl }),
    CHAIN_RPC_PROXY_CHAIN_ID: String(chain.chainId),
    CHAIN_RPC_PROXY_PER_MINUTE: String(PER_MINUTE),
  });
  stack = await startTestStack({
    projections: false,
    commandOverrides: {
      payments: {
        card: null,
        chain: null,
        config: { depositAddress: null, tokens: [], confirmations: 3, sandboxEnabled: false, rpcProxy: settings.rpcProxy },
      },
    },
  });
}, 60_000);
afterAll(async () => {
  await stack?.stop();
  await chain?.stop();
});

const { post } = actors(() => stack);
const rpc = (uid: string, method: string, params: unknown[] = [], id: number | string = 1) =>
  post(uid, '/chain/rpc', { jsonrpc: '2.0', id, method, params });

describe('chain read proxy', () => {
  it('passes an allowed read to the chain and answers as the chain did', async () => {
    const chainId = await rpc('reader-1', 'eth_chainId');
    expect(chainId.status).toBe(200);
    expect(chainId.body).toEqual({ jsonrpc: '2.0', id: 1, result: `0x${chain.chainId.toString(16)}` });
    const hash = (await chain
      .wallet(0)
      .sendTransaction({ account: chain.wallet(0).account!, chain: null, to: chain.address(2), value: 1n })) as Hex;
    await chain.publicClient.waitForTransactionReceipt({ hash, pollingInterval: 20 });
    const receipt = await rpc('reader-1', 'eth_getTransactionReceipt', [hash], 'r-7');
    expect(receipt.status).toBe(200);
    expect(receipt.body.id).toBe('r-7');
    expect(receipt.body.result.transactionHash).toBe(hash);
    expect(receipt.body.result.status).toBe('0x1');
    // A node's own error (a bad parameter) comes back as the node's JSON-RPC error, not as ours.
    const bad = await rpc('reader-1', 'eth_getBalance', ['not-an-address', 'latest']);
    expect(bad.status).toBe(200);
    expect(bad.body.error.code).toBeTypeOf('number');
  });

  it('refuses a method outside the allow-list with a clear error, and sends nothing on', async () => {
    const before = await chain.publicClient.getBlockNumber({ cacheTime: 0 });
    const send = await rpc('writer-1', 'eth_sendTransaction', [{ from: chain.address(0), to: chain.address(1), value: '0x1' }]);
    expect(send.status).toBe(403);
    expect(send.body.error.message).toBe(formatText(chainRpcTexts.methodNotAllowed, { method: 'eth_sendTransaction' }));
    for (const method of ['eth_sendRawTransaction', 'anvil_setBalance', 'evm_mine', 'debug_traceTransaction', 'eth_accounts']) {
      const refused = await rpc('writer-1', method);
      expect([method, refused.status]).toEqual([method, 403]);
    }
    expect(await chain.publicClient.getBlockNumber({ cacheTime: 0 })).toBe(before);
    const malformed = await post('writer-1', '/chain/rpc', { method: 'eth_chainId' });
    expect(malformed.status).toBe(400);
  });

  it('answers 429 past the per-user budget, while another user still reads', async () => {
    const answers = [];
    for (let i = 0; i < PER_MINUTE + 2; i++) answers.push(await rpc('busy-1', 'eth_blockNumber', [], i));
    expect(answers.slice(0, PER_MINUTE).map((a) => a.status)).toEqual(Array(PER_MINUTE).fill(200));
    for (const a of answers.slice(PER_MINUTE)) expect([a.status, a.body.error.message]).toEqual([429, chainRpcTexts.tooMany]);
    expect((await rpc('busy-2', 'eth_blockNumber')).status).toBe(200);
  });

  it('answers 404 for a read named for another chain, so the web app reads that chain elsewhere', async () => {
    const own = await post('reader-2', '/chain/rpc', { jsonrpc: '2.0', id: 1, method: 'eth_chainId', chainId: chain.chainId });
    expect(own.body).toEqual({ jsonrpc: '2.0', id: 1, result: `0x${chain.chainId.toString(16)}` });
    const other = await post('reader-2', '/chain/rpc', { jsonrpc: '2.0', id: 2, method: 'eth_chainId', chainId: 1 });
    expect([other.status, other.body.error.message]).toEqual([404, chainRpcTexts.notConfigured]);
  });

  it('is for signed-in users only', async () => {
    const visitor = await stack.api('/chain/rpc', { method: 'POST', body: { jsonrpc: '2.0', id: 1, method: 'eth_chainId' } });
    expect(visitor.status).toBe(401);
  });
});

describe('configuration', () => {
  it('refuses a proxy chain without an upstream, and has none unless configured', () => {
    expect(() => readPaymentSettings({ CHAIN_RPC_PROXY_CHAIN_ID: '11155111' })).toThrow(/no CHAIN_RPC_URLS entry/);
    expect(readPaymentSettings({}).rpcProxy).toBeNull();
  });
});
