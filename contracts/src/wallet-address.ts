// Which address shapes a listed blockchain wallet may have: a Solana wallet is a base58 public key,
// every other chain the app supports is EVM (0x and 40 hex digits). An address of the wrong chain
// is refused before anything is written.
import { formatText } from './errors.ts';

const evmAddress = /^0x[0-9a-fA-F]{40}$/;
const solanaAddress = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/;

export const walletAddressTexts = {
  wrongChain: 'This address is not a valid {chain} address.',
} as const;

const chainLabel = (chain: string) => (chain === 'solana' ? 'Solana' : 'EVM');

/** Null when the address fits the chain, else the text to show. */
export function walletAddressError(chain: string, address: string): string | null {
  const fits = chain === 'solana' ? solanaAddress.test(address) : evmAddress.test(address);
  return fits ? null : formatText(walletAddressTexts.wrongChain, { chain: chainLabel(chain) });
}
