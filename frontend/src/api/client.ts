// The HTTP client under the generated `api` (api.generated.ts): bearer token, one refresh on 401 then retry, full logout when the
// refresh fails, 403 home, 503 sent again (a read, or a command with its key), 500 server-error modal, the
// server's message in a toast otherwise, and
// X-Min-Position read-your-writes with the positions commands return.
import type { ApiResponse } from '@murmur/contracts/api-catalogue';
import { texts } from '@murmur/contracts/errors';
import { toast, useUi } from '../state/ui.ts';
import { errorAction, errorTitle, retryAfterUnavailable } from './errorPolicy.ts';
import { isIgnorable } from './ignorableErrors.ts';
import { minPosition, notePosition } from './position.ts';
import { RefreshRejected, RefreshUnreachable, refreshWithPolicy } from './refreshPolicy.ts';
import { clearSession, currentToken, tokenExpired, useSession } from './session.ts';

export const API_BASE = import.meta.env?.VITE_API_BASE ?? '/api/v1';

export class ApiCallError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }
}

export interface CallOptions {
  /** The caller shows the error itself (an inline form message): no toast. */
  quiet?: boolean;
  idempotencyKey?: string;
  /** The token of a wallet message to sign (the signature session goes in a header; docs/decisions/identity.md). */
  signatureSession?: string;
  signal?: AbortSignal;
  /** Extra X-Min-Position (e.g. from a realtime event) beyond our own writes. */
  minPosition?: string;
  /** A 403 still goes home, but says this there: the page knows why it was refused (a private lobby). */
  forbiddenNotice?: string;
}

let navigateHome: () => void = () => {
  window.location.assign('/');
};

/** The router registers its navigate so a 403 goes home without a reload. */
export function setHomeNavigator(fn: () => void): void {
  navigateHome = fn;
}

let refreshing: Promise<string | null> | null = null;

/** One refresh at a time: concurrent 401s wait for the same attempt. */
export function refreshToken(): Promise<string | null> {
  refreshing ??= refreshWithPolicy({
    async attempt(signal) {
      const res = await fetch(`${API_BASE}/auth/refresh`, {
        method: 'POST',
        credentials: 'include',
        signal,
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      if (res.status === 401 || res.status === 403) throw new RefreshRejected();
      if (!res.ok) throw new Error(`refresh ${res.status}`);
      const { token } = (await res.json()) as ApiResponse<'POST /auth/refresh'>;
      if (!token) throw new RefreshRejected();
      return token;
    },
    sleep: (ms) => new Promise((r) => setTimeout(r, ms)),
  })
    .then((token) => {
      if (token) useSession.getState().setToken(token);
      return token;
    })
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

/** The stored session could not be renewed: sign out locally and say why (the user did not log out),
 * until dismissed, whichever noticed first (a call, or the socket coming back after a sign out
 * everywhere): the page may have been away when it happened. */
export function endExpiredSession(): void {
  if (!currentToken()) return;
  clearSession();
  toast(texts.sessionExpired, 'error', 'Session expired', { untilDismissed: true });
}

/**
 * The token to send: a token whose own `exp` has passed is refreshed first, so a returning user's
 * first calls and socket do not fail with 401 before the refresh (null when the session is gone).
 * Offline, the stale token goes as it is: the request fails on the network, nobody is signed out.
 */
export async function freshToken(): Promise<string | null> {
  const token = currentToken();
  if (!token || !tokenExpired(token)) return token;
  let renewed: string | null;
  try {
    renewed = await refreshToken();
  } catch (error) {
    if (error instanceof RefreshUnreachable) return token;
    throw error;
  }
  if (!renewed && currentToken() === token) endExpiredSession();
  return renewed;
}

/**
 * What the socket does when the gateway refuses its token (4401): one refresh. True reconnects
 * (renewed, or no answer yet: try again on the backoff); false after the full logout of a refused
 * refresh, the same as a call's.
 */
export async function renewAfterRefusal(): Promise<boolean> {
  const token = currentToken();
  if (!token) return true;
  let renewed: string | null;
  try {
    renewed = await refreshToken();
  } catch (error) {
    if (error instanceof RefreshUnreachable) return true;
    throw error;
  }
  if (renewed) return true;
  if (currentToken() === token) endExpiredSession();
  return false;
}

async function send(method: string, path: string, body: unknown, options: CallOptions): Promise<Response> {
  const headers: Record<string, string> = { accept: 'application/json' };
  const token = path.startsWith('/auth/') ? currentToken() : await freshToken();
  if (token) headers.authorization = `Bearer ${token}`;
  if (options.idempotencyKey) headers['idempotency-key'] = options.idempotencyKey;
  if (options.signatureSession) headers['x-signature-session'] = options.signatureSession;
  if (method === 'GET') {
    const ours = minPosition();
    const wanted = [ours, options.minPosition].filter((p): p is string => !!p).map(BigInt);
    if (wanted.length) headers['x-min-position'] = wanted.reduce((a, b) => (a > b ? a : b)).toString();
  }
  let payload: string | undefined;
  if (body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  return fetch(`${API_BASE}${path}`, { method, headers, body: payload, credentials: 'include', signal: options.signal });
}

async function readBody(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export async function call<T>(method: string, path: string, body?: unknown, options: CallOptions = {}): Promise<T> {
  let refreshed = false;
  let unavailableRetries = 0;
  for (;;) {
    let res: Response;
    try {
      res = await send(method, path, body, options);
    } catch (error) {
      if ((error as Error).name === 'AbortError') throw error;
      if (!options.quiet) toast(texts.somethingWrong, 'error');
      throw new ApiCallError(0, 'NETWORK', texts.somethingWrong);
    }
    const parsed = await readBody(res);
    const wait = retryAfterUnavailable(res.status, method, !!options.idempotencyKey, unavailableRetries, res.headers.get('retry-after'));
    if (wait !== null) {
      unavailableRetries += 1;
      await new Promise((resolve) => setTimeout(resolve, wait));
      continue;
    }
    if (res.ok) {
      if (parsed && typeof parsed === 'object' && 'position' in parsed) notePosition((parsed as { position: unknown }).position);
      return parsed as T;
    }
    const envelope = (parsed as { error?: { code?: string; message?: string; details?: unknown } } | undefined)?.error;
    const code = envelope?.code ?? 'HTTP_' + res.status;
    const message = envelope?.message ?? texts.errorOccured;
    const error = new ApiCallError(res.status, code, message, envelope?.details);
    // A wallet signature that does not verify is a 401 about the signature, not the session: no refresh.
    const isAuthCall = path.startsWith('/auth/') || path === '/wallet/sign-message';
    const action = errorAction(res.status, refreshed || !currentToken() || isAuthCall, code);
    if (action === 'refresh') {
      refreshed = true;
      let token: string | null;
      try {
        token = await refreshToken();
      } catch (refreshError) {
        if (!(refreshError instanceof RefreshUnreachable)) throw refreshError;
        if (!options.quiet) toast(texts.somethingWrong, 'error');
        throw new ApiCallError(0, 'NETWORK', texts.somethingWrong);
      }
      if (token) continue;
      endExpiredSession();
      throw error;
    }
    if (action === 'logout') {
      if (currentToken() && !isAuthCall) {
        clearSession();
        if (code === 'SESSION_REPLACED') toast(texts.loggedInElsewhere, 'error', undefined, { untilDismissed: true });
      } else if (!options.quiet && isAuthCall) toast(message, 'error');
      throw error;
    }
    if (action === 'terms') {
      toast(message, 'error');
      useUi.getState().setLoginOpen(true);
      throw error;
    }
    if (action === 'home') {
      if (code === 'UID_BANNED') toast(texts.banned, 'error', undefined, { untilDismissed: true });
      else if (options.forbiddenNotice) toast(options.forbiddenNotice, 'info');
      navigateHome();
      throw error;
    }
    if (action === 'server-error') {
      useUi.getState().setServerErrorOpen(true);
      throw error;
    }
    // The server's message with its status, unless it is one the app ignores.
    if (!options.quiet && !isIgnorable(error)) toast(message, 'error', errorTitle(res.status));
    throw error;
  }
}

/** A fresh key for a money command, so a retried click never charges twice. */
export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}
