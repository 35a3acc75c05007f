// A browser wallet for Chromium tests: the page gets an EIP-1193 `window.ethereum` whose requests
// run in the test process, as a wallet extension's do in its own process. It holds a test key
// (viem signs), keeps its own selected network (switchable with wallet_switchEthereumChain), sends
// transactions to the real local chain, and forwards reads there. Not a mock of our code: the app
// talks to it exactly as to a wallet, and the chain is real.
import type { BrowserContext } from 'playwright-core';
import { createWalletClient, http, isHex, type Hex } from 'viem';
import type { LocalAccount } from 'viem/accounts';
import type { LocalChain } from './evm-chain.ts';

export interface InjectedWallet {
  /** The account selected in the wallet now; the test may switch it, as a person does in the extension. */
  account: LocalAccount;
  /** The network the wallet is on now (eth_chainId); the test may put it on another one. */
  chainId: number;
  /** What the person does with the next prompts: approve, or close them ('User rejected the request'). */
  mode: 'approve' | 'reject';
  /** Methods the page called, in order (to assert that nothing was sent). */
  calls: string[];
}

interface WalletAnswer {
  result?: unknown;
  error?: { code: number; message: string };
}

/** Installs window.ethereum in every page of the context, backed by `account` over `chain`. */
export async function injectEvmWallet(
  context: BrowserContext,
  chain: LocalChain,
  account: LocalAccount,
  startChainId = chain.chainId,
): Promise<InjectedWallet> {
  const wallet: InjectedWallet = { account, chainId: startChainId, mode: 'approve', calls: [] };
  const viemChain = {
    id: chain.chainId,
    name: 'local',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [chain.rpcUrl] } },
  } as const;
  const client = () => createWalletClient({ account: wallet.account, chain: viemChain, transport: http(chain.rpcUrl) });
  const rejected = { error: { code: 4001, message: 'User rejected the request.' } };

  await context.exposeFunction('__walletRequest', async (method: string, params: unknown[] = []): Promise<WalletAnswer> => {
    wallet.calls.push(method);
    try {
      switch (method) {
        case 'eth_requestAccounts':
          return wallet.mode === 'reject' ? rejected : { result: [wallet.account.address] };
        case 'eth_accounts':
          return { result: [wallet.account.address] };
        case 'eth_chainId':
          return { result: `0x${wallet.chainId.toString(16)}` };
        case 'wallet_switchEthereumChain': {
          if (wallet.mode === 'reject') return rejected;
          const wanted = Number(BigInt((params[0] as { chainId: string }).chainId));
          // This wallet knows only the local chain (and mainnet, where it may start).
          if (wanted !== chain.chainId && wanted !== 1) return { error: { code: 4902, message: `Unrecognized chain ID ${wanted}.` } };
          wallet.chainId = wanted;
          return { result: null };
        }
        case 'personal_sign': {
          if (wallet.mode === 'reject') return rejected;
          const message = String(params[0]);
          return { result: await wallet.account.signMessage({ message: isHex(message) ? { raw: message } : message }) };
        }
        case 'eth_sendTransaction': {
          if (wallet.mode === 'reject') return rejected;
          const tx = params[0] as { to: Hex; data?: Hex; value?: Hex };
          return { result: await client().sendTransaction({ to: tx.to, data: tx.data, value: tx.value ? BigInt(tx.value) : 0n }) };
        }
        default:
          return { result: await chain.publicClient.request({ method: method as 'eth_blockNumber', params: params as never }) };
      }
    } catch (error) {
      // As a wallet reports a failed estimate: the node's reason in the message, JSON-RPC internal error.
      const e = error as { shortMessage?: string; details?: string; message?: string };
      return { error: { code: -32603, message: [e.shortMessage, e.details].filter(Boolean).join(' ') || String(e.message) } };
    }
  });

  await context.addInitScript(() => {
    const call = (window as unknown as { __walletRequest(m: string, p?: unknown[]): Promise<WalletAnswer> }).__walletRequest;
    (window as unknown as { ethereum: unknown }).ethereum = {
      isMetaMask: false,
      async request({ method, params }: { method: string; params?: unknown[] }) {
        const answer = await call(method, params ?? []);
        if (answer.error) throw Object.assign(new Error(answer.error.message), { code: answer.error.code });
        return answer.result;
      },
      on() {},
      removeListener() {},
    };
  });
  return wallet;
}
