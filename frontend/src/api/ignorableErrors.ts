// The failures the app says nothing about (docs/decisions/web-app.md: most calls show the server's message and
// status; these are the exceptions). Each is the person's own choice or a call the page itself
// dropped, never a problem to report. One list, used by the API client, the wallets and the
// identity providers.

/** Messages a browser wallet answers when the person declines (EIP-1193 code 4001). */
export const ignorableMessages: readonly RegExp[] = [
  /User rejected the request/i,
  /User rejected/i,
  /User denied/i,
  // A fetch the page aborted (navigated away, closed a dialog): nothing failed.
  /The user aborted a request/i,
  /signal is aborted/i,
];

/** Codes for the same: a wallet's decline, an identity provider's popup closed or replaced, an aborted fetch. */
export const ignorableCodes: ReadonlySet<string | number> = new Set<string | number>([
  4001,
  'ACTION_REJECTED',
  'auth/popup-closed-by-user',
  'auth/cancelled-popup-request',
  'auth/user-cancelled',
  'AbortError',
]);

/** Whether a failure is one of the ignorable ones: shown to nobody, neither toast nor modal. */
export function isIgnorable(failure: unknown): boolean {
  if (failure === null || failure === undefined) return false;
  const { code, name, message } = (typeof failure === 'object' ? failure : { message: String(failure) }) as {
    code?: unknown;
    name?: unknown;
    message?: unknown;
  };
  if ((typeof code === 'string' || typeof code === 'number') && ignorableCodes.has(code)) return true;
  if (typeof name === 'string' && ignorableCodes.has(name)) return true;
  return typeof message === 'string' && ignorableMessages.some((m) => m.test(message));
}
