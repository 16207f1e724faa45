/** "A new version is ready" (docs/product/client.md, Install, offline and updates): set by the worker's registration. */
export interface UpdateStore {
  /** A new version is installed and waiting. */
  readonly isReady: () => boolean;
  readonly subscribe: (listener: () => void) => () => void;
  /** The new worker takes over and the page reloads with the new version. */
  readonly apply: () => void;
  /** For the registration: a waiting worker, and how to switch to it. */
  readonly setWaiting: (apply: () => Promise<void>) => void;
}

export function createUpdateStore(): UpdateStore {
  let apply: (() => Promise<void>) | undefined;
  const listeners = new Set<() => void>();
  return {
    isReady: () => apply !== undefined,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    apply() {
      void apply?.();
    },
    setWaiting(next) {
      apply = next;
      for (const listener of [...listeners]) listener();
    },
  };
}

export const updates = createUpdateStore();
