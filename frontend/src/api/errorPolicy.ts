// What the app does with a failed call (docs/decisions/web-app.md): 401 refreshes once and shows no toast,
// 403 goes home, 500 opens the server-error modal, anything else shows the server's message.
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
