import { useSyncExternalStore } from 'react';
import { userStore, type UserState } from './user-store';

export function useUser(): UserState {
  return useSyncExternalStore(userStore.subscribe, userStore.getState);
}
