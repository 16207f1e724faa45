import { getHome, reportSteps } from '@stride/contract';
import { useSyncExternalStore } from 'react';
import { call } from '../../lib/http';
import { getDeviceId } from '../../lib/storage';
import { createStepStore, type StepCounterView, type StepStore } from './step-store';

/**
 * The app's one step counter (decision 032 "One step counter for the whole app, live tab pages"), started by the app
 * once a user is logged in. The browser's contract keeps its endpoints' paths only (decision 065 "The contract without
 * its schemas in the browser"), so its calls cost the first route no schemas.
 */
export const stepCounter: StepStore = createStepStore({
  storage: window.localStorage,
  deviceId: () => getDeviceId(),
  // Errors stay quiet: a refused report loses nothing and is sent again later.
  report: (body) => call(reportSteps, { body }, { hideErrors: true }),
  // The business day as of the start: home's own early read of /api/home serves it too (early.ts).
  fetchToday: () => call(getHome, {}, { hideErrors: true, startRead: true }),
});

export function useStepCounter(store: StepStore = stepCounter): StepCounterView {
  return useSyncExternalStore(store.subscribe, store.getView);
}
