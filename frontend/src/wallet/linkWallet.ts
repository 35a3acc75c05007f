// Linking a browser wallet to the signed-in account (docs/decisions/payments.md):
// the wallet's account, the server's message signed by it, then `wallet/sign-message`; the proven
// address is added to the wallet list, or replaces a listed wallet's address ("update"). EVM
// through an EIP-1193 provider (window.ethereum), Solana through a window.solana-style provider.
// A rejected prompt resets silently (docs/decisions/payments.md).
import type { BlockchainWalletItem } from '@murmur/contracts/wallet';
import { browserWalletTexts } from '@murmur/contracts/account-settings';
import { money } from '@murmur/contracts/constants';
import { formatText } from '@murmur/contracts/errors';
import { ApiCallError } from '../api/client.ts';
import { api } from '../api/api.generated.ts';
import { refreshQueries } from '../state/query.ts';
import { evmWallet, isRejection, walletAccount, walletChainId, WalletProblem, WalletRejected, WrongNetwork } from './evmWallet.ts';

export { WalletRejected } from './evmWallet.ts';

export interface SolanaProvider {
  connect(): Promise<{ publicKey: { toBase58?(): string; toString(): string } }>;
  signMessage(message: Uint8Array, encoding?: string): Promise<{ signature: Uint8Array } | Uint8Array>;
  disconnect?(): Promise<void>;
  publicKey?: { toBase58?(): string; toString(): string } | null;
}

export type WalletKind = 'evm' | 'solana';

export interface LinkOptions {
  /** The address the wallet must be on (account mismatch otherwise). */
  expected?: string;
  /** The network to offer when the wallet is on one the app does not support. */
  preferredChainId?: number;
}

const solanaWallet = () => (globalThis as { solana?: SolanaProvider }).solana ?? null;

const alphabet = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
/** Base58 (Bitcoin alphabet), the encoding of Solana signatures the server reads. */
export function base58(bytes: Uint8Array): string {
  let n = 0n;
  for (const b of bytes) n = n * 256n + BigInt(b);
  let out = '';
  while (n > 0n) {
    out = alphabet[Number(n % 58n)] + out;
    n /= 58n;
  }
  for (const b of bytes) {
    if (b !== 0) break;
    out = '1' + out;
  }
  return out;
}

export async function proveAddress(
  address: string,
  environment: 'evm' | 'solana-runtime',
  sign: (message: string) => Promise<string>,
): Promise<string> {
  const { message, token } = await api.identity.createSignMessage({ address, type: 'connect', environment }, { quiet: true });
  const signature = await sign(message);
  const linked = await api.identity.linkWallet(
    { signature, address, type: 'connect', environment },
    { quiet: true, signatureSession: token },
  );
  return linked.walletAddress;
}

async function proveEvm(options: LinkOptions): Promise<{ address: string; chain: string }> {
  const wallet = evmWallet();
  if (!wallet) throw new WalletProblem(browserWalletTexts.noEvmWallet);
  const address = await walletAccount(wallet);
  if (options.expected && options.expected.toLowerCase() !== address.toLowerCase()) {
    throw new WalletProblem(formatText(browserWalletTexts.accountMismatch, { address: options.expected }));
  }
  const chainId = await walletChainId(wallet);
  if (!(money.supportedChainIds as readonly number[]).includes(chainId))
    throw new WrongNetwork(options.preferredChainId ?? money.supportedChainIds[0], chainId);
  const proven = await proveAddress(
    address,
    'evm',
    async (message) => (await wallet.request({ method: 'personal_sign', params: [message, address] })) as string,
  );
  return { address: proven, chain: 'ethereum' };
}

async function proveSolana(): Promise<{ address: string; chain: string }> {
  const wallet = solanaWallet();
  if (!wallet) throw new WalletProblem(browserWalletTexts.noSolanaWallet);
  const { publicKey } = await wallet.connect();
  const address = publicKey.toBase58?.() ?? publicKey.toString();
  const proven = await proveAddress(address, 'solana-runtime', async (message) => {
    const signed = await wallet.signMessage(new TextEncoder().encode(message), 'utf8');
    return base58(signed instanceof Uint8Array ? signed : signed.signature);
  });
  return { address: proven, chain: 'solana' };
}

/** Our API's refusals and our own texts pass; a wallet's own failure gets the spec's fallback. */
function explained(error: unknown): Error {
  if (error instanceof WalletRejected || isRejection(error)) return new WalletRejected();
  if (error instanceof ApiCallError || error instanceof WalletProblem || error instanceof WrongNetwork) return error;
  return new WalletProblem(browserWalletTexts.otherNetwork);
}

/** Links the wallet and lists it (named), or throws the text to show; WalletRejected says nothing. */
export async function linkBrowserWallet(kind: WalletKind, name: string, options: LinkOptions = {}): Promise<string> {
  try {
    const { address, chain } = kind === 'evm' ? await proveEvm(options) : await proveSolana();
    await api.money.addBlockchainWallet(
      { name, address, chain },
      { quiet: true, idempotencyKey: `link-${chain}-${address}`.slice(0, 100) },
    );
    void refreshQueries('/wallet/blockchain', '/user/settings');
    return address;
  } catch (error) {
    throw explained(error);
  }
}

/**
 * "Update" a listed wallet: the account now selected in the browser wallet signs the server's
 * message, and its proven address replaces the listed one (name kept). Same account: nothing to do.
 */
export async function replaceWalletAddress(listed: BlockchainWalletItem, options: LinkOptions = {}): Promise<string> {
  try {
    const { address, chain } = listed.chain === 'solana' ? await proveSolana() : await proveEvm(options);
    if (address.toLowerCase() !== listed.address.toLowerCase()) {
      await api.money.updateBlockchainWallet({ walletId: listed.walletId, address, chain }, { quiet: true });
    }
    void refreshQueries('/wallet/blockchain', '/user/settings');
    return address;
  } catch (error) {
    throw explained(error);
  }
}
