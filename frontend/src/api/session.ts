// The signed-in session: the access token (kept in localStorage so a reload stays signed in), the
// claims read from it, and the full logout that clears every cache (docs/decisions/frontend.md).
import { createStore, readLocal, writeLocal } from '../state/store.ts';

const TOKEN_KEY = 'murmur.token';

export interface SessionClaims {
  uid: string;
  roles: string[];
  anonymous: boolean;
  /** The terms step (18+) is done; until it is, the app shows it on every load and the server refuses commands. */
  onboarded: boolean;
  /** Expiry (seconds since the epoch), when the token carries one. */
  exp: number | null;
}

export interface SessionState {
  token: string | null;
  claims: SessionClaims | null;
  setToken(token: string): void;
}

/** Reads the JWT's payload without verifying it: the server verifies, the UI only needs uid/roles. */
export function decodeClaims(token: string): SessionClaims | null {
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const json = atob(
      part
        .replace(/-/g, '+')
        .replace(/_/g, '/')
        .padEnd(Math.ceil(part.length / 4) * 4, '='),
    );
    const payload = JSON.parse(json) as { sub?: unknown; roles?: unknown; anon?: unknown; onb?: unknown; exp?: unknown };
    if (typeof payload.sub !== 'string') return null;
    return {
      uid: payload.sub,
      roles: Array.isArray(payload.roles) ? payload.roles.filter((r): r is string => typeof r === 'string') : [],
      anonymous: payload.anon === true,
      // A token from before the claim existed is refreshed by the server's first 401; never nag meanwhile.
      onboarded: payload.onb !== false,
      exp: typeof payload.exp === 'number' ? payload.exp : null,
    };
  } catch {
    return null;
  }
}

/** Seconds of margin: a token this close to its expiry is refreshed before use, not sent to fail. */
const EXPIRY_MARGIN_S = 10;

/** True when the token's own `exp` says the server would refuse it now. */
export function tokenExpired(token: string, nowMs = Date.now()): boolean {
  const exp = decodeClaims(token)?.exp;
  return exp != null && exp - EXPIRY_MARGIN_S <= nowMs / 1000;
}

const initialToken = readLocal(TOKEN_KEY);

export const useSession = createStore<SessionState>()((set) => ({
  token: initialToken,
  claims: initialToken ? decodeClaims(initialToken) : null,
  setToken(token) {
    writeLocal(TOKEN_KEY, token);
    set({ token, claims: decodeClaims(token) });
  },
}));

/** The account the server acts for: signed in and past the terms step. Before that step the server
 * serves the caller as a visitor and refuses commands (ONBOARDING_REQUIRED), so pages that act on
 * their own (joining a lobby on arrival) must wait for it. */
export const actingUid = (s: SessionState): string | null => (s.claims?.onboarded ? s.claims.uid : null);

/** The token of an account the server acts for (signed in and past the terms step): what every call
 * that needs an account keys on. Before the step the app asks what a visitor may, so it never sends
 * a request the server would refuse. */
export const actingToken = (s: SessionState): string | null => (s.claims?.onboarded ? s.token : null);

/** Signed in, with the terms step still to do. */
export const termsPending = (s: SessionState): boolean => !!s.claims && !s.claims.onboarded;

/** A member's account (not a guest's) the server acts for: notifications and messages are theirs. */
export const actingMember = (s: SessionState): boolean => !!s.token && !!s.claims?.onboarded && !s.claims.anonymous;

export function currentToken(): string | null {
  return useSession.getState().token;
}

const logoutHooks = new Set<() => void>();

/** Registers what a full logout must also clear (query cache, realtime socket, flow stores). */
export function onLogout(hook: () => void): () => void {
  logoutHooks.add(hook);
  return () => logoutHooks.delete(hook);
}

/** Clears the token, local state and every registered cache. Logout clears state either way. */
export function clearSession(): void {
  writeLocal(TOKEN_KEY, null);
  useSession.setState({ token: null, claims: null });
  for (const hook of logoutHooks) {
    try {
      hook();
    } catch {
      /* one failing cleanup must not keep the rest from running */
    }
  }
}
