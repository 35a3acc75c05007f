// App-wide UI state that non-React code (the API client) must reach: toasts, the server-error
// modal, the login modal.
import { createStore } from './store.ts';

export interface ToastItem {
  id: number;
  title?: string;
  message: string;
  tone: 'info' | 'success' | 'error';
  /** Stays until dismissed: a session someone else ended (docs/decisions/frontend.md). */
  untilDismissed?: boolean;
}

export interface ToastOptions {
  /** On screen until its cross is clicked, not for 4.5 s: the page is left signed out, and the
   * reason must still be there when the person looks (a background tab, a glance away). */
  untilDismissed?: boolean;
}

interface UiState {
  toasts: ToastItem[];
  serverErrorOpen: boolean;
  loginOpen: boolean;
  /** Where to go once signed in: the page a visitor was sent away from. */
  returnTo: string | null;
  toast(message: string, tone?: ToastItem['tone'], title?: string, options?: ToastOptions): void;
  dismissToast(id: number): void;
  setServerErrorOpen(open: boolean): void;
  setLoginOpen(open: boolean): void;
  /** Opens the login modal and comes back to `path` after signing in. */
  requireSignIn(path: string): void;
  clearReturnTo(): void;
}

let nextId = 1;

export const useUi = createStore<UiState>()((set) => ({
  toasts: [],
  serverErrorOpen: false,
  loginOpen: false,
  returnTo: null,
  toast(message, tone = 'info', title, options = {}) {
    const id = nextId++;
    const item: ToastItem = { id, message, tone, title, ...(options.untilDismissed ? { untilDismissed: true } : {}) };
    // The same words already on screen are not stacked again (a redirect's effect run twice, a double tap);
    // a lasting copy replaces a passing one.
    set((s) => {
      const same = s.toasts.find((t) => t.message === message && t.tone === tone && t.title === title);
      if (same && (same.untilDismissed || !item.untilDismissed)) return s;
      return { toasts: [...s.toasts.filter((t) => t !== same).slice(-3), item] };
    });
  },
  dismissToast(id) {
    set((s) => ({ toasts: s.toasts.filter((t) => t.id !== id) }));
  },
  setServerErrorOpen(serverErrorOpen) {
    set({ serverErrorOpen });
  },
  setLoginOpen(loginOpen) {
    set({ loginOpen });
  },
  requireSignIn(returnTo) {
    set({ loginOpen: true, returnTo });
  },
  clearReturnTo() {
    set({ returnTo: null });
  },
}));

export const toast = (message: string, tone?: ToastItem['tone'], title?: string, options?: ToastOptions) =>
  useUi.getState().toast(message, tone, title, options);
