import { getHome } from '@stride/contract';
import type { ResponseOf, getHome as GetHome } from '@stride/contract';
import { useRemote, usePageActive, type RemoteOptions, type RemoteValue } from '../../hooks';
import { useWindowEvent } from '../../hooks/freshness';
import { isRequestError, call } from '../../lib/http';
import { userStore } from '../../lib/storage';
import { readHomeSnapshot, saveHomeSnapshot } from './snapshot';

/**
 * GET /api/home's answer; `savedAt` is set when the network could not be reached and what is shown
 * is the last answer this device kept (decision 079 "Home kept on the device for an app opened offline"), as of that
 * time.
 */
export type Home = ResponseOf<typeof GetHome> & { readonly savedAt?: number };

/** No host answered (no network, a timeout, a gateway saying the API is down), as against a refusal. */
function isUnanswered(error: unknown): boolean {
  if (!isRequestError(error) || (error.kind !== 'network' && error.kind !== 'timeout')) return false;
  return error.status === undefined || error.status === 502 || error.status === 503 || error.status === 504;
}

async function load(signal: AbortSignal): Promise<Home> {
  const userId = userStore.getState().userInfo?.id;
  try {
    const home = await call(getHome, {}, { hideErrors: true, signal });
    if (userId) saveHomeSnapshot(window.localStorage, userId, home, Date.now());
    return home;
  } catch (error) {
    const kept = userId && isUnanswered(error) ? readHomeSnapshot(window.localStorage, userId) : undefined;
    if (!kept) throw error;
    return { ...kept.home, savedAt: kept.savedAt };
  }
}

/**
 * GET /api/home; after an action (collect, exchange) pages `refresh` it quietly. Like every
 * `useRemote`, it reads again whenever its page is shown again, and while shown, after any write
 * (a step report), a return to the app, a notification or a pull (decision 076 "Screens that stay current"). Without a
 * network it shows the last home kept on the device, and reads again as soon as the network is back.
 */
export function useHome(options?: RemoteOptions): RemoteValue<Home> {
  const remote = useRemote(load, options);
  const isActive = usePageActive();
  const isKept = remote.state.status === 'ready' && remote.state.data.savedAt !== undefined;
  useWindowEvent('window', 'online', isActive && isKept, remote.refresh);
  return remote;
}
