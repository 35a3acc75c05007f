// Sign-in through the wallet-connection service (WalletConnect), offered only when the server
// names a project id (GET auth/providers). Its standard client (@walletconnect/universal-provider,
// loaded on demand) opens a session over the WalletConnect relay: the pairing link is shown as a QR
// code for a phone wallet to scan, then the wallet signs the server's message as a browser wallet
// does (the same SIWE sign-in). Connecting to the relay is tried once, then retried 3 times 3 s
// apart (walletConnectRetry); then the spec's text is shown. docs/decisions/identity.md says what
// is tested here and what needs the real relay.
import { walletConnectRetry, walletConnectTexts } from '@murmur/contracts/account-settings';
import type { Eip1193 } from '../wallet/evmWallet.ts';

/** The relay could not be reached after every retry: the text to show. */
export class WalletConnectUnavailable extends Error {
  constructor(cause?: unknown) {
    super(walletConnectTexts.unavailable, { cause });
  }
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Runs `attempt`, and after a failure waits `intervalMs` and tries again, `retries` times; then
 * gives up with WalletConnectUnavailable. `wait` is the delay (tests pass their own clock).
 */
export async function withWalletConnectRetries<T>(
  attempt: (n: number) => Promise<T>,
  options: { retries?: number; intervalMs?: number; wait?: (ms: number) => Promise<void> } = {},
): Promise<T> {
  const { retries = walletConnectRetry.retries, intervalMs = walletConnectRetry.intervalMs, wait = sleep } = options;
  let last: unknown;
  for (let n = 0; n <= retries; n++) {
    if (n > 0) await wait(intervalMs);
    try {
      return await attempt(n);
    } catch (error) {
      last = error;
    }
  }
  throw new WalletConnectUnavailable(last);
}

/** One relay connection may not hang the sign-in: past this it counts as a failed try. */
export const RELAY_ATTEMPT_MS = 8000;

function timeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('The WalletConnect relay did not answer in time.')), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/** The part of @walletconnect/universal-provider this app uses. */
interface UniversalProviderLike {
  on(event: 'display_uri', listener: (uri: string) => void): void;
  connect(params: { optionalNamespaces: Record<string, { methods: string[]; chains: string[]; events: string[] }> }): Promise<unknown>;
  request<T>(args: { method: string; params?: unknown[] }, chain?: string): Promise<T>;
  disconnect(): Promise<void>;
  session?: { namespaces: Record<string, { accounts: string[] }> };
}

export interface WalletConnectSession {
  /** An EIP-1193 view of the session: eth_requestAccounts answers its account, the rest go to the wallet. */
  provider: Eip1193;
  close(): Promise<void>;
}

interface Paired {
  client: UniversalProviderLike;
  uri: string;
  /** Settles when the wallet approves the session (or refuses it). */
  approved: Promise<unknown>;
}

/** One try: start the client and reach the relay, which is when the pairing link exists (the
 * proposal was published). Waiting for the person's approval is not part of the try. */
async function pairOnce(projectId: string, chain: string): Promise<Paired> {
  const { default: UniversalProvider } = await import('@walletconnect/universal-provider');
  const client = (await UniversalProvider.init({
    projectId,
    metadata: {
      name: 'Murmur',
      description: 'Voice chat and gifting',
      url: window.location.origin,
      icons: [`${window.location.origin}/favicon.svg`],
    },
  })) as unknown as UniversalProviderLike;
  const uri = new Promise<string>((resolve) => client.on('display_uri', resolve));
  const approved = client.connect({
    optionalNamespaces: { eip155: { methods: ['personal_sign'], chains: [chain], events: ['accountsChanged', 'chainChanged'] } },
  });
  // A try abandoned on time may still fail later: that failure is this try's, already counted.
  approved.catch(() => undefined);
  try {
    return { client, uri: await timeout(Promise.race([uri, approved.then(() => '')]), RELAY_ATTEMPT_MS), approved };
  } catch (error) {
    void client.disconnect().catch(() => undefined);
    throw error;
  }
}

/**
 * Reaches the relay (with the retries), shows the pairing link through `onUri`, and resolves once
 * a wallet approved the session. Rejects with WalletConnectUnavailable when the relay cannot be
 * reached.
 */
export async function connectWalletConnect(
  projectId: string,
  chainId: number,
  onUri: (uri: string) => void,
): Promise<WalletConnectSession> {
  const chain = `eip155:${chainId}`;
  const { client, uri, approved } = await withWalletConnectRetries(() => pairOnce(projectId, chain));
  if (uri) onUri(uri);
  await approved;
  const accounts = (client.session?.namespaces.eip155?.accounts ?? []).map((a) => a.split(':')[2]!).filter(Boolean);
  const provider: Eip1193 = {
    request: async ({ method, params }: { method: string; params?: unknown[] }) => {
      if (method === 'eth_requestAccounts' || method === 'eth_accounts') return accounts;
      return client.request({ method, ...(params ? { params } : {}) }, chain);
    },
  };
  return { provider, close: () => client.disconnect().catch(() => undefined) };
}
