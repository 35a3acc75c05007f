// Reads a Solana transaction with @solana/web3.js and lists its top-level transfers to anyone: SOL
// (the system program's Transfer) and SPL tokens (Transfer, TransferChecked, classic and 2022
// programs). A token transfer names the recipient account's owner and mint as the node recorded
// them after the transaction (postTokenBalances), and its sender is the signing authority.
// Transfers made inside another program's instruction (inner instructions) are not listed: a
// top-up is a wallet's plain transfer.
import { nativeToken } from '@murmur/contracts';
import { Connection, type VersionedTransactionResponse } from '@solana/web3.js';
import type { ChainReceipt, ChainTransfer, ChainVerifier } from './ports.ts';

const SYSTEM_PROGRAM = '11111111111111111111111111111111';
const TOKEN_PROGRAMS = new Set(['TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA', 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb']);

function transfersOf(chainId: number, signature: string, tx: VersionedTransactionResponse): ChainTransfer[] {
  const message = tx.transaction.message;
  const loaded = tx.meta?.loadedAddresses;
  const keys = [
    ...message.staticAccountKeys.map((k) => k.toBase58()),
    ...(loaded?.writable ?? []).map((k) => k.toBase58()),
    ...(loaded?.readonly ?? []).map((k) => k.toBase58()),
  ];
  const after = tx.meta?.postTokenBalances ?? [];
  const out: ChainTransfer[] = [];
  message.compiledInstructions.forEach((ix, index) => {
    const program = keys[ix.programIdIndex];
    const data = Buffer.from(ix.data);
    const account = (i: number) => keys[ix.accountKeyIndexes[i] ?? -1];
    if (program === SYSTEM_PROGRAM && data.length >= 12 && data.readUInt32LE(0) === 2) {
      const from = account(0);
      const to = account(1);
      if (from && to)
        out.push({ chainId, txHash: signature, logIndex: index, token: nativeToken, from, to, amount: data.readBigUInt64LE(4) });
      return;
    }
    if (!program || !TOKEN_PROGRAMS.has(program) || data.length < 9) return;
    const tag = data.readUInt8(0);
    // Transfer: [source, destination, authority]; TransferChecked: [source, mint, destination, authority].
    const [destinationAt, authorityAt] = tag === 3 ? [1, 2] : tag === 12 ? [2, 3] : [-1, -1];
    if (destinationAt < 0) return;
    const destinationIndex = ix.accountKeyIndexes[destinationAt];
    const recorded = after.find((b) => b.accountIndex === destinationIndex);
    const authority = account(authorityAt);
    if (!recorded?.owner || !authority) return;
    out.push({
      chainId,
      txHash: signature,
      logIndex: index,
      token: recorded.mint,
      from: authority,
      to: recorded.owner,
      amount: data.readBigUInt64LE(1),
    });
  });
  return out;
}

export class SolanaChainVerifier implements ChainVerifier {
  private readonly connections = new Map<number, Connection>();

  /** rpcUrls: one RPC endpoint per Solana chain id (101 mainnet-beta, 103 devnet). */
  constructor(private readonly rpcUrls: Record<number, string>) {}

  private connection(chainId: number): Connection | null {
    const url = this.rpcUrls[chainId];
    if (!url) return null;
    let connection = this.connections.get(chainId);
    if (!connection) {
      connection = new Connection(url, { commitment: 'confirmed', disableRetryOnRateLimit: true });
      this.connections.set(chainId, connection);
    }
    return connection;
  }

  async receipt(chainId: number, signature: string): Promise<ChainReceipt | null> {
    const connection = this.connection(chainId);
    if (!connection) return null;
    const tx = await connection.getTransaction(signature, { commitment: 'confirmed', maxSupportedTransactionVersion: 0 });
    if (!tx) return null;
    // Confirmations as on an EVM chain: slots since (and with) the transaction's, read fresh.
    const head = await connection.getSlot('confirmed');
    return {
      succeeded: tx.meta !== null && tx.meta.err === null,
      confirmations: BigInt(head - tx.slot + 1),
      transfers: tx.meta?.err === null ? transfersOf(chainId, signature, tx) : [],
    };
  }
}
