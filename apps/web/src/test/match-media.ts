import { vi } from 'vitest';

/** A controllable `matchMedia` (jsdom has none): `setDark` flips prefers-color-scheme and notifies listeners. */
export function stubMatchMedia({ dark = false, wide = true }: { dark?: boolean; wide?: boolean } = {}) {
  const state = { dark, wide };
  const listeners = new Map<string, Set<(event: MediaQueryListEvent) => void>>();
  const matches = (query: string) => {
    if (query.includes('prefers-color-scheme: dark')) return state.dark;
    if (query.includes('min-width')) return state.wide;
    return false;
  };
  vi.stubGlobal('matchMedia', (query: string) => ({
    media: query,
    get matches() {
      return matches(query);
    },
    onchange: null,
    addEventListener: (_type: string, listener: (event: MediaQueryListEvent) => void) => {
      if (!listeners.has(query)) listeners.set(query, new Set());
      listeners.get(query)?.add(listener);
    },
    removeEventListener: (_type: string, listener: (event: MediaQueryListEvent) => void) => {
      listeners.get(query)?.delete(listener);
    },
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => true,
  }));
  const notify = (predicate: (query: string) => boolean) => {
    for (const [query, set] of listeners) {
      if (!predicate(query)) continue;
      for (const listener of set) listener({ matches: matches(query), media: query } as MediaQueryListEvent);
    }
  };
  return {
    setDark(value: boolean) {
      state.dark = value;
      notify((query) => query.includes('prefers-color-scheme'));
    },
    setWide(value: boolean) {
      state.wide = value;
      notify((query) => query.includes('min-width'));
    },
  };
}
