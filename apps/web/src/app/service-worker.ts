import { connectivity } from './connectivity';

/**
 * The service worker (decision 045): registered after the first paint, from a chunk of its own, so
 * the first route carries none of it. A new worker waits until the user takes "a new version is
 * ready" (docs/product/client.md, Install, offline and updates).
 */

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

/** How often an open app asks the server for a new worker (the browser also asks at each start). */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

export function registerServiceWorker(): void {
  if (import.meta.env.DEV || !('serviceWorker' in window.navigator)) return;
  // The page came from the worker's cache: ask the API at once whether it can be reached, so the
  // offline banner shows before the first call fails.
  if (window.navigator.serviceWorker.controller) connectivity.check();
  const register = () => {
    void import('virtual:pwa-register').then(({ registerSW }) => {
      const updateSW = registerSW({
        immediate: true,
        onNeedRefresh: () => updates.setWaiting(() => updateSW(true)),
        onRegisteredSW: (_url, registration) => {
          if (!registration) return;
          window.setInterval(() => {
            if (window.navigator.onLine && !registration.installing) void registration.update().catch(() => undefined);
          }, UPDATE_CHECK_MS);
        },
      });
    });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
