import { useSyncExternalStore } from 'react';

/**
 * The screen in the address's hash (`#/withdrawals`): the server serves one index.html under
 * /console/, so a reload or a shared link keeps the screen without any server-side routing.
 */
function current(): string {
  return window.location.hash.replace(/^#\/?/, '');
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener('hashchange', onChange);
  return () => window.removeEventListener('hashchange', onChange);
}

export function useRoute(): string {
  return useSyncExternalStore(subscribe, current);
}

/** The screen's key in a route (`users` in `users/<id>`) and what follows it, if anything. */
export function splitRoute(route: string): { screen: string; rest: string | null } {
  const slash = route.indexOf('/');
  return slash === -1
    ? { screen: route, rest: null }
    : { screen: route.slice(0, slash), rest: decodeURIComponent(route.slice(slash + 1)) || null };
}

export function navigate(screen: string): void {
  window.location.hash = `#/${screen}`;
}
