// A crypto top-up by transaction: the chain's own record of it decides (receipt, confirmations,
// recipient, currency, sender), never the request's words. Each transfer in it is one payment,
// claimed once on its own `payment-crypto-{chain}-{tx}-{index}` stream whoever submits it, then
// credited by the one settlement path (key `topup:{paymentId}`). Stablecoins credit at par; ETH,
// SOL and HONEY at the configured rate source's USD value when the top-up is confirmed.
import {
  chainKindOf,
  diamondsForUsdCents,
  evmTxHashPattern,
  nativeToken,
  solanaSignaturePattern,
  stablecoins,
  streamIds,
  topUp,
  type ChainKind,
  type DepositCurrency,
  type PaymentResultDto,
  type TopUpPayBody,
} from '@murmur/contracts';
import { claimStream } from '@murmur/eventstore';
import { ApiError } from '@murmur/platform';
import type { CommandDeps } from '../dependencies.ts';
import { provenWalletAddresses } from './owned-wallets.ts';
import { cryptoPaymentId } from './payment.ts';
import type { ChainTransfer } from './ports.ts';
import { paymentCommands, settlePayment } from './settle.ts';
import { topUpBoundsError } from './top-up.ts';

/** EVM addresses are case-insensitive; Solana's base58 ones are not. */
const sameAddressOn = (kind: ChainKind) => (a: string, b: string) => (kind === 'evm' ? a.toLowerCase() === b.toLowerCase() : a === b);

const listOf = (symbols: string[]) => (symbols.length <= 1 ? symbols.join('') : `${symbols.slice(0, -1).join(', ')} or ${symbols.at(-1)}`);

/** US cents a transfer is worth: stablecoins at par, the others at the rate source's USD value,
 * in whole cents (dust below a cent is not credited). */
function centsOf(deps: CommandDeps, symbol: DepositCurrency, decimals: number, amount: bigint): number {
  if (stablecoins.includes(symbol)) return Number(amount / 10n ** BigInt(decimals - 2));
  const usd = deps.payments.rates?.usdValue(symbol) ?? null;
  if (usd === null) throw new ApiError('RULE_VIOLATED', `Top-ups in ${symbol} are not available here.`);
  // The rate in millionths of a dollar keeps the arithmetic in integers.
  const microUsd = BigInt(Math.round(usd * 1e6));
  return Number((amount * microUsd * 100n) / (10n ** BigInt(decimals) * 1_000_000n));
}

export async function payCrypto(
  deps: CommandDeps,
  uid: string,
  body: TopUpPayBody,
): Promise<Omit<PaymentResultDto, 'position'> & { position: bigint }> {
  const { chain, config } = deps.payments;
  if (!body.transactionHash) throw new ApiError('VALIDATION_FAILED', 'transactionHash is required.');
  if (body.chainId === undefined) throw new ApiError('VALIDATION_FAILED', 'chainId is required.');
  const kind = chainKindOf(body.chainId);
  if (!kind) throw new ApiError('VALIDATION_FAILED', `Chain ${body.chainId} is not supported.`);
  if (!(kind === 'evm' ? evmTxHashPattern : solanaSignaturePattern).test(body.transactionHash)) {
    throw new ApiError(
      'VALIDATION_FAILED',
      kind === 'evm' ? 'transactionHash must be a 0x-prefixed 32-byte hash.' : 'transactionHash must be a Solana transaction signature.',
    );
  }
  if (!body.address) throw new ApiError('VALIDATION_FAILED', 'address is required.');
  const depositAddress = kind === 'evm' ? config.depositAddress : (config.solanaDepositAddress ?? null);
  const accepted = config.tokens.filter((t) => t.chainId === body.chainId);
  if (!chain || !depositAddress || accepted.length === 0)
    throw new ApiError('RULE_VIOLATED', 'Crypto top-ups on this chain are not available here.');
  const same = sameAddressOn(kind);
  const hash = kind === 'evm' ? body.transactionHash.toLowerCase() : body.transactionHash;
  const receipt = await chain.receipt(body.chainId, hash);
  if (!receipt) throw new ApiError('RULE_VIOLATED', 'This transaction was not found on the chain.');
  if (!receipt.succeeded) throw new ApiError('RULE_VIOLATED', 'This transaction failed on the chain.');
  if (receipt.confirmations < BigInt(config.confirmations)) {
    throw new ApiError(
      'RULE_VIOLATED',
      `This transaction has ${receipt.confirmations} of ${config.confirmations} confirmations. Please try again shortly.`,
    );
  }
  const tokens = accepted.filter((t) => !body.fromCurrency || t.symbol === body.fromCurrency);
  const tokenOf = (transfer: ChainTransfer) =>
    tokens.find((k) =>
      k.address === nativeToken ? transfer.token === nativeToken : transfer.token !== nativeToken && same(k.address, transfer.token),
    );
  const toDeposit = receipt.transfers.filter((t) => same(t.to, depositAddress));
  if (toDeposit.length === 0) throw new ApiError('RULE_VIOLATED', 'This transfer was not sent to the platform deposit address.');
  const ofToken = toDeposit.filter((t) => tokenOf(t) !== undefined);
  if (ofToken.length === 0)
    throw new ApiError(
      'RULE_VIOLATED',
      `This transfer is not of a supported currency (${listOf([...new Set(accepted.map((t) => t.symbol))])}).`,
    );
  const fromUser = ofToken.filter((t) => same(t.from, body.address!));
  if (fromUser.length === 0) throw new ApiError('RULE_VIOLATED', 'This transfer was not sent from the given wallet address.');
  // Whoever knows a hash could claim it; only a wallet the user has proven by signature credits them.
  const owned = await provenWalletAddresses(deps, uid);
  if (!owned.some((a) => same(a, body.address!)))
    throw new ApiError('RULE_VIOLATED', 'Connect this wallet to your account first (sign the wallet message).');

  let last: (Omit<PaymentResultDto, 'position'> & { position: bigint }) | null = null;
  for (const transfer of fromUser) {
    const token = tokenOf(transfer)!;
    const paymentId = cryptoPaymentId(transfer.chainId, transfer.txHash, transfer.logIndex);
    // A transfer already claimed keeps the amount it was credited at, whatever the rate says now.
    const { state: existing } = await paymentCommands.load(deps, paymentId);
    if (existing.status !== 'none' && existing.uid !== uid) throw new ApiError('CONFLICT', 'This transaction has already been credited.');
    const amountUsdCents =
      existing.status !== 'none' ? existing.amountUsdCents : centsOf(deps, token.symbol, token.decimals, transfer.amount);
    if (amountUsdCents < topUp.minUsd * 100) throw topUpBoundsError();
    const diamonds = existing.status !== 'none' ? existing.diamonds : diamondsForUsdCents(amountUsdCents);
    const at = deps.clock.now().toISOString();
    const common = {
      paymentId,
      uid,
      provider: 'crypto' as const,
      purpose: 'topup' as const,
      amountUsdCents,
      diamonds,
      providerRef: `${transfer.chainId}:${transfer.txHash}:${transfer.logIndex}`,
    };
    const claim = await claimStream(
      deps.store,
      streamIds.payment(paymentId),
      [
        { type: 'PaymentInitiated', data: { ...common, initiatedAt: at } },
        {
          type: 'PaymentConfirmed',
          data: {
            ...common,
            chainId: transfer.chainId,
            txHash: transfer.txHash,
            logIndex: transfer.logIndex,
            token: token.symbol,
            tokenAmount: transfer.amount.toString(),
            confirmedAt: at,
          },
        },
      ],
      { idempotencyKey: `payment:${paymentId}` },
    );
    const appended = claim.claimed ? claim.result : null;
    let credited = { amountUsdCents, diamonds };
    if (!appended || appended.duplicate) {
      // The transfer's stream exists (claimed in parallel, perhaps at another rate): a retry by its
      // owner settles what the stream says again (a no-op), anyone else is refused.
      const { state } = await paymentCommands.load(deps, paymentId);
      if (state.uid !== uid) throw new ApiError('CONFLICT', 'This transaction has already been credited.');
      credited = { amountUsdCents: state.amountUsdCents, diamonds: state.diamonds };
    }
    const position = appended && !appended.duplicate ? appended.lastPosition : 0n;
    const credit = await settlePayment(deps, { paymentId, uid, purpose: 'topup', ...credited });
    last = {
      status: 'succeeded',
      clientSecret: null,
      transactionId: paymentId,
      referenceId: transfer.txHash,
      metadata: { currencyKind: token.symbol, value: credited.amountUsdCents / 100 },
      position: position > credit.position ? position : credit.position,
    };
  }
  return last!;
}
