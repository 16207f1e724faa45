import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  MOTION_ASKED_KEY,
  STEP_SYNC_INTERVAL_MS,
  createStepStore,
  stepCountsKey,
  type ServerToday,
  type StepReport,
  type StepReportAnswer,
  type StepStore,
} from './step-store';
import { WALK_IDLE_MS } from './walk';

/** UTC+8, the default business time zone: 2026-03-02 10:00 there is 02:00 UTC. */
const OFFSET = 480;
const MORNING = Date.parse('2026-03-02T02:00:00Z');
const BEFORE_MIDNIGHT = Date.parse('2026-03-02T15:59:00Z');
const DEVICE = 'dev_0123456789';

class FakeMotionEvent extends Event {
  readonly accelerationIncludingGravity: { x: number; y: number; z: number };
  readonly interval: number;
  constructor(x: number, y: number, z: number) {
    super('devicemotion');
    this.accelerationIncludingGravity = { x, y, z };
    this.interval = 20;
  }
}

let sample = 0;
/** Two steps a second as the accelerometer reports them (the e2e journeys' walk), 25 samples a step. */
function walk(steps: number): void {
  for (let index = 0; index < steps * 25; index += 1) {
    const bounce = 2.5 * Math.sin((2 * Math.PI * 2 * sample * 20) / 1000);
    sample += 1;
    window.dispatchEvent(new FakeMotionEvent(0.5, (9.81 + bounce) * 0.8, (9.81 + bounce) * 0.6));
  }
}

/** A server that keeps each device's count per day and credits the highest, as the real one does. */
function fakeServer() {
  const state = { isOnline: true, refuseNext: 0, sources: new Map<string, number>(), other: new Map<string, number>() };
  const reports: StepReport[] = [];
  const accepted: StepReport[] = [];
  const report = vi.fn((body: StepReport): Promise<StepReportAnswer> => {
    reports.push(body);
    if (!state.isOnline) return Promise.reject(new TypeError('Failed to fetch'));
    if (state.refuseNext > 0) {
      state.refuseNext -= 1;
      return Promise.reject(new Error('Too many steps for the time elapsed'));
    }
    accepted.push(body);
    const sourceSteps = Math.max(state.sources.get(body.day) ?? 0, body.steps);
    state.sources.set(body.day, sourceSteps);
    return Promise.resolve({
      day: body.day,
      steps: Math.max(sourceSteps, state.other.get(body.day) ?? 0),
      sourceSteps,
    });
  });
  return { state, reports, accepted, report };
}

function setVisibility(state: DocumentVisibilityState): void {
  Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
  document.dispatchEvent(new Event('visibilitychange'));
}

let stores: StepStore[] = [];

function setUp(
  server = fakeServer(),
  today: ServerToday = { day: '2026-03-02', steps: 0, utcOffsetMinutes: OFFSET },
  fetchToday = vi.fn(() => Promise.resolve(today)),
) {
  const store = createStepStore({
    storage: window.localStorage,
    deviceId: () => DEVICE,
    report: server.report,
    fetchToday,
  });
  stores.push(store);
  return { store, server, fetchToday };
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  vi.setSystemTime(MORNING);
  Reflect.set(window, 'DeviceMotionEvent', FakeMotionEvent);
  sample = 0;
});

afterEach(() => {
  for (const store of stores) store.stop();
  stores = [];
  Reflect.deleteProperty(window, 'DeviceMotionEvent');
  Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
  window.localStorage.clear();
  vi.useRealTimers();
});

describe('the step store', () => {
  it("reports this device's own count as its source, never the server's total plus its own", async () => {
    const { store, server, fetchToday } = setUp();
    store.start('u1');
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchToday).toHaveBeenCalledTimes(1);
    store.learnToday({ day: '2026-03-02', steps: 5_000, utcOffsetMinutes: OFFSET });
    walk(20);
    await vi.advanceTimersByTimeAsync(0);
    expect(server.accepted).toEqual([
      { day: '2026-03-02', steps: 20, source: 'web', device: DEVICE, rhythm: expect.anything() as unknown },
    ]);
    expect(store.getView()).toMatchObject({
      day: '2026-03-02',
      deviceSteps: 20,
      creditedSteps: 5_000,
      pendingSteps: 0,
    });
    expect(store.getView().syncedAt).toBe(MORNING);
  });

  it('keeps steps walked offline, across tab switches, and sends them once when the network is back', async () => {
    const { store, server } = setUp();
    store.start('u1');
    await vi.advanceTimersByTimeAsync(0);
    server.state.isOnline = false;
    walk(200);
    await vi.advanceTimersByTimeAsync(0);
    expect(store.getView()).toMatchObject({ deviceSteps: 200, pendingSteps: 200, syncedAt: null });
    // Later attempts fail too and lose nothing.
    await vi.advanceTimersByTimeAsync(STEP_SYNC_INTERVAL_MS * 3);
    expect(server.reports.length).toBeGreaterThan(1);
    expect(store.getView().pendingSteps).toBe(200);

    server.state.isOnline = true;
    window.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(0);
    expect(server.accepted.map((report) => report.steps)).toEqual([200]);
    expect(store.getView()).toMatchObject({ deviceSteps: 200, pendingSteps: 0, creditedSteps: 200 });
    await vi.advanceTimersByTimeAsync(10 * STEP_SYNC_INTERVAL_MS);
    expect(server.accepted).toHaveLength(1);
  });

  it('keeps a refused report (too fast) pending and sends it again after the interval', async () => {
    const { store, server } = setUp();
    store.start('u1');
    await vi.advanceTimersByTimeAsync(0);
    server.state.refuseNext = 1;
    walk(10);
    await vi.advanceTimersByTimeAsync(0);
    expect(store.getView().pendingSteps).toBe(10);
    await vi.advanceTimersByTimeAsync(STEP_SYNC_INTERVAL_MS);
    expect(server.accepted.map((report) => report.steps)).toEqual([10]);
    expect(store.getView().pendingSteps).toBe(0);
  });

  it('reports at most every 30 s while steps come in', async () => {
    const { store, server } = setUp();
    store.start('u1');
    await vi.advanceTimersByTimeAsync(0);
    walk(2);
    await vi.advanceTimersByTimeAsync(0);
    for (let second = 0; second < 29; second += 1) {
      walk(2);
      await vi.advanceTimersByTimeAsync(1_000);
    }
    expect(server.accepted).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(server.accepted.map((report) => report.steps)).toEqual([2, 60]);
  });

  it('says nothing waits once the server answers that it holds as many from this device (another tab sent them)', async () => {
    const { store, server } = setUp();
    // This browser's other tab reported 300 for today before this one heard of it.
    server.state.sources.set('2026-03-02', 300);
    store.start('u1');
    await vi.advanceTimersByTimeAsync(0);
    walk(200);
    await vi.advanceTimersByTimeAsync(0);
    expect(server.accepted.map((report) => report.steps)).toEqual([200]);
    expect(store.getView()).toMatchObject({ deviceSteps: 300, creditedSteps: 300, pendingSteps: 0 });
    expect(store.getView().syncedAt).toBe(MORNING);
  });

  it('sends what still waits as soon as the page is shown again, not at the next interval', async () => {
    const { store, server } = setUp();
    store.start('u1');
    await vi.advanceTimersByTimeAsync(0);
    walk(200);
    await vi.advanceTimersByTimeAsync(0);
    expect(store.getView().pendingSteps).toBe(0);
    walk(50);
    // Hidden: sent at once, but the phone cut the connection as it went to sleep.
    server.state.isOnline = false;
    setVisibility('hidden');
    await vi.advanceTimersByTimeAsync(0);
    expect(store.getView().pendingSteps).toBe(50);
    server.state.isOnline = true;
    await vi.advanceTimersByTimeAsync(1_000);
    setVisibility('visible');
    await vi.advanceTimersByTimeAsync(0);
    expect(server.accepted.map((report) => report.steps)).toEqual([200, 250]);
    expect(store.getView()).toMatchObject({ deviceSteps: 250, pendingSteps: 0, syncedAt: MORNING + 1_000 });
  });

  it('keeps what was not sent across a reload, and sends it from the next start', async () => {
    const first = setUp();
    first.store.start('u1');
    await vi.advanceTimersByTimeAsync(0);
    first.server.state.isOnline = false;
    walk(50);
    await vi.advanceTimersByTimeAsync(0);
    first.store.stop();
    expect(JSON.parse(window.localStorage.getItem(stepCountsKey('u1')) ?? 'null')).toMatchObject({
      days: { '2026-03-02': { counted: 50, sent: 0 } },
    });

    // The page is loaded again: a new store, the same device storage.
    const second = setUp();
    second.store.start('u1');
    expect(second.store.getView()).toMatchObject({ deviceSteps: 50, pendingSteps: 50 });
    await vi.advanceTimersByTimeAsync(0);
    // The business day was remembered: no need to ask the server for it.
    expect(second.fetchToday).not.toHaveBeenCalled();
    expect(second.server.accepted.map((report) => [report.day, report.steps])).toEqual([['2026-03-02', 50]]);

    // Another user on this browser starts from nothing.
    second.store.start('u2');
    expect(second.store.getView()).toMatchObject({ deviceSteps: 0, pendingSteps: 0 });
  });

  it("moves to the next day at the business day's midnight and still sends yesterday's unsent count for yesterday", async () => {
    vi.setSystemTime(BEFORE_MIDNIGHT);
    const { store, server } = setUp(fakeServer(), { day: '2026-03-02', steps: 0, utcOffsetMinutes: OFFSET });
    store.start('u1');
    await vi.advanceTimersByTimeAsync(0);
    server.state.isOnline = false;
    walk(30);
    await vi.advanceTimersByTimeAsync(0);
    expect(store.getView()).toMatchObject({ day: '2026-03-02', deviceSteps: 30 });

    // Midnight in UTC+8: the day on screen changes even without a step.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(store.getView()).toMatchObject({ day: '2026-03-03', deviceSteps: 0, pendingSteps: 30 });
    walk(12);
    server.state.isOnline = true;
    window.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(0);
    // Yesterday first, then today at once (the server checks the rate per day).
    expect(server.accepted.map((report) => [report.day, report.steps])).toEqual([
      ['2026-03-02', 30],
      ['2026-03-03', 12],
    ]);
    expect(store.getView()).toMatchObject({ day: '2026-03-03', deviceSteps: 12, pendingSteps: 0 });
  });

  it('drops a count that can no longer be reported (before yesterday)', async () => {
    const { store, server } = setUp();
    store.start('u1');
    await vi.advanceTimersByTimeAsync(0);
    server.state.isOnline = false;
    walk(5);
    store.stop();
    vi.setSystemTime(MORNING + 2 * 86_400_000);
    server.state.isOnline = true;
    store.start('u1');
    await vi.advanceTimersByTimeAsync(0);
    expect(server.accepted).toEqual([]);
    expect(store.getView()).toMatchObject({ day: '2026-03-04', pendingSteps: 0 });
  });

  it("follows the server's day when the device clock is wrong", async () => {
    const { store, server } = setUp();
    store.start('u1');
    // The device believes it is 2026-03-02; the server says the 3rd has begun.
    store.learnToday({ day: '2026-03-03', steps: 0, utcOffsetMinutes: OFFSET });
    walk(4);
    await vi.advanceTimersByTimeAsync(0);
    expect(server.accepted.map((report) => report.day)).toEqual(['2026-03-03']);
  });

  it('counts steps before the day is known and files them under the day the server tells', async () => {
    let answer: (today: ServerToday) => void = () => undefined;
    const fetchToday = vi.fn(
      () =>
        new Promise<ServerToday>((resolve) => {
          answer = resolve;
        }),
    );
    const { store, server } = setUp(fakeServer(), undefined, fetchToday);
    store.start('u1');
    walk(8);
    expect(store.getView()).toMatchObject({ day: null, deviceSteps: 8, pendingSteps: 8 });
    answer({ day: '2026-03-02', steps: 100, utcOffsetMinutes: OFFSET });
    await vi.advanceTimersByTimeAsync(0);
    expect(server.accepted.map((report) => [report.day, report.steps])).toEqual([['2026-03-02', 8]]);
    expect(store.getView()).toMatchObject({ deviceSteps: 8, creditedSteps: 100 });
  });

  it('sends the rhythm of the steps counted since the last report', async () => {
    const { store, server } = setUp();
    store.start('u1');
    await vi.advanceTimersByTimeAsync(0);
    walk(21);
    await vi.advanceTimersByTimeAsync(0);
    const first = server.accepted[0]?.rhythm;
    // 21 steps at two a second: 20 intervals of about 500 ms, a steady machine-like walk.
    expect(first?.intervals).toBeGreaterThanOrEqual(19);
    expect(first?.intervals).toBeLessThanOrEqual(20);
    expect(first?.cv).toBeLessThan(0.05);

    walk(5);
    await vi.advanceTimersByTimeAsync(STEP_SYNC_INTERVAL_MS);
    expect(server.accepted[1]?.rhythm?.intervals).toBe(5);
  });

  it('remembers that the motion explanation was answered', async () => {
    const { store } = setUp();
    expect(store.getView().isMotionAsked).toBe(false);
    store.dismissPermission();
    expect(window.localStorage.getItem(MOTION_ASKED_KEY)).toBe('1');
    expect(setUp().store.getView().isMotionAsked).toBe(true);
    await vi.advanceTimersByTimeAsync(0);
  });

  it('says there is no motion sensor when no reading comes, or only empty ones', async () => {
    const { store } = setUp();
    store.start('u1');
    expect(store.getView().status).toBe('waiting');
    await vi.advanceTimersByTimeAsync(2_000);
    expect(store.getView().status).toBe('noSensor');
    walk(1);
    expect(store.getView().status).toBe('counting');
  });
});

describe('walk mode in the store', () => {
  it('counts a walk, remembers it across a reload, and ends it by itself after 30 minutes without steps', async () => {
    const { store } = setUp();
    store.start('u1');
    await vi.advanceTimersByTimeAsync(0);
    store.startWalk();
    walk(40);
    expect(store.getView().walk).toMatchObject({ steps: 40, endedAt: null, startedAt: MORNING });
    store.stop();

    const again = setUp();
    again.store.start('u1');
    expect(again.store.getView().walk).toMatchObject({ steps: 40, endedAt: null });
    await vi.advanceTimersByTimeAsync(WALK_IDLE_MS);
    expect(again.store.getView().walk).toMatchObject({ steps: 40, endedAt: MORNING, endReason: 'idle' });
    again.store.clearWalk();
    expect(again.store.getView().walk).toBeNull();
  });

  it('ends an open walk at midnight, and by the user', async () => {
    vi.setSystemTime(BEFORE_MIDNIGHT);
    const { store } = setUp();
    store.start('u1');
    await vi.advanceTimersByTimeAsync(0);
    store.startWalk();
    walk(10);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(store.getView().walk).toMatchObject({
      steps: 10,
      endedAt: Date.parse('2026-03-02T16:00:00Z'),
      endReason: 'midnight',
    });
    store.startWalk();
    walk(3);
    await vi.advanceTimersByTimeAsync(5_000);
    store.endWalk();
    expect(store.getView().walk).toMatchObject({ steps: 3, endReason: 'user' });
    expect(store.getView().walk?.endedAt).toBe(Date.now());
  });
});
