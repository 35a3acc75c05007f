// The one door to the realtime gateway: a single RealtimeClient per tab (contracts' typed client),
// reconnected with the new token at sign-in and sign-out, and a hook to listen to a channel.
import { RealtimeClient, type ChannelHandlers, type ConnectionState } from '@murmur/contracts/realtime-client';
import { useEffect, useRef } from 'react';
import { createStore } from '../state/store.ts';
import { toast } from '../state/ui.ts';
import { freshToken, renewAfterRefusal } from './client.ts';
import { clearSession, onLogout, useSession } from './session.ts';

export type { ConnectionState };

export const useConnection = createStore<{ state: ConnectionState; connectedTimes: number }>()(() => ({
  state: 'DISCONNECTED',
  connectedTimes: 0,
}));

function gatewayUrl(): string {
  const configured = import.meta.env?.VITE_WS_URL;
  if (configured) return configured;
  const { protocol, host } = window.location;
  return `${protocol === 'https:' ? 'wss' : 'ws'}://${host}/ws`;
}

let client: RealtimeClient | null = null;

export function realtime(): RealtimeClient {
  if (!client) {
    client = new RealtimeClient({
      url: gatewayUrl(),
      WebSocket: WebSocket as unknown as ConstructorParameters<typeof RealtimeClient>[0]['WebSocket'],
      // An expired stored token is refreshed before the socket opens, so it never fails on it first.
      getToken: () => freshToken(),
      // Banned, or signed in on another device: sign out here and show the spec's text until dismissed.
      onSessionEnded({ reason }) {
        clearSession();
        toast(reason, 'error', undefined, { untilDismissed: true });
      },
      // Expired or revoked (signed out everywhere while this page was away): one refresh, then the same
      // token-refresh outcome as a call's: reconnect with the new token, or sign out and say so.
      onUnauthenticated: () => renewAfterRefusal(),
      onStateChange(state) {
        useConnection.setState((s) => ({ state, connectedTimes: state === 'CONNECTED' ? s.connectedTimes + 1 : s.connectedTimes }));
      },
    });
    client.connect();
    // Back online after the backoff grew: reconnect now, so a revoked session is told at once.
    window.addEventListener('online', () => client?.reconnectNow());
  }
  return client;
}

function reconnect(): void {
  if (!client) return;
  client.close();
  client.connect();
}

// A new identity needs a new connection: the gateway reads the token when the socket opens.
let lastToken = useSession.getState().token;
useSession.subscribe((s) => {
  if (s.token === lastToken) return;
  const wasSignedIn = lastToken !== null;
  lastToken = s.token;
  // A refreshed token of the same session keeps the socket; sign-in and sign-out reconnect.
  if (!wasSignedIn || s.token === null) reconnect();
});
onLogout(reconnect);

/** Listens to `channel` while mounted (null listens to nothing). Handlers may change between renders. */
export function useChannel(channel: string | null, handlers: ChannelHandlers): void {
  const ref = useRef(handlers);
  ref.current = handlers;
  useEffect(() => {
    if (!channel) return;
    return realtime().subscribe(channel, {
      onEvent: (m) => ref.current.onEvent(m),
      onResync: (i) => ref.current.onResync?.(i),
      onError: (e) => ref.current.onError?.(e),
    });
  }, [channel]);
}

/** Calls `onReconnect` each time the socket comes back after the first connect (state to refetch). */
export function useReconnected(onReconnect: () => void): void {
  const ref = useRef(onReconnect);
  ref.current = onReconnect;
  const times = useConnection((s) => s.connectedTimes);
  const first = useRef(times);
  useEffect(() => {
    if (times > first.current) ref.current();
  }, [times]);
}
