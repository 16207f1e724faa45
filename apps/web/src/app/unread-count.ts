import { unreadStore, type UnreadStore } from '../features/notifications/unread-store';
import { userStore, type UserStore } from '../lib/storage';

/**
 * The unread notifications count (the My tab's badge, decision 044) is read while a user is
 * logged in: once at login or start, then when the app becomes visible again and after the inbox
 * marks items read; at logout it goes back to 0.
 */
export function runUnreadCount(store: UnreadStore = unreadStore, users: UserStore = userStore): () => void {
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
  return () => {
    off();
    store.stop();
  };
}
