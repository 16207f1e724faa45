import { useSyncExternalStore } from 'react';
import { getDeviceId } from '../../lib/storage';
import { createStepStore, type StepCounterView, type StepStore } from './step-store';

/**
 * The app's one step counter (decision 032), started by the app once a user is logged in. Its
 * calls load on demand, so that the contract's schemas stay out of the first route.
 */
export const stepCounter: StepStore = createStepStore({
  storage: window.localStorage,
  deviceId: () => getDeviceId(),
  // Errors stay quiet: a refused report loses nothing and is sent again later.
  report: async (body) => (await import('./api/report-steps')).reportSteps(body, { hideErrors: true }),
  // The business day as of the start: home's own early read of /api/home serves it too (early.ts).
  fetchToday: async () => (await import('./api/get-today')).getToday({ hideErrors: true, startRead: true }),
});

export function useStepCounter(store: StepStore = stepCounter): StepCounterView {
  return useSyncExternalStore(store.subscribe, store.getView);
}
