import { updates } from './app-update';
import { connectivity } from './connectivity';

/**
 * The service worker (decision 045 "An installable app that opens offline"): registered after the first paint, from a
 * chunk of its own, so the first route carries none of it. A new worker waits until the user takes "a new version is
 * ready" (docs/product/client.md, Install, offline and updates).
 */

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
