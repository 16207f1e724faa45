import { stepCounter } from '../features/walking/counter';
import type { StepStore } from '../features/walking/step-store';
import { userStore, type UserStore } from '../lib/storage';

/**
 * The one step counter runs while a user is logged in, whatever page is open (decision 032 "One step counter for the
 * whole app, live tab pages"): it starts once the user's info is known and stops at logout; what a user counted stays
 * on the device, apart from other users' counts, until it is sent.
 */
export function runStepCounter(store: StepStore = stepCounter, users: UserStore = userStore): () => void {
  const apply = () => {
    const { isLogged, userInfo } = users.getState();
    if (isLogged && userInfo) store.start(userInfo.id);
    else store.stop();
  };
  apply();
  const off = users.subscribe(apply);
  return () => {
    off();
    store.stop();
  };
}
