import { http } from '../lib/http';
import { RECONNECTED_EVENT, createConnectivity } from '../lib/connectivity';

/** The path the offline banner asks while the API cannot be reached: small, public, never cached. */
export const PROBE_PATH = '/api/rules';

/** The app's one view of being offline (docs/product/client.md, Install, offline and updates). */
export const connectivity = createConnectivity({
  isBrowserOnline: () => window.navigator.onLine,
  probe: () => http.ping(PROBE_PATH),
  setTimeout: (run, ms) => window.setTimeout(run, ms),
  clearTimeout: (timer) => window.clearTimeout(timer as number),
});

/**
 * Follows the browser's own online and offline events, and tells the pages when the API answers
 * again, so that a page whose load failed reads again without a tap on Retry.
 */
export function watchConnectivity(): void {
  window.addEventListener('online', connectivity.browserChanged);
  window.addEventListener('offline', connectivity.browserChanged);
  let unreachable = connectivity.getState().apiUnreachable;
  connectivity.subscribe(() => {
    const now = connectivity.getState().apiUnreachable;
    if (unreachable && !now) window.dispatchEvent(new Event(RECONNECTED_EVENT));
    unreachable = now;
  });
}
