import { forgetHomeSnapshot } from '../features/home/snapshot';
import { userStore, type UserStore } from '../lib/storage';

/**
 * The home kept on the device for offline use (decision 079 "Home kept on the device for an app opened offline") is
 * forgotten at logout, however the session ended (the user, a password change, a refused token), so a shared phone
 * shows nobody else's figures.
 */
export function forgetKeptHomeAtLogout(
  users: UserStore = userStore,
  storage: Storage = window.localStorage,
): () => void {
  return users.subscribe(() => {
    if (!users.getState().isLogged) forgetHomeSnapshot(storage);
  });
}
