// What the app does with a failed call (docs/decisions/web-app.md): 401 refreshes once and shows no toast,
// 403 goes home, 500 opens the server-error modal, anything else shows the server's message; a 503 is
// first sent again (retryAfterUnavailable).
export type ErrorAction = 'refresh' | 'logout' | 'home' | 'terms' | 'server-error' | 'toast';

export function errorAction(status: number, alreadyRefreshed: boolean, code?: string): ErrorAction {
  if (status === 401) {
    // A session replaced on another device cannot be refreshed back.
    if (code === 'SESSION_REPLACED' || alreadyRefreshed) return 'logout';
    return 'refresh';
  }
  // Refused until the terms step is done: show the step, stay where the user is.
  if (status === 403 && code === 'ONBOARDING_REQUIRED') return 'terms';
  if (status === 403) return 'home';
  if (status >= 500) return 'server-error';
  return 'toast';
}

/** The title over a refused call's message in its toast: the HTTP status it came with. */
export const errorTitle = (status: number): string => `Error ${status}`;

/** How many times a call answered 503 is sent again before the server-error modal. */
export const UNAVAILABLE_RETRIES = 3;

/**
 * A 503 means the database was out of reach and nothing acknowledged was decided: a read, or a
 * command with its idempotency key (which answers the first result if the first attempt did
 * commit), is sent again after the server's Retry-After (1 s when absent, at most 5 s). Null: do not.
 * A command without a key is not sent twice; its 503 is shown.
 */
export function retryAfterUnavailable(
  status: number,
  method: string,
  hasIdempotencyKey: boolean,
  retriesSoFar: number,
  retryAfter: string | null,
): number | null {
  if (status !== 503 || retriesSoFar >= UNAVAILABLE_RETRIES) return null;
  if (method !== 'GET' && !hasIdempotencyKey) return null;
  const seconds = Number(retryAfter);
  return Math.min(Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : 1000, 5000);
}
