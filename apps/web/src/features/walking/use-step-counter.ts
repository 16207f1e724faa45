import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { usePageActive } from '../../hooks';
import { reportSteps } from './api/report-steps';
import { detectMotionSupport, requestMotionPermission, sampleOf } from './motion-sensor';
import { createStepCounter } from './step-counter';
import { createStepSync, type StepSync } from './step-sync';

/**
 * `waiting`: listening, no reading yet; `counting`: readings arrive; `noSensor`: the browser has no
 * motion events, or sent none (or only empty ones) within SENSOR_WAIT_MS; `needsPermission`: iOS,
 * a tap must ask first; `denied`: the user refused.
 */
export type StepSensorStatus = 'waiting' | 'counting' | 'noSensor' | 'needsPermission' | 'denied';

/** A phone with an accelerometer sends its first reading within a few frames. */
export const SENSOR_WAIT_MS = 2_000;

export interface StepCounterState {
  readonly status: StepSensorStatus;
  /** Today's steps: the server's count plus those counted here and not yet reported. */
  readonly steps: number;
  /** iOS: call from a tap. */
  readonly enable: () => void;
}

export interface StepCounterInput {
  /** Today in the business time zone, as GET /api/home answered it. */
  readonly day: string;
  readonly serverSteps: number;
  /** After the server stored a report (home's points and card progress are then stale). */
  readonly onReported?: (steps: number) => void;
}

/** Counts steps from the motion sensor while the page is open and reports them (POST /api/steps). */
interface StepStore {
  readonly sync: StepSync;
  readonly subscribe: (listener: () => void) => () => void;
  readonly getSteps: () => number;
  /** Called from an effect, so a report always uses the latest day and callback. */
  readonly setReport: (report: (total: number) => Promise<number>) => void;
}

function createStepStore(): StepStore {
  const listeners = new Set<() => void>();
  let report: (total: number) => Promise<number> = () => Promise.reject(new Error('not ready'));
  const store: StepStore = {
    sync: createStepSync({
      report: (total) => report(total),
      onChange: () => listeners.forEach((listener) => listener()),
    }),
    subscribe: (listener) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    getSteps: () => store.sync.total(),
    setReport: (next) => {
      report = next;
    },
  };
  return store;
}

/** Counts steps from the motion sensor while the page is open and reports them (POST /api/steps). */
export function useStepCounter({ day, serverSteps, onReported }: StepCounterInput): StepCounterState {
  const [store] = useState(createStepStore);
  const { sync } = store;
  useEffect(() => {
    store.setReport(async (total) => {
      // Errors stay quiet: a refused report loses nothing and is retried with the next one.
      const answer = await reportSteps({ day, steps: total, source: 'web' }, { hideErrors: true });
      onReported?.(answer.steps);
      return answer.steps;
    });
  }, [store, day, onReported]);
  const steps = useSyncExternalStore(store.subscribe, store.getSteps);

  useEffect(() => {
    sync.setServerSteps(serverSteps);
  }, [sync, serverSteps]);

  const [support] = useState(() => detectMotionSupport());
  const [status, setStatus] = useState<StepSensorStatus>(
    support === 'unsupported' ? 'noSensor' : support === 'needsPermission' ? 'needsPermission' : 'waiting',
  );
  // Bumped when the user grants access, to wait for a first reading again.
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (support === 'unsupported') return undefined;
    const counter = createStepCounter();
    let previous: number | undefined;
    let hasReading = false;
    const onMotion = (event: DeviceMotionEvent) => {
      const sample = sampleOf(event, previous);
      previous = event.timeStamp;
      if (!sample) {
        if (!hasReading) setStatus('noSensor');
        return;
      }
      if (!hasReading) {
        hasReading = true;
        setStatus('counting');
      }
      const counted = counter.push(sample);
      if (counted > 0) sync.addSteps(counted);
    };
    // Listening starts at once, even where a permission may be needed (some browsers expose
    // requestPermission without requiring it), and goes on after "no sensor": a sensor that wakes
    // up late still counts.
    // Where a permission is needed, the button stays until a tap grants it (attempt > 0).
    const isWaiting = support === 'available' || attempt > 0;
    const timer = isWaiting
      ? setTimeout(() => {
          if (!hasReading) setStatus('noSensor');
        }, SENSOR_WAIT_MS)
      : undefined;
    window.addEventListener('devicemotion', onMotion);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('devicemotion', onMotion);
    };
  }, [support, attempt, sync]);

  // Leaving: the tab hidden or closed, another page on top, or this page gone.
  const isPageActive = usePageActive();
  useEffect(() => {
    if (!isPageActive) void sync.flush();
  }, [isPageActive, sync]);
  useEffect(() => {
    const onHide = () => {
      if (document.visibilityState === 'hidden') void sync.flush();
    };
    const onPageHide = () => void sync.flush();
    document.addEventListener('visibilitychange', onHide);
    window.addEventListener('pagehide', onPageHide);
    sync.start();
    return () => {
      document.removeEventListener('visibilitychange', onHide);
      window.removeEventListener('pagehide', onPageHide);
      sync.stop();
      void sync.flush();
    };
  }, [sync]);

  const enable = useCallback(() => {
    void requestMotionPermission().then((isGranted) => {
      setStatus(isGranted ? 'waiting' : 'denied');
      if (isGranted) setAttempt((value) => value + 1);
    });
  }, []);

  return { status, steps, enable };
}
