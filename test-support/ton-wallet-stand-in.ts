// A TON wallet for browser tests, injected the way wallets inject themselves for TON Connect (the
// JS bridge: `window[key].tonconnect` with walletInfo, deviceInfo, connect, restoreConnection,
// send, listen). It says it is the wallet the page runs in (isWalletBrowser), as the wallet inside
// Telegram does, so TON Connect UI connects to it without its list. sendTransaction posts the
// messages to the fake chain (test-support/ton-chain-server.ts), where they land as transfers.

/** The init script's source; `chainUrl` is the fake chain server's base URL. */
export function tonWalletStandIn(chainUrl: string, walletAddress: string): string {
  return `var __name = (f) => f;\n(${standIn.toString()})(${JSON.stringify(chainUrl)}, ${JSON.stringify(walletAddress)});`;
}

/* Runs in the page: plain browser JavaScript, no imports. */
function standIn(chainUrl: string, address: string): void {
  const deviceInfo = {
    platform: 'android',
    appName: 'murmurtestwallet',
    appVersion: '1.0.0',
    maxProtocolVersion: 2,
    features: ['SendTransaction', { name: 'SendTransaction', maxMessages: 4 }],
  };
  let connected = false;
  const listeners: Array<(event: unknown) => void> = [];
  const connectEvent = () => ({
    event: 'connect',
    id: Date.now(),
    payload: {
      items: [{ name: 'ton_addr', address, network: '-3', publicKey: '0'.repeat(64), walletStateInit: 'te6cckEBAQEAAgAAAEysuc0=' }],
      device: deviceInfo,
    },
  });
  const sent: unknown[] = [];
  (window as unknown as Record<string, unknown>).__tonSent = sent;
  (window as unknown as Record<string, unknown>).murmurtestwallet = {
    tonconnect: {
      deviceInfo,
      walletInfo: {
        name: 'Test Wallet',
        app_name: 'murmurtestwallet',
        image: '/favicon.svg',
        about_url: 'https://example.com',
        platforms: ['android', 'chrome'],
      },
      protocolVersion: 2,
      isWalletBrowser: true,
      async connect() {
        connected = true;
        return connectEvent();
      },
      async restoreConnection() {
        return connected ? connectEvent() : { event: 'connect_error', id: Date.now(), payload: { code: 0, message: 'not connected' } };
      },
      async send(request: { method: string; params: string[]; id: string }) {
        if (request.method === 'disconnect') {
          connected = false;
          return { result: {}, id: request.id };
        }
        if (request.method !== 'sendTransaction') return { error: { code: 400, message: 'not supported' }, id: request.id };
        const tx = JSON.parse(request.params[0] ?? '{}') as { messages: Array<{ address: string; amount: string; payload?: string }> };
        sent.push(tx);
        const res = await fetch(`${chainUrl}/test/send`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ from: address, messages: tx.messages }),
        });
        const { boc } = (await res.json()) as { boc: string };
        return { result: boc, id: request.id };
      },
      listen(callback: (event: unknown) => void) {
        listeners.push(callback);
        return () => listeners.splice(listeners.indexOf(callback), 1);
      },
    },
  };
}
