// Sending USDT to a referrer's payout wallet is an outside service: this port, a recording local
// adapter (demo and tests) and the real on-chain adapter (viem, ERC-20 transfer) beside it.
// A transfer is prepared (signed, hash and nonce known) before anything is sent, so the caller can
// record the intent first and reconcile by hash after a timeout or a crash.
import { createHash } from 'node:crypto';
import type { PreparedUsdtTransfer } from '@murmur/contracts';
import type pg from 'pg';
import {
  createPublicClient,
  createWalletClient,
  encodeFunctionData,
  erc20Abi,
  http,
  keccak256,
  TransactionNotFoundError,
  type Address,
  type Hex,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import type { ReferralConfig } from './config.ts';

export interface UsdtTransferRequest {
  to: string;
  chainId: number;
  amountMicroUsdt: number;
}

/** What the chain knows of a prepared transfer: `sent` (pending or mined), `dropped` (its nonce
 * went to another transaction, so it can never be mined) or `unknown` (never seen: send it). */
export type TransferStatus = 'sent' | 'dropped' | 'unknown';

export interface UsdtPayoutPort {
  /** Signs the transfer without sending it. */
  prepare(request: UsdtTransferRequest): Promise<PreparedUsdtTransfer>;
  /** Sends exactly these signed bytes; sending them again never makes a second transfer. */
  broadcast(prepared: PreparedUsdtTransfer): Promise<void>;
  status(prepared: PreparedUsdtTransfer): Promise<TransferStatus>;
}

/** Records transfers in a table of its own (the stand-in for the outside ledger), one row per
 * transaction hash. */
export class RecordingUsdtPayout implements UsdtPayoutPort {
  private ready: Promise<unknown> | null = null;
  constructor(private readonly pool: pg.Pool) {}

  private ensure() {
    this.ready ??= this.pool.query(`create table if not exists local_usdt_transfers (
      idempotency_key text primary key, to_address text not null, chain_id int not null,
      amount_micro bigint not null, tx_hash text not null, sent_at timestamptz not null default now())`);
    return this.ready;
  }

  async prepare(request: UsdtTransferRequest): Promise<PreparedUsdtTransfer> {
    const signedTransaction = JSON.stringify({ ...request, id: crypto.randomUUID() });
    const txHash = `0x${createHash('sha256').update(`local-usdt:${signedTransaction}`).digest('hex')}`;
    return { ...request, from: 'local', nonce: 0, txHash, signedTransaction };
  }

  async broadcast(prepared: PreparedUsdtTransfer): Promise<void> {
    await this.ensure();
    await this.pool.query(
      `insert into local_usdt_transfers (idempotency_key, to_address, chain_id, amount_micro, tx_hash) values ($1, $2, $3, $4, $1)
       on conflict (idempotency_key) do nothing`,
      [prepared.txHash, prepared.to, prepared.chainId, prepared.amountMicroUsdt],
    );
  }

  async status(prepared: PreparedUsdtTransfer): Promise<TransferStatus> {
    await this.ensure();
    const { rowCount } = await this.pool.query('select 1 from local_usdt_transfers where tx_hash = $1', [prepared.txHash]);
    return rowCount ? 'sent' : 'unknown';
  }

  async transfers(): Promise<Array<{ txHash: string; to: string; amountMicroUsdt: number }>> {
    await this.ensure();
    const { rows } = await this.pool.query<{ tx_hash: string; to_address: string; amount_micro: string }>(
      'select tx_hash, to_address, amount_micro from local_usdt_transfers order by sent_at, tx_hash',
    );
    return rows.map((r) => ({ txHash: r.tx_hash, to: r.to_address, amountMicroUsdt: Number(r.amount_micro) }));
  }
}

type EvmPayoutConfig = Required<
  Pick<ReferralConfig, 'REFERRAL_PAYOUT_RPC_URL' | 'REFERRAL_PAYOUT_PRIVATE_KEY' | 'REFERRAL_PAYOUT_USDT_ADDRESS'>
> & { decimals: number };

/** The production adapter: an ERC-20 `transfer` of the USDT contract from the payout account. */
export class EvmUsdtPayout implements UsdtPayoutPort {
  private readonly account;
  private readonly publicClient;
  private readonly walletClient;

  constructor(private readonly config: EvmPayoutConfig) {
    this.account = privateKeyToAccount(config.REFERRAL_PAYOUT_PRIVATE_KEY as Hex);
    this.publicClient = createPublicClient({ transport: http(config.REFERRAL_PAYOUT_RPC_URL) });
    this.walletClient = createWalletClient({ account: this.account, transport: http(config.REFERRAL_PAYOUT_RPC_URL) });
  }

  async prepare(request: UsdtTransferRequest): Promise<PreparedUsdtTransfer> {
    const chainId = await this.publicClient.getChainId();
    if (chainId !== request.chainId) throw new Error(`Payout RPC is chain ${chainId}, the wallet expects ${request.chainId}`);
    // micro-USDT to the token's base units.
    const units = (BigInt(request.amountMicroUsdt) * 10n ** BigInt(this.config.decimals)) / 1_000_000n;
    const nonce = await this.publicClient.getTransactionCount({ address: this.account.address, blockTag: 'pending' });
    const transaction = await this.walletClient.prepareTransactionRequest({
      chain: null,
      account: this.account,
      to: this.config.REFERRAL_PAYOUT_USDT_ADDRESS as Address,
      data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [request.to as Address, units] }),
      nonce,
      chainId,
    });
    const signedTransaction = await this.account.signTransaction(transaction as Parameters<typeof this.account.signTransaction>[0]);
    return { ...request, from: this.account.address, nonce, txHash: keccak256(signedTransaction), signedTransaction };
  }

  async broadcast(prepared: PreparedUsdtTransfer): Promise<void> {
    try {
      await this.publicClient.sendRawTransaction({ serializedTransaction: prepared.signedTransaction as Hex });
    } catch (error) {
      // The node has these bytes already (an earlier send went through although its answer was lost).
      if (/already known|known transaction|already imported/i.test(String((error as Error).message))) return;
      throw error;
    }
  }

  async status(prepared: PreparedUsdtTransfer): Promise<TransferStatus> {
    // The nonce first: a transaction mined between the two reads is then still found by its hash.
    const used = await this.publicClient.getTransactionCount({ address: prepared.from as Address, blockTag: 'latest' });
    try {
      await this.publicClient.getTransaction({ hash: prepared.txHash as Hex });
      return 'sent';
    } catch (error) {
      if (!(error instanceof TransactionNotFoundError)) throw error;
    }
    return used > prepared.nonce ? 'dropped' : 'unknown';
  }
}

export function payoutAdapter(config: ReferralConfig, pool: pg.Pool): UsdtPayoutPort {
  if (config.REFERRAL_PAYOUT_ADAPTER === 'evm') {
    const { REFERRAL_PAYOUT_RPC_URL, REFERRAL_PAYOUT_PRIVATE_KEY, REFERRAL_PAYOUT_USDT_ADDRESS } = config;
    if (!REFERRAL_PAYOUT_RPC_URL || !REFERRAL_PAYOUT_PRIVATE_KEY || !REFERRAL_PAYOUT_USDT_ADDRESS) {
      throw new Error(
        'REFERRAL_PAYOUT_ADAPTER=evm needs REFERRAL_PAYOUT_RPC_URL, REFERRAL_PAYOUT_PRIVATE_KEY and REFERRAL_PAYOUT_USDT_ADDRESS',
      );
    }
    return new EvmUsdtPayout({
      REFERRAL_PAYOUT_RPC_URL,
      REFERRAL_PAYOUT_PRIVATE_KEY,
      REFERRAL_PAYOUT_USDT_ADDRESS,
      decimals: config.REFERRAL_PAYOUT_USDT_DECIMALS,
    });
  }
  return new RecordingUsdtPayout(pool);
}
