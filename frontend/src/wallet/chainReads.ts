// The web app's chain reads go through our server's read proxy (`POST chain/rpc`) for the chain it
// serves, so the confirmations shown are counted on our node, not on whatever node a wallet uses.
// A chain the proxy does not serve (or no proxy at all: 404) is read through the wallet's own node;
// with neither, there is nothing to read with and the server counts the blocks when it credits.
import { ApiCallError } from '../api/client.ts';
import { api } from '../api/api.generated.ts';
import type { ChainRead, Eip1193 } from './evmWallet.ts';

/** Chains the proxy answered 404 for in this page's life: read through the wallet from then on. */
const notProxied = new Set<number>();
let nextId = 1;

/** Thrown when the proxy turned out not to serve the chain and no wallet can read it either. */
class NoChainReader extends Error {}

export function chainRead(chainId: number, wallet: Eip1193 | null): ChainRead | null {
  const throughWallet: ChainRead | null = wallet ? (method, params) => wallet.request({ method, params }) : null;
  if (notProxied.has(chainId)) return throughWallet;
  return async (method, params) => {
    try {
      const answer = await api.money.chainRpc({ jsonrpc: '2.0', id: nextId++, method, params, chainId }, { quiet: true });
      if (answer.error) throw new Error(answer.error.message);
      return answer.result ?? null;
    } catch (error) {
      if (!(error instanceof ApiCallError && error.status === 404)) throw error;
      notProxied.add(chainId);
      if (!throughWallet) throw new NoChainReader('No chain reader for this chain');
      return throughWallet(method, params);
    }
  };
}
