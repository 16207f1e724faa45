import { useSyncExternalStore } from 'react';
import { unreadStore } from './unread-store';

/** The unread notifications count, for the My tab's badge and the inbox entry. */
export function useUnreadCount(): number {
  return useSyncExternalStore(unreadStore.subscribe, unreadStore.getCount);
}
