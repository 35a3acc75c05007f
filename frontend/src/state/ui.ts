// App-wide UI state that non-React code (the API client) must reach: toasts, the server-error
// modal, the login modal.
import { createStore } from './store.ts';

export interface ToastItem {
  id: number;
  title?: string;
  message: string;
  tone: 'info' | 'success' | 'error';
}

interface UiState {
  toasts: ToastItem[];
  serverErrorOpen: boolean;
  loginOpen: boolean;
  /** Where to go once signed in: the page a visitor was sent away from. */
  returnTo: string | null;
  toast(message: string, tone?: ToastItem['tone'], title?: string): void;
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
  toast(message, tone = 'info', title) {
    const id = nextId++;
    // The same words already on screen are not stacked again (a redirect's effect run twice, a double tap).
    set((s) =>
      s.toasts.some((t) => t.message === message && t.tone === tone && t.title === title)
        ? s
        : { toasts: [...s.toasts.slice(-3), { id, message, tone, title }] },
    );
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

export const toast = (message: string, tone?: ToastItem['tone'], title?: string) => useUi.getState().toast(message, tone, title);
