// The browser's EVM wallet (EIP-1193, window.ethereum) for paying and proving: its account, the
// network check with the offer to switch (wallet_switchEthereumChain), an ERC-20 transfer, the
// receipt's confirmations, and the spec's text for whatever a wallet answers.
import { formatText } from '@murmur/contracts/errors';
import { walletTopUpTexts } from '@murmur/contracts/top-up-texts';
import { browserWalletTexts } from '@murmur/contracts/account-settings';
import { nativeToken } from '@murmur/contracts/deposits';
import type { ChainRpcMethod } from '@murmur/contracts/chain-rpc';
import { ApiCallError } from '../api/client.ts';
import { isIgnorable } from '../api/ignorableErrors.ts';

export interface Eip1193 {
  request(args: { method: string; params?: unknown[] }): Promise<unknown>;
}

export const chainNames: Record<number, string> = {
  1: 'Ethereum',
  11155111: 'Sepolia',
  137: 'Polygon',
  80001: 'Mumbai',
  80094: 'Berachain',
  80084: 'Berachain bArtio',
  2741: 'Abstract',
  11124: 'Abstract testnet',
  101: 'Solana',
  103: 'Solana devnet',
};
export const chainName = (chainId: number) => chainNames[chainId] ?? `Chain ${chainId}`;

export const evmWallet = (): Eip1193 | null => (globalThis as { ethereum?: Eip1193 }).ethereum ?? null;

/** The person closed the wallet's prompt: nothing to say (ignored silently; docs/decisions/payments.md). */
export class WalletRejected extends Error {}

/** The wallet is on another chain; the page offers to switch it. */
export class WrongNetwork extends Error {
  constructor(
    readonly expected: number,
    readonly actual: number,
  ) {
    super(formatText(walletTopUpTexts.wrongNetwork, { network: chainName(expected) }));
  }
}

/** A failure with the text to show as it is (ours or the server's). */
export class WalletProblem extends Error {}

const hex = (n: number | bigint) => `0x${n.toString(16)}`;

/** The person declined in the wallet (one of the app's ignorable failures). */
export function isRejection(e: unknown): boolean {
  return isIgnorable(e);
}

/**
 * Spec section 8 for a wallet's failure: null when it is a refusal (said nothing), else the text.
 * Wallets put the revert reason or RPC error in the message, sometimes under data or cause.
 */
export function walletErrorText(error: unknown): string | null {
  if (error instanceof WalletRejected || isRejection(error)) return null;
  // Our API's refusal (e.g. a signature by another key) carries the spec's text; its string code is no wallet code.
  if (error instanceof WrongNetwork || error instanceof WalletProblem || error instanceof ApiCallError) return error.message;
  const e = (error ?? {}) as { code?: number; message?: string; data?: { message?: string }; cause?: { message?: string } };
  const said = [e.message, e.data?.message, e.cause?.message].filter(Boolean).join(' ');
  if (e.code === -13) return walletTopUpTexts.insufficientGas;
  if (/transfer amount exceeds balance|insufficient balance/i.test(said)) return walletTopUpTexts.insufficientBalance;
  if (/insufficient funds/i.test(said)) return walletTopUpTexts.insufficientGas;
  if (/token account not found|could not find account/i.test(said)) return walletTopUpTexts.checkFunds;
  if (e.code === -32603 || e.code === -32000) return walletTopUpTexts.insufficientBalance;
  return browserWalletTexts.otherNetwork;
}

export async function walletAccount(wallet: Eip1193): Promise<string> {
  const accounts = (await wallet.request({ method: 'eth_requestAccounts' })) as string[];
  const account = accounts[0];
  if (!account) throw new WalletRejected();
  return account;
}

export async function walletChainId(wallet: Eip1193): Promise<number> {
  return Number(BigInt((await wallet.request({ method: 'eth_chainId' })) as string));
}

/** Throws WrongNetwork unless the wallet is on `chainId`. */
export async function requireChain(wallet: Eip1193, chainId: number): Promise<void> {
  const actual = await walletChainId(wallet);
  if (actual !== chainId) throw new WrongNetwork(chainId, actual);
}

/** Asks the wallet to switch networks; a wallet that does not know the chain gets the spec's fallback. */
export async function switchChain(wallet: Eip1193, chainId: number): Promise<void> {
  try {
    await wallet.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: hex(chainId) }] });
  } catch (error) {
    if (isRejection(error)) throw new WalletRejected();
    throw new WalletProblem(browserWalletTexts.otherNetwork);
  }
  await requireChain(wallet, chainId);
}

const word = (value: string) => value.replace(/^0x/, '').toLowerCase().padStart(64, '0');

/** ERC-20 `transfer(to, amount)` call data (selector a9059cbb). */
export function erc20TransferData(to: string, amount: bigint): string {
  return `0xa9059cbb${word(to)}${word(amount.toString(16))}`;
}

/** Whole token units from a decimal amount text, without floating point ("12.5", 6 -> 12500000n). */
export function tokenUnits(amount: string, decimals: number): bigint {
  const [whole = '0', fraction = ''] = amount.trim().split('.');
  return BigInt(whole || '0') * 10n ** BigInt(decimals) + BigInt((fraction + '0'.repeat(decimals)).slice(0, decimals) || '0');
}

/**
 * Sends `amount` of the token from `from` to `to` and returns the transaction hash. A token the
 * wallet's network does not have (no contract code there) is 'Token not found in your wallet'.
 */
export async function sendTokenTransfer(
  wallet: Eip1193,
  args: { from: string; token: string; to: string; amount: bigint },
): Promise<string> {
  // The chain's own ether is the transaction's value, sent straight to the deposit address.
  if (args.token === nativeToken) {
    return (await wallet.request({
      method: 'eth_sendTransaction',
      params: [{ from: args.from, to: args.to, value: hex(args.amount) }],
    })) as string;
  }
  const code = (await wallet.request({ method: 'eth_getCode', params: [args.token, 'latest'] })) as string;
  if (!code || code === '0x') throw new WalletProblem(walletTopUpTexts.tokenNotFound);
  return (await wallet.request({
    method: 'eth_sendTransaction',
    params: [{ from: args.from, to: args.token, data: erc20TransferData(args.to, args.amount), value: '0x0' }],
  })) as string;
}

/** A JSON-RPC read of one chain: through our server's proxy, or the wallet's own node (wallet/chainReads.ts). */
export type ChainRead = (method: ChainRpcMethod, params: unknown[]) => Promise<unknown>;

/** Blocks that include the transaction (its own counted), null while pending; throws if it reverted. */
export async function confirmationsOf(read: ChainRead, hash: string): Promise<number | null> {
  const receipt = (await read('eth_getTransactionReceipt', [hash])) as { blockNumber: string; status: string } | null;
  if (!receipt?.blockNumber) return null;
  if (receipt.status === '0x0') throw new WalletProblem(walletTopUpTexts.transferFailed);
  const head = BigInt((await read('eth_blockNumber', [])) as string);
  return Number(head - BigInt(receipt.blockNumber) + 1n);
}
