/**
 * Whether the app is offline (docs/product/client.md, Install, offline and updates): the browser
 * says it has no network, or the API could not be reached (the app shell was opened from the
 * service worker's cache while the server is down). Plain TypeScript: the request layer reports
 * each call's outcome, the app shows the banner.
 */
export interface ConnectivityState {
  /** `navigator.onLine` is false. */
  readonly browserOffline: boolean;
  /** The last call found no host answering. */
  readonly apiUnreachable: boolean;
}

export interface ConnectivityDeps {
  readonly isBrowserOnline: () => boolean;
  /** One quiet request to the API; resolves true when it answered. */
  readonly probe: () => Promise<boolean>;
  readonly setTimeout: (run: () => void, ms: number) => unknown;
  readonly clearTimeout: (timer: unknown) => void;
}

export interface Connectivity {
  readonly getState: () => ConnectivityState;
  readonly isOffline: () => boolean;
  readonly subscribe: (listener: () => void) => () => void;
  /** A call's outcome, from the request layer. */
  readonly reportReachable: (reachable: boolean) => void;
  /** The browser's `online` and `offline` events. */
  readonly browserChanged: () => void;
  /** Asks the API now (the app opened from the worker's cache), rather than at the next call. */
  readonly check: () => void;
}

/**
 * Dispatched on window when the API answers again after it could not be reached: what reads on
 * the browser's `online` event (a page's failed load, decision 039 "Layers in the history, fresh pages, retries when
 * back online") reads on this one too.
 */
export const RECONNECTED_EVENT = 'stride:reconnected';

/** How long to wait before asking the API again while it cannot be reached: quickly at first. */
export const PROBE_DELAYS_MS = [2_000, 4_000, 8_000, 15_000] as const;

export function createConnectivity(deps: ConnectivityDeps): Connectivity {
  let state: ConnectivityState = { browserOffline: !deps.isBrowserOnline(), apiUnreachable: false };
  const listeners = new Set<() => void>();
  let timer: unknown;
  let attempts = 0;
  let probing = false;

  function set(next: ConnectivityState) {
    if (next.browserOffline === state.browserOffline && next.apiUnreachable === state.apiUnreachable) return;
    state = next;
    for (const listener of [...listeners]) listener();
  }

  function stopProbing() {
    if (timer !== undefined) deps.clearTimeout(timer);
    timer = undefined;
    attempts = 0;
  }

  function probe() {
    if (probing) return;
    probing = true;
    void deps
      .probe()
      .catch(() => false)
      .then((reachable) => {
        probing = false;
        reportReachable(reachable);
      });
  }

  function scheduleProbe() {
    // With no network at all, the browser's `online` event is the signal to ask again.
    if (timer !== undefined || state.browserOffline) return;
    const delay = PROBE_DELAYS_MS[Math.min(attempts, PROBE_DELAYS_MS.length - 1)] ?? 15_000;
    attempts += 1;
    timer = deps.setTimeout(() => {
      timer = undefined;
      probe();
    }, delay);
  }

  function reportReachable(reachable: boolean) {
    if (reachable) {
      stopProbing();
      set({ ...state, apiUnreachable: false });
      return;
    }
    set({ ...state, apiUnreachable: true });
    scheduleProbe();
  }

  return {
    getState: () => state,
    isOffline: () => state.browserOffline || state.apiUnreachable,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    reportReachable,
    browserChanged() {
      const browserOffline = !deps.isBrowserOnline();
      set({ ...state, browserOffline });
      if (browserOffline) {
        stopProbing();
      } else if (state.apiUnreachable) {
        stopProbing();
        probe();
      }
    },
    check: probe,
  };
}
