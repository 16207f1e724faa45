import { readJson, writeJson } from '../../lib/storage/json';
import { DAY_MS, addDays, dayOf, startOfDay } from './business-day';
import { detectMotionSupport, requestMotionPermission, sampleOf } from './motion-sensor';
import {
  EMPTY_RHYTHM,
  addInterval,
  isRhythmStats,
  rhythmOf,
  subtractRhythm,
  type Rhythm,
  type RhythmStats,
} from './rhythm';
import { createStepCounter } from './step-counter';
import {
  addWalkSteps,
  endWalk as endOpenWalk,
  isWalk,
  isWalking,
  settleWalk,
  startWalk as newWalk,
  walkDeadline,
  type Walk,
} from './walk';

/**
 * The app's one step counter (docs/product/client.md, Step counter; decision 032 "One step counter for the whole app,
 * live tab pages"). It runs while a user is logged in, whatever page is open: it counts steps from the motion sensor,
 * keeps this device's own count per business day on the device, and reports that count as this device's
 * source (`POST /api/steps` with `source: 'web'` and the device's id). The server keeps each
 * device's count and credits the day's highest source, so the device never adds the server's total
 * to its own. A count the server has not accepted yet (no network, a refused report) stays on the
 * device, survives a reload and is sent later; sending the same count twice changes nothing.
 *
 * No zod here: this module is part of the first route; the calls load on demand.
 */

/** docs/product/rules.md, Steps and points: the web app reports at most about every 30 s while steps come in. */
export const STEP_SYNC_INTERVAL_MS = 30_000;

/** A phone with an accelerometer sends its first reading within a few frames. */
export const SENSOR_WAIT_MS = 2_000;

/** Set once the user has answered the motion explanation (iOS), for this browser. */
export const MOTION_ASKED_KEY = 'motionAsked';
/** The business time zone as GET /api/home last told it, with this device's clock error. */
export const STEP_CALENDAR_KEY = 'stepCalendar';
/** Each user's counts on this device. */
export const stepCountsKey = (userId: string): string => `stepCounts:${userId}`;

/**
 * `waiting`: listening, no reading yet; `counting`: readings arrive; `noSensor`: the browser has no
 * motion events, or sent none (or only empty ones) within SENSOR_WAIT_MS; `needsPermission`: iOS,
 * a tap must ask first; `denied`: the user refused.
 */
export type StepSensorStatus = 'waiting' | 'counting' | 'noSensor' | 'needsPermission' | 'denied';

export interface StepReport {
  readonly day: string;
  readonly steps: number;
  readonly source: 'web';
  readonly device: string;
  readonly rhythm?: Rhythm;
}

export interface StepReportAnswer {
  readonly day: string;
  /** The day's credited count (the highest source). */
  readonly steps: number;
  /** This device's stored count. */
  readonly sourceSteps: number;
}

export interface ServerToday {
  readonly day: string;
  readonly steps: number;
  readonly utcOffsetMinutes: number;
}

export interface StepStoreDeps {
  readonly storage: Storage;
  readonly deviceId: () => string;
  readonly report: (report: StepReport) => Promise<StepReportAnswer>;
  /** GET /api/home, for the business day when the device does not know it yet. */
  readonly fetchToday: () => Promise<ServerToday>;
  readonly window?: Window;
  readonly now?: () => number;
  readonly intervalMs?: number;
}

export interface StepCounterView {
  readonly isRunning: boolean;
  readonly status: StepSensorStatus;
  /** Today in the business time zone, once the server has told it. */
  readonly day: string | null;
  /** This device's own count for today. */
  readonly deviceSteps: number;
  /** Today's credited count as the server last answered (home or a report). */
  readonly creditedSteps: number;
  /** Counted here and not yet accepted by the server, every day together. */
  readonly pendingSteps: number;
  /** When the server last accepted a report from this device (device clock, ms). */
  readonly syncedAt: number | null;
  readonly walk: Walk | null;
  /** The motion explanation was answered once (it is not shown again). */
  readonly isMotionAsked: boolean;
}

export interface StepStore {
  readonly subscribe: (listener: () => void) => () => void;
  readonly getView: () => StepCounterView;
  /** Starts (or keeps running) for this user; another user's counts stay on the device apart. */
  readonly start: (userId: string) => void;
  readonly stop: () => void;
  /** What GET /api/home answered: the business day and time zone, and the day's credited steps. */
  readonly learnToday: (today: ServerToday) => void;
  /** Reports now unless a report is under way or nothing is pending. */
  readonly flush: () => Promise<void>;
  /** iOS: from a tap. */
  readonly requestPermission: () => Promise<void>;
  /** The explanation closed without asking ("not now"); remembered like an answer. */
  readonly dismissPermission: () => void;
  readonly startWalk: () => void;
  readonly endWalk: () => void;
  /** Closes an ended walk's summary. */
  readonly clearWalk: () => void;
}

interface DayCount {
  /** This device's count for the day. */
  counted: number;
  /** The highest count the server accepted from this device. */
  sent: number;
  /** The day's credited count (all sources) as last heard. */
  credited: number;
}

interface Saved {
  days: Record<string, DayCount>;
  /** Steps counted before the business day was known; they go to the day the server tells. */
  undated: number;
  syncedAt: number | null;
  rhythm: RhythmStats;
  walk: Walk | null;
}

interface Calendar {
  readonly offset: number;
  /** Added to the device clock to agree with the server's day. */
  readonly skew: number;
}

const emptySaved = (): Saved => ({ days: {}, undated: 0, syncedAt: null, rhythm: EMPTY_RHYTHM, walk: null });

const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 0;

function isDayCount(value: unknown): value is DayCount {
  return (
    typeof value === 'object' &&
    value !== null &&
    ['counted', 'sent', 'credited'].every((key) => isCount(Reflect.get(value, key)))
  );
}

function isSaved(value: unknown): value is Saved {
  if (typeof value !== 'object' || value === null) return false;
  const days: unknown = Reflect.get(value, 'days');
  const syncedAt: unknown = Reflect.get(value, 'syncedAt');
  const walk: unknown = Reflect.get(value, 'walk');
  return (
    typeof days === 'object' &&
    days !== null &&
    Object.entries(days).every(([day, count]) => /^\d{4}-\d{2}-\d{2}$/.test(day) && isDayCount(count)) &&
    isCount(Reflect.get(value, 'undated')) &&
    (syncedAt === null || typeof syncedAt === 'number') &&
    isRhythmStats(Reflect.get(value, 'rhythm')) &&
    (walk === null || isWalk(walk))
  );
}

function remember(storage: Storage, key: string): void {
  try {
    storage.setItem(key, '1');
  } catch {
    // A blocked storage: the explanation may show again next time, nothing worse.
  }
}

function isCalendar(value: unknown): value is Calendar {
  return (
    typeof value === 'object' &&
    value !== null &&
    Number.isInteger(Reflect.get(value, 'offset')) &&
    Number.isFinite(Reflect.get(value, 'skew'))
  );
}

export function createStepStore(deps: StepStoreDeps): StepStore {
  const win = deps.window ?? window;
  const { storage } = deps;
  const now = deps.now ?? (() => Date.now());
  const intervalMs = deps.intervalMs ?? STEP_SYNC_INTERVAL_MS;
  const support = detectMotionSupport(win);
  const listeners = new Set<() => void>();

  let userId: string | null = null;
  let saved = emptySaved();
  let calendar = readJson(storage, STEP_CALENDAR_KEY, isCalendar);
  let status: StepSensorStatus =
    support === 'unsupported' ? 'noSensor' : support === 'needsPermission' ? 'needsPermission' : 'waiting';
  let hasReading = false;
  let detach: (() => void) | undefined;
  let syncTimer: ReturnType<typeof setTimeout> | undefined;
  let clockTimer: ReturnType<typeof setTimeout> | undefined;
  let sensorTimer: ReturnType<typeof setTimeout> | undefined;
  let todayTimer: ReturnType<typeof setTimeout> | undefined;
  let inFlight: Promise<void> | undefined;
  let isTodayRequested = false;
  let lastReportAt = Number.NEGATIVE_INFINITY;
  let lastReportDay: string | undefined;

  const today = (): string | null => (calendar ? dayOf(now() + calendar.skew, calendar.offset) : null);
  /** The device-clock instant at which `day` ends. */
  const endOf = (day: string, cal: Calendar): number => startOfDay(day, cal.offset) + DAY_MS - cal.skew;

  function dayCount(day: string): DayCount {
    const existing = saved.days[day];
    if (existing) return existing;
    const created = { counted: 0, sent: 0, credited: 0 };
    saved.days[day] = created;
    return created;
  }

  function pendingDays(): string[] {
    return Object.keys(saved.days)
      .filter((day) => {
        const count = saved.days[day];
        return count !== undefined && count.counted > count.sent;
      })
      .sort();
  }

  function computeView(): StepCounterView {
    const day = today();
    const count = day ? saved.days[day] : undefined;
    const pending =
      saved.undated +
      Object.values(saved.days).reduce((sum, entry) => sum + Math.max(0, entry.counted - entry.sent), 0);
    return {
      isRunning: detach !== undefined,
      status,
      day,
      deviceSteps: (count?.counted ?? 0) + (day ? 0 : saved.undated),
      creditedSteps: count?.credited ?? 0,
      pendingSteps: pending,
      syncedAt: saved.syncedAt,
      walk: saved.walk,
      isMotionAsked: storage.getItem(MOTION_ASKED_KEY) === '1',
    };
  }

  let view = computeView();

  function notify(): void {
    view = computeView();
    for (const listener of [...listeners]) listener();
  }

  /** Days before yesterday can no longer be reported (the server refuses them as late). */
  function prune(): void {
    const day = today();
    if (!day) return;
    const yesterday = addDays(day, -1);
    for (const key of Object.keys(saved.days)) if (key < yesterday) delete saved.days[key];
  }

  function persist(): void {
    if (!userId) return;
    prune();
    writeJson(storage, stepCountsKey(userId), saved);
  }

  function settle(): void {
    if (saved.walk && isWalking(saved.walk)) saved.walk = settleWalk(saved.walk, now());
  }

  /** Wakes at midnight (the day changes on screen, a walk ends) and when an open walk would end. */
  function armClock(): void {
    clearTimeout(clockTimer);
    clockTimer = undefined;
    if (!detach) return;
    const day = today();
    const times = [day && calendar ? endOf(day, calendar) : null, saved.walk ? walkDeadline(saved.walk) : null].filter(
      (time): time is number => time !== null,
    );
    if (times.length === 0) return;
    clockTimer = setTimeout(
      () => {
        clockTimer = undefined;
        settle();
        persist();
        notify();
        armClock();
        schedule();
      },
      Math.max(0, Math.min(...times) - now()),
    );
  }

  function schedule(): void {
    if (!detach || syncTimer !== undefined || inFlight) return;
    const next = pendingDays()[0];
    if (next === undefined) return;
    // The server's rate check is per day: a day not reported yet goes at once.
    const wait = next === lastReportDay ? Math.max(0, lastReportAt + intervalMs - now()) : 0;
    syncTimer = setTimeout(() => {
      syncTimer = undefined;
      void flush();
    }, wait);
  }

  function flush(): Promise<void> {
    if (inFlight) return inFlight;
    clearTimeout(syncTimer);
    syncTimer = undefined;
    const user = userId;
    if (!user || !detach) return Promise.resolve();
    if (!calendar) {
      requestToday();
      return Promise.resolve();
    }
    prune();
    const day = pendingDays()[0];
    if (day === undefined) return Promise.resolve();
    const steps = saved.days[day]?.counted ?? 0;
    const rhythmSent = saved.rhythm;
    const rhythm = rhythmOf(rhythmSent);
    lastReportAt = now();
    lastReportDay = day;
    inFlight = deps
      .report({ day, steps, source: 'web', device: deps.deviceId(), ...(rhythm ? { rhythm } : {}) })
      .then(
        (answer) => {
          if (userId !== user) return;
          const count = dayCount(day);
          // What the server holds from this device is sent, whoever sent it (another tab of this
          // browser, an attempt whose answer was lost): nothing of it waits any more.
          count.sent = Math.max(count.sent, steps, answer.sourceSteps);
          count.counted = Math.max(count.counted, answer.sourceSteps);
          count.credited = Math.max(count.credited, answer.steps);
          saved.rhythm = subtractRhythm(saved.rhythm, rhythmSent);
          saved.syncedAt = now();
          persist();
          notify();
        },
        // No network, or refused (too fast): the count stays pending and goes with the next attempt.
        () => undefined,
      )
      .finally(() => {
        inFlight = undefined;
        schedule();
      });
    return inFlight;
  }

  function requestToday(): void {
    if (isTodayRequested || calendar) return;
    isTodayRequested = true;
    deps.fetchToday().then(
      (answer) => {
        isTodayRequested = false;
        learnToday(answer);
      },
      () => {
        isTodayRequested = false;
        clearTimeout(todayTimer);
        if (detach) todayTimer = setTimeout(requestToday, intervalMs);
      },
    );
  }

  function learnToday({ day, steps, utcOffsetMinutes: offset }: ServerToday): void {
    const at = now();
    let skew = calendar?.offset === offset ? calendar.skew : 0;
    if (dayOf(at + skew, offset) !== day) {
      // The device clock disagrees with the server's day: count from the start of the server's
      // day. Erring late is the safe side (the server still accepts yesterday, never tomorrow),
      // and every answer from home sets it right again.
      skew = dayOf(at, offset) === day ? 0 : startOfDay(day, offset) - at;
    }
    calendar = { offset, skew };
    writeJson(storage, STEP_CALENDAR_KEY, calendar);
    if (userId) {
      const count = dayCount(day);
      count.counted += saved.undated;
      saved.undated = 0;
      count.credited = Math.max(count.credited, steps);
      if (saved.walk && isWalking(saved.walk) && saved.walk.endsBy === null) {
        saved.walk = { ...saved.walk, endsBy: endOf(day, calendar) };
      }
      persist();
    }
    armClock();
    notify();
    schedule();
  }

  function countSteps(steps: number, intervalMs: number | undefined): void {
    if (!userId) return;
    const at = now();
    settle();
    const day = today();
    if (day) dayCount(day).counted += steps;
    else saved.undated += steps;
    saved.rhythm = addInterval(saved.rhythm, intervalMs);
    if (saved.walk && isWalking(saved.walk)) saved.walk = addWalkSteps(saved.walk, steps, at);
    persist();
    notify();
    if (saved.walk) armClock();
    if (day) schedule();
    else requestToday();
  }

  function waitForSensor(): void {
    clearTimeout(sensorTimer);
    sensorTimer = setTimeout(() => {
      sensorTimer = undefined;
      if (!hasReading) {
        status = 'noSensor';
        notify();
      }
    }, SENSOR_WAIT_MS);
  }

  /** Another tab of this browser wrote the same user's counts: keep the higher of each. */
  function merge(): void {
    if (!userId) return;
    const other = readJson(storage, stepCountsKey(userId), isSaved);
    if (!other) return;
    for (const [day, count] of Object.entries(other.days)) {
      const mine = dayCount(day);
      mine.counted = Math.max(mine.counted, count.counted);
      mine.sent = Math.max(mine.sent, count.sent);
      mine.credited = Math.max(mine.credited, count.credited);
    }
    saved.syncedAt = Math.max(saved.syncedAt ?? 0, other.syncedAt ?? 0) || null;
    if (other.walk && (!saved.walk || other.walk.startedAt >= saved.walk.startedAt)) saved.walk = other.walk;
    notify();
  }

  function attach(): () => void {
    const counter = createStepCounter();
    let previous: number | undefined;
    const onMotion = (event: DeviceMotionEvent) => {
      const sample = sampleOf(event, previous);
      previous = event.timeStamp;
      if (!sample) {
        if (!hasReading && status !== 'noSensor') {
          status = 'noSensor';
          notify();
        }
        return;
      }
      if (!hasReading) {
        hasReading = true;
        status = 'counting';
        notify();
      }
      const counted = counter.push(sample);
      if (counted > 0) countSteps(counted, counter.lastIntervalMs);
    };
    const onOnline = () => void flush();
    // Hidden: send now. Visible again: send what is still waiting (the phone may have cut the
    // report sent on hiding) rather than wait for the next interval.
    const onVisibility = () => void flush();
    const onPageHide = () => void flush();
    const onStorage = (event: StorageEvent) => {
      if (userId && event.key === stepCountsKey(userId)) merge();
      else if (event.key === MOTION_ASKED_KEY) notify();
    };
    // Listening starts at once, even where a permission may be needed (some browsers expose
    // requestPermission without requiring it), and goes on after "no sensor": a sensor that wakes
    // up late still counts.
    win.addEventListener('devicemotion', onMotion);
    win.addEventListener('online', onOnline);
    win.addEventListener('pagehide', onPageHide);
    win.addEventListener('storage', onStorage);
    win.document.addEventListener('visibilitychange', onVisibility);
    return () => {
      win.removeEventListener('devicemotion', onMotion);
      win.removeEventListener('online', onOnline);
      win.removeEventListener('pagehide', onPageHide);
      win.removeEventListener('storage', onStorage);
      win.document.removeEventListener('visibilitychange', onVisibility);
    };
  }

  function stop(): void {
    detach?.();
    detach = undefined;
    for (const timer of [syncTimer, clockTimer, sensorTimer, todayTimer]) clearTimeout(timer);
    syncTimer = clockTimer = sensorTimer = todayTimer = undefined;
    userId = null;
    saved = emptySaved();
    lastReportAt = Number.NEGATIVE_INFINITY;
    lastReportDay = undefined;
    notify();
  }

  function start(id: string): void {
    if (userId === id && detach) return;
    if (detach) stop();
    userId = id;
    saved = readJson(storage, stepCountsKey(id), isSaved) ?? emptySaved();
    settle();
    if (support !== 'unsupported') {
      detach = attach();
      if (support === 'available' && !hasReading) waitForSensor();
    } else {
      // Nothing to listen to, but what an earlier visit counted is still sent.
      detach = () => undefined;
    }
    persist();
    armClock();
    notify();
    if (calendar) schedule();
    else requestToday();
  }

  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    getView: () => view,
    start,
    stop,
    learnToday,
    flush,
    async requestPermission() {
      remember(storage, MOTION_ASKED_KEY);
      const isGranted = await requestMotionPermission(win);
      if (!hasReading) status = isGranted ? 'waiting' : 'denied';
      if (isGranted && !hasReading) waitForSensor();
      notify();
    },
    dismissPermission() {
      remember(storage, MOTION_ASKED_KEY);
      notify();
    },
    startWalk() {
      if (!userId) return;
      const day = today();
      saved.walk = newWalk(now(), day && calendar ? endOf(day, calendar) : null);
      persist();
      armClock();
      notify();
    },
    endWalk() {
      if (!saved.walk) return;
      settle();
      saved.walk = endOpenWalk(saved.walk, now());
      persist();
      armClock();
      notify();
    },
    clearWalk() {
      if (!saved.walk || isWalking(saved.walk)) return;
      saved.walk = null;
      persist();
      notify();
    },
  };
}
