// A referral USDT payout is sent once, whatever fails around the send: the real
// ERC-20 adapter against a local anvil chain, behind a port that loses the chain's answer.
import { parseEventLogs, type Hex } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalChain, type LocalChain } from '../../../test-support/evm-chain.ts';
import { waitForProjection } from '../../../test-support/projection-replay.ts';
import { startTestStack, type TestStack } from '../../../test-support/stack.ts';
import { compileTestToken } from '../../../test-support/evm-chain.ts';
import { EvmUsdtPayout, type UsdtPayoutPort } from './payout-port.ts';
import { ReferralSettlement } from './settlement.ts';
import type { PreparedUsdtTransfer } from '@murmur/contracts';

/** anvil's well-known development key of account 1 (the payout account here). */
const PAYOUT_KEY = '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d';

let stack: TestStack;
let chain: LocalChain;
let token: Hex;

beforeAll(async () => {
  [stack, chain] = await Promise.all([startTestStack(), startLocalChain(31337)]);
  token = await chain.deployToken('USDT', 6);
  await chain.mint(token, chain.address(1), 1_000_000_000n);
});
afterAll(async () => {
  await stack?.stop();
  await chain?.stop();
});

/** The real adapter, but the chain's answer to a send is lost (an RPC timeout) or the process dies
 * just before sending, as many times as asked. */
class UnreliableChain implements UsdtPayoutPort {
  broadcasts = 0;
  constructor(
    private readonly real: EvmUsdtPayout,
    private failAfterSend: number,
    private failBeforeSend = 0,
  ) {}
  prepare = (request: Parameters<UsdtPayoutPort['prepare']>[0]) => this.real.prepare(request);
  status = (prepared: PreparedUsdtTransfer) => this.real.status(prepared);
  async broadcast(prepared: PreparedUsdtTransfer): Promise<void> {
    if (this.failBeforeSend > 0) {
      this.failBeforeSend -= 1;
      throw new Error('crashed before sending');
    }
    await this.real.broadcast(prepared);
    this.broadcasts += 1;
    if (this.failAfterSend > 0) {
      this.failAfterSend -= 1;
      throw new Error('RPC timeout after the transaction was sent');
    }
  }
}

const adapter = () =>
  new EvmUsdtPayout({
    REFERRAL_PAYOUT_RPC_URL: chain.rpcUrl,
    REFERRAL_PAYOUT_PRIVATE_KEY: PAYOUT_KEY,
    REFERRAL_PAYOUT_USDT_ADDRESS: token,
    decimals: 6,
  });

async function settledPayout(weekId: string, uid: string, to: Hex, amountMicroUsdt: number): Promise<string> {
  const stream = `referral-settlement-${weekId}-${uid}`;
  await stack.command.deps.store.append(
    stream,
    [
      {
        type: 'ReferralPayoutSettled',
        data: {
          weekId,
          uid,
          directMicroUsdt: amountMicroUsdt,
          secondLevelMicroUsdt: 0,
          forfeitedMicroUsdt: 0,
          carriedInMicroUsdt: 0,
          amountMicroUsdt,
          rewardCount: 1,
          unlocked: false,
          settledAt: new Date().toISOString(),
          wallet: { address: to, chainId: chain.chainId },
        },
      },
    ],
    { expectedVersion: 'no_stream' },
  );
  await waitForProjection(stack.db.pool, 'referral-earnings');
  return stream;
}

/** Every token transfer on the chain to `to`. */
async function transfersTo(to: Hex): Promise<Array<{ value: bigint; hash: Hex }>> {
  const logs = await chain.publicClient.getLogs({ address: token, fromBlock: 0n });
  const { abi } = compileTestToken();
  return parseEventLogs({ abi: abi as never, logs, eventName: 'Transfer' } as never)
    .map((l) => l as unknown as { args: { to: Hex; value: bigint }; transactionHash: Hex })
    .filter((l) => l.args.to.toLowerCase() === to.toLowerCase())
    .map((l) => ({ value: l.args.value, hash: l.transactionHash }));
}

async function runTicks(settlement: ReferralSettlement, n: number): Promise<number> {
  let failures = 0;
  for (let i = 0; i < n; i++) {
    await settlement.runOnce().catch(() => (failures += 1));
    await waitForProjection(stack.db.pool, 'referral-earnings');
  }
  return failures;
}

describe('referral USDT payouts on chain', () => {
  it('records the intent before sending; answers lost after the send never make a second transfer', async () => {
    const to = '0x00000000000000000000000000000000000a11ce' as Hex;
    const stream = await settledPayout('2026-10-05', 'payee-lost-answer', to, 7_000_000);
    const port = new UnreliableChain(adapter(), 3);
    const failures = await runTicks(new ReferralSettlement(stack.command.deps, port, { graceMs: 0, pollMs: 60_000 }), 6);
    // The retry finds the recorded hash on chain and records it: nothing is sent again.
    expect(failures).toBe(1);
    expect(port.broadcasts).toBe(1);
    const onChain = await transfersTo(to);
    expect(onChain).toEqual([{ value: 7_000_000n, hash: expect.any(String) }]);
    const events = (await stack.command.deps.store.readStream(stream)).events;
    expect(events.map((e) => e.type)).toEqual(['ReferralPayoutSettled', 'ReferralPayoutTransferIntended', 'ReferralPayoutTransferred']);
    expect(events[1]!.data).toMatchObject({ to, amountMicroUsdt: 7_000_000, nonce: expect.any(Number), txHash: onChain[0]!.hash });
    expect(events[2]!.data.txHash).toBe(onChain[0]!.hash);
  });

  it('re-sends the recorded transaction after a crash before sending, and signs anew only when its nonce went elsewhere', async () => {
    const to = '0x00000000000000000000000000000000000b0b0b' as Hex;
    const stream = await settledPayout('2026-10-12', 'payee-crash', to, 5_000_000);
    const crashing = new UnreliableChain(adapter(), 0, 1);
    expect(await runTicks(new ReferralSettlement(stack.command.deps, crashing, { graceMs: 0, pollMs: 60_000 }), 1)).toBe(1);
    expect(await transfersTo(to)).toEqual([]);
    // Another payout spends the nonce the recorded transaction was signed with: it can never be mined.
    await chain.transfer(1, token, '0x00000000000000000000000000000000000c0c0c', 1n);
    const port = new UnreliableChain(adapter(), 1);
    expect(await runTicks(new ReferralSettlement(stack.command.deps, port, { graceMs: 0, pollMs: 60_000 }), 4)).toBe(1);
    const onChain = await transfersTo(to);
    expect(onChain).toEqual([{ value: 5_000_000n, hash: expect.any(String) }]);
    const types = (await stack.command.deps.store.readStream(stream)).events.map((e) => e.type);
    expect(types).toEqual([
      'ReferralPayoutSettled',
      'ReferralPayoutTransferIntended',
      'ReferralPayoutTransferIntended',
      'ReferralPayoutTransferred',
    ]);
  });
});
