import { useSyncExternalStore } from 'react';

/** A tiny external store: one state object, shallow updates, React subscribes with useSyncExternalStore. */
export interface Store<T> {
  get(): T;
  set(patch: Partial<T> | ((state: T) => Partial<T>)): void;
  subscribe(listener: () => void): () => void;
}

export function createStore<T extends object>(initial: T): Store<T> {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => state,
    set(patch) {
      const next = typeof patch === 'function' ? patch(state) : patch;
      state = { ...state, ...next };
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export function useStore<T extends object, S>(store: Store<T>, select: (state: T) => S): S {
  const read = () => select(store.get());
  // The same read on the server: the sign-in screen is prerendered at build time (docs/web.md).
  return useSyncExternalStore(store.subscribe, read, read);
}
