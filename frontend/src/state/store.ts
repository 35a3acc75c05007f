// The one door to zustand: every client-state store of the app is created through here, so the
// library can be swapped or instrumented in one place.
import { create } from 'zustand';
import { useShallow } from 'zustand/react/shallow';

export const createStore = create;
export { useShallow };

/** Reads a value from localStorage without throwing (private mode, disabled storage). */
export function readLocal(key: string): string | null {
  try {
    return globalThis.localStorage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** Writes (or with null removes) a localStorage value without throwing. */
export function writeLocal(key: string, value: string | null): void {
  try {
    if (value === null) globalThis.localStorage?.removeItem(key);
    else globalThis.localStorage?.setItem(key, value);
  } catch {
    /* storage unavailable: the value just is not remembered */
  }
}
