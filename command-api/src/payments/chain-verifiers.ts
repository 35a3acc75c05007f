// The one chain port over both kinds of chain: EVM chain ids go to viem, Solana's to web3.js.
import { chainKindOf } from '@murmur/contracts';
import type { ChainReceipt, ChainVerifier } from './ports.ts';

export class ChainVerifierByKind implements ChainVerifier {
  constructor(private readonly verifiers: { evm: ChainVerifier | null; solana: ChainVerifier | null }) {}

  async receipt(chainId: number, txHash: string): Promise<ChainReceipt | null> {
    const kind = chainKindOf(chainId);
    const verifier = kind ? this.verifiers[kind] : null;
    return verifier ? verifier.receipt(chainId, txHash) : null;
  }
}
