// Theme: dark by default, the choice stored locally (docs/decisions/frontend.md).
import { createStore, readLocal, writeLocal } from './store.ts';

export type Theme = 'dark' | 'light';
const KEY = 'murmur.theme';

function apply(theme: Theme): void {
  if (typeof document !== 'undefined') document.documentElement.dataset.theme = theme;
}

export const useTheme = createStore<{ theme: Theme; toggle(): void }>()((set, get) => ({
  theme: readLocal(KEY) === 'light' ? 'light' : 'dark',
  toggle() {
    const theme: Theme = get().theme === 'dark' ? 'light' : 'dark';
    writeLocal(KEY, theme);
    apply(theme);
    set({ theme });
  },
}));

apply(useTheme.getState().theme);
