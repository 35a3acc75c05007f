// Reads a transaction receipt from the chain with viem and lists its transfers: the ERC-20
// Transfer logs and the ether the transaction itself carries.
import { createPublicClient, erc20Abi, http, parseEventLogs, type Hex, type PublicClient } from 'viem';
import { nativeToken } from '@murmur/contracts';
import type { ChainReceipt, ChainTransfer, ChainVerifier } from './ports.ts';

export class ViemChainVerifier implements ChainVerifier {
  private readonly clients = new Map<number, PublicClient>();
  private readonly checkedChains = new Map<number, Promise<void>>();

  /** rpcUrls: one RPC endpoint per supported chain id. */
  constructor(private readonly rpcUrls: Record<number, string>) {}

  private client(chainId: number): PublicClient | null {
    const url = this.rpcUrls[chainId];
    if (!url) return null;
    let client = this.clients.get(chainId);
    if (!client) {
      client = createPublicClient({ transport: http(url, { retryCount: 1, timeout: 10_000 }) });
      this.clients.set(chainId, client);
    }
    return client;
  }

  /** A misconfigured endpoint serving another chain must never credit this one. */
  private checkChain(chainId: number, client: PublicClient): Promise<void> {
    let check = this.checkedChains.get(chainId);
    if (!check) {
      check = client.getChainId().then((actual) => {
        if (actual !== chainId) throw new Error(`RPC endpoint for chain ${chainId} serves chain ${actual}`);
      });
      check.catch(() => this.checkedChains.delete(chainId));
      this.checkedChains.set(chainId, check);
    }
    return check;
  }

  async receipt(chainId: number, hash: string): Promise<ChainReceipt | null> {
    const txHash = hash as Hex;
    const client = this.client(chainId);
    if (!client) return null;
    await this.checkChain(chainId, client);
    const receipt = await client.getTransactionReceipt({ hash: txHash }).catch((error: Error) => {
      if (error.name === 'TransactionReceiptNotFoundError') return null;
      throw error;
    });
    if (!receipt) return null;
    // No cached block number: a stale head would count too few (or negative) confirmations.
    const head = await client.getBlockNumber({ cacheTime: 0 });
    const logs = parseEventLogs({ abi: erc20Abi, eventName: 'Transfer', logs: receipt.logs, strict: true });
    const tx = await client.getTransaction({ hash: txHash });
    // A failed transaction's value never moved; a contract creation has no recipient.
    const ether: ChainTransfer[] =
      receipt.status === 'success' && tx.value > 0n && tx.to
        ? [{ chainId, txHash, logIndex: -1, token: nativeToken, from: tx.from, to: tx.to, amount: tx.value }]
        : [];
    return {
      succeeded: receipt.status === 'success',
      confirmations: head - receipt.blockNumber + 1n,
      transfers: [
        ...ether,
        ...logs.map((log) => ({
          chainId,
          txHash,
          logIndex: log.logIndex,
          token: log.address,
          from: log.args.from,
          to: log.args.to,
          amount: log.args.value,
        })),
      ],
    };
  }
}
