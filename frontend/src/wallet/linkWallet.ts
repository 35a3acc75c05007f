// Linking a browser wallet to the signed-in account (spec section 4 "Wallet sign-in", type connect):
// the wallet's account, the server's message signed by it, then `wallet/sign-message`; the proven
// address is added to the wallet list. EVM through an EIP-1193 provider (window.ethereum), Solana
// through a window.solana-style provider. A rejected prompt resets silently (spec section 8).
import { browserWalletTexts } from '@murmur/contracts/account-settings';
import { formatText } from '@murmur/contracts/errors';
import { api } from '../api/client.ts';
import { refreshQueries } from '../state/query.ts';

export interface Eip1193 {
  request(args: { method: string; params?: unknown[] }): Promise<unknown>;
}

export interface SolanaProvider {
  connect(): Promise<{ publicKey: { toBase58?(): string; toString(): string } }>;
  signMessage(message: Uint8Array, encoding?: string): Promise<{ signature: Uint8Array } | Uint8Array>;
  disconnect?(): Promise<void>;
  publicKey?: { toBase58?(): string; toString(): string } | null;
}

export type WalletKind = 'evm' | 'solana';

/** The person closed the wallet's prompt: nothing to say (spec section 8: ignored silently). */
export class WalletRejected extends Error {}

const evmWallet = () => ((globalThis as { ethereum?: Eip1193 }).ethereum ?? null);
const solanaWallet = () => ((globalThis as { solana?: SolanaProvider }).solana ?? null);

const isRejection = (e: { code?: number; message?: string }) => e.code === 4001 || /User rejected/i.test(e.message ?? '');

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

async function prove(address: string, environment: 'evm' | 'solana-runtime', sign: (message: string) => Promise<string>): Promise<string> {
  const { message, token } = await api.post<{ message: string; token: string }>('/wallet/create-sign-message', { address, type: 'connect', environment }, { quiet: true });
  const signature = await sign(message);
  const linked = await api.post<{ walletAddress: string }>('/wallet/sign-message', { signature, address, type: 'connect', environment }, { quiet: true, signatureSession: token });
  return linked.walletAddress;
}

async function linkEvm(expected?: string): Promise<{ address: string; chain: string }> {
  const wallet = evmWallet();
  if (!wallet) throw new Error(browserWalletTexts.noEvmWallet);
  const accounts = (await wallet.request({ method: 'eth_requestAccounts' })) as string[];
  const address = accounts[0];
  if (!address) throw new WalletRejected();
  if (expected && expected.toLowerCase() !== address.toLowerCase()) throw new Error(formatText(browserWalletTexts.accountMismatch, { address: expected }));
  const proven = await prove(address, 'evm', async (message) => (await wallet.request({ method: 'personal_sign', params: [message, address] })) as string);
  return { address: proven, chain: 'ethereum' };
}

async function linkSolana(): Promise<{ address: string; chain: string }> {
  const wallet = solanaWallet();
  if (!wallet) throw new Error(browserWalletTexts.noSolanaWallet);
  const { publicKey } = await wallet.connect();
  const address = publicKey.toBase58?.() ?? publicKey.toString();
  const proven = await prove(address, 'solana-runtime', async (message) => {
    const signed = await wallet.signMessage(new TextEncoder().encode(message), 'utf8');
    return base58(signed instanceof Uint8Array ? signed : signed.signature);
  });
  return { address: proven, chain: 'solana' };
}

/** Links the wallet and lists it (named), or throws the text to show; WalletRejected says nothing. */
export async function linkBrowserWallet(kind: WalletKind, name: string, expected?: string): Promise<string> {
  try {
    const { address, chain } = kind === 'evm' ? await linkEvm(expected) : await linkSolana();
    await api.post('/wallet/blockchain', { name, address, chain }, { quiet: true, idempotencyKey: `link-${chain}-${address}`.slice(0, 100) });
    void refreshQueries('/wallet/blockchain', '/user/settings');
    return address;
  } catch (error) {
    const e = error as { code?: number; message?: string; status?: number };
    if (isRejection(e)) throw new WalletRejected();
    // Our API's refusals carry their own text; a wallet's own failure gets spec section 8's fallback.
    if (typeof e.status === 'number' || Object.values(browserWalletTexts).some((t) => e.message === t) || /switch your wallet/.test(e.message ?? '')) throw error;
    throw new Error(browserWalletTexts.otherNetwork);
  }
}
