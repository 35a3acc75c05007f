// The TON chain port on toncenter's API v3, over fetch: the account's recent transactions (their
// incoming message's value and text comment, whether the transaction was aborted, the masterchain
// block it is in) and the masterchain's last block for the confirmations. In tests the same code
// talks to test-support/ton-chain-server.ts.
import { Address } from '@ton/core';
import { z } from 'zod';
import type { TonChain, TonTransfer } from './ports.ts';

const Transaction = z.object({
  hash: z.string(),
  lt: z.string(),
  mc_block_seqno: z.number().int().nullable().optional(),
  description: z.object({ aborted: z.boolean().optional() }).passthrough().optional(),
  in_msg: z
    .object({
      source: z.string().nullable().optional(),
      destination: z.string().nullable().optional(),
      value: z.string().nullable().optional(),
      message_content: z
        .object({ decoded: z.object({ type: z.string(), comment: z.string().optional() }).nullable().optional() })
        .nullable()
        .optional(),
    })
    .nullable()
    .optional(),
});
const Transactions = z.object({ transactions: z.array(Transaction) });
const MasterchainInfo = z.object({ last: z.object({ seqno: z.number().int() }) });

/** How many of the account's latest transactions are searched for a payment's comment. */
const SEARCH_DEPTH = 100;

export class ToncenterTonChain implements TonChain {
  constructor(private readonly config: { apiUrl: string; apiKey: string | null }) {}

  private async get(path: string): Promise<unknown> {
    const res = await fetch(`${this.config.apiUrl.replace(/\/$/, '')}${path}`, {
      headers: this.config.apiKey ? { 'x-api-key': this.config.apiKey } : {},
      signal: AbortSignal.timeout(10_000),
    });
    if (!res.ok) throw new Error(`TON API answered ${res.status}`);
    return res.json();
  }

  async transfersTo(address: string, comment: string): Promise<TonTransfer[]> {
    const account = Address.parse(address);
    const [txs, head] = await Promise.all([
      this.get(`/transactions?account=${encodeURIComponent(account.toRawString())}&limit=${SEARCH_DEPTH}&sort=desc`).then(
        (j) => Transactions.parse(j).transactions,
      ),
      this.get('/masterchainInfo').then((j) => MasterchainInfo.parse(j).last.seqno),
    ]);
    const found: TonTransfer[] = [];
    for (const tx of txs) {
      const msg = tx.in_msg;
      const decoded = msg?.message_content?.decoded;
      if (!msg?.destination || !msg.value || decoded?.type !== 'text_comment' || decoded.comment !== comment) continue;
      // The listing is of our account; a message naming another destination is not ours anyway.
      if (!Address.parse(msg.destination).equals(account)) continue;
      found.push({
        hash: tx.hash,
        lt: tx.lt,
        from: msg.source ?? null,
        to: msg.destination,
        amount: BigInt(msg.value),
        comment: decoded.comment,
        succeeded: tx.description?.aborted !== true,
        confirmations: tx.mc_block_seqno == null ? 0 : Math.max(0, head - tx.mc_block_seqno + 1),
      });
    }
    return found;
  }
}
