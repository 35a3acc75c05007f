// Sending USDT to a referrer's payout wallet is an outside service: this port, a recording local
// adapter (demo and tests) and the real on-chain adapter (viem, ERC-20 transfer) beside it.
import { createHash } from 'node:crypto';
import type pg from 'pg';
import { createWalletClient, erc20Abi, http, type Address, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import type { ReferralConfig } from './config.ts';

export interface UsdtTransferRequest {
  /** One key per settlement: the same key never sends twice. */
  idempotencyKey: string;
  to: string;
  chainId: number;
  amountMicroUsdt: number;
}

export interface UsdtPayoutPort {
  transfer(request: UsdtTransferRequest): Promise<{ txHash: string }>;
}

/** Records transfers in a table of its own (the stand-in for the outside ledger); a repeated key
 * answers with the first transfer. */
export class RecordingUsdtPayout implements UsdtPayoutPort {
  private ready: Promise<unknown> | null = null;
  constructor(private readonly pool: pg.Pool) {}

  private ensure() {
    this.ready ??= this.pool.query(`create table if not exists local_usdt_transfers (
      idempotency_key text primary key, to_address text not null, chain_id int not null,
      amount_micro bigint not null, tx_hash text not null, sent_at timestamptz not null default now())`);
    return this.ready;
  }

  async transfer(request: UsdtTransferRequest): Promise<{ txHash: string }> {
    await this.ensure();
    const txHash = `0x${createHash('sha256').update(`local-usdt:${request.idempotencyKey}`).digest('hex')}`;
    await this.pool.query(
      `insert into local_usdt_transfers (idempotency_key, to_address, chain_id, amount_micro, tx_hash) values ($1, $2, $3, $4, $5)
       on conflict (idempotency_key) do nothing`,
      [request.idempotencyKey, request.to, request.chainId, request.amountMicroUsdt, txHash],
    );
    const { rows } = await this.pool.query<{ tx_hash: string }>('select tx_hash from local_usdt_transfers where idempotency_key = $1', [request.idempotencyKey]);
    return { txHash: rows[0]!.tx_hash };
  }

  async transfers(): Promise<Array<{ idempotencyKey: string; to: string; amountMicroUsdt: number }>> {
    await this.ensure();
    const { rows } = await this.pool.query<{ idempotency_key: string; to_address: string; amount_micro: string }>(
      'select idempotency_key, to_address, amount_micro from local_usdt_transfers order by idempotency_key',
    );
    return rows.map((r) => ({ idempotencyKey: r.idempotency_key, to: r.to_address, amountMicroUsdt: Number(r.amount_micro) }));
  }
}

/** The production adapter: an ERC-20 `transfer` of the USDT contract from the payout account. */
export class EvmUsdtPayout implements UsdtPayoutPort {
  constructor(private readonly config: Required<Pick<ReferralConfig, 'REFERRAL_PAYOUT_RPC_URL' | 'REFERRAL_PAYOUT_PRIVATE_KEY' | 'REFERRAL_PAYOUT_USDT_ADDRESS'>> & { decimals: number }) {}

  async transfer(request: UsdtTransferRequest): Promise<{ txHash: string }> {
    const account = privateKeyToAccount(this.config.REFERRAL_PAYOUT_PRIVATE_KEY as Hex);
    const client = createWalletClient({ account, transport: http(this.config.REFERRAL_PAYOUT_RPC_URL) });
    const chainId = await client.getChainId();
    if (chainId !== request.chainId) throw new Error(`Payout RPC is chain ${chainId}, the wallet expects ${request.chainId}`);
    // micro-USDT to the token's base units.
    const units = (BigInt(request.amountMicroUsdt) * 10n ** BigInt(this.config.decimals)) / 1_000_000n;
    const txHash = await client.writeContract({
      chain: null,
      address: this.config.REFERRAL_PAYOUT_USDT_ADDRESS as Address,
      abi: erc20Abi,
      functionName: 'transfer',
      args: [request.to as Address, units],
    });
    return { txHash };
  }
}

export function payoutAdapter(config: ReferralConfig, pool: pg.Pool): UsdtPayoutPort {
  if (config.REFERRAL_PAYOUT_ADAPTER === 'evm') {
    const { REFERRAL_PAYOUT_RPC_URL, REFERRAL_PAYOUT_PRIVATE_KEY, REFERRAL_PAYOUT_USDT_ADDRESS } = config;
    if (!REFERRAL_PAYOUT_RPC_URL || !REFERRAL_PAYOUT_PRIVATE_KEY || !REFERRAL_PAYOUT_USDT_ADDRESS) {
      throw new Error('REFERRAL_PAYOUT_ADAPTER=evm needs REFERRAL_PAYOUT_RPC_URL, REFERRAL_PAYOUT_PRIVATE_KEY and REFERRAL_PAYOUT_USDT_ADDRESS');
    }
    return new EvmUsdtPayout({ REFERRAL_PAYOUT_RPC_URL, REFERRAL_PAYOUT_PRIVATE_KEY, REFERRAL_PAYOUT_USDT_ADDRESS, decimals: config.REFERRAL_PAYOUT_USDT_DECIMALS });
  }
  return new RecordingUsdtPayout(pool);
}
