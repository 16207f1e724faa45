import { unreadStore, type UnreadStore } from '../features/notifications/unread-store';
import { userStore, type UserStore } from '../lib/storage';
import { PUSH_ARRIVED_MESSAGE } from '../sw/push';

/** Where the service worker's messages arrive; absent without service workers. */
export type WorkerMessages = Pick<ServiceWorkerContainer, 'addEventListener' | 'removeEventListener'>;

const browserWorker = (): WorkerMessages | undefined =>
  typeof navigator !== 'undefined' && 'serviceWorker' in navigator ? navigator.serviceWorker : undefined;

/**
 * The unread notifications count (the My tab's badge, decision 044 "The notifications inbox") is read while a user is
 * logged in: once at login or start, then when the user comes back to the app, when a push
 * reaches the page (the service worker tells its windows, sw/push.ts; decision 076 "Screens that stay current") and
 * after the inbox marks items read; at logout it goes back to 0.
 */
export function runUnreadCount(
  store: UnreadStore = unreadStore,
  users: UserStore = userStore,
  worker: WorkerMessages | undefined = browserWorker(),
): () => void {
  let token: string | undefined;
  const apply = () => {
    const state = users.getState();
    if (!state.isLogged) {
      token = undefined;
      store.stop();
      return;
    }
    // Another user's session (or a new one): their count.
    if (token !== undefined && token !== state.token) store.refresh();
    token = state.token;
    store.start();
  };
  apply();
  const off = users.subscribe(apply);
  const onMessage = (event: Event) => {
    const data: unknown = (event as MessageEvent).data;
    if (typeof data === 'object' && data !== null && Reflect.get(data, 'type') === PUSH_ARRIVED_MESSAGE) {
      store.refresh();
    }
  };
  worker?.addEventListener('message', onMessage);
  return () => {
    off();
    worker?.removeEventListener('message', onMessage);
    store.stop();
  };
}
