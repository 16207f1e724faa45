import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STEP_SYNC_INTERVAL_MS, createStepSync } from './step-sync';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

function setUp(answer: (total: number) => Promise<number> = (total) => Promise.resolve(total)) {
  const report = vi.fn(answer);
  const sync = createStepSync({ report, now: () => Date.now() });
  return { sync, report };
}

describe('createStepSync', () => {
  it('adds counted steps to the server count and reports the total at once the first time', async () => {
    const { sync, report } = setUp();
    sync.setServerSteps(1_000);
    sync.addSteps(12);
    expect(sync.total()).toBe(1_012);
    await vi.advanceTimersByTimeAsync(0);
    expect(report).toHaveBeenCalledWith(1_012);
    expect(sync.pending()).toBe(0);
  });

  it('reports at most every 30 s while steps come in', async () => {
    const { sync, report } = setUp();
    sync.addSteps(1);
    await vi.advanceTimersByTimeAsync(0);
    for (let second = 0; second < 29; second += 1) {
      sync.addSteps(2);
      await vi.advanceTimersByTimeAsync(1_000);
    }
    expect(report).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(report).toHaveBeenCalledTimes(2);
    expect(report).toHaveBeenLastCalledWith(59);
  });

  it('reports pending steps at once on flush (leaving the page)', async () => {
    const { sync, report } = setUp();
    sync.addSteps(1);
    await vi.advanceTimersByTimeAsync(0);
    sync.addSteps(5);
    await sync.flush();
    expect(report).toHaveBeenLastCalledWith(6);
    await sync.flush();
    expect(report).toHaveBeenCalledTimes(2);
  });

  it('never reports fewer steps than the server has, and takes a higher stored count', async () => {
    const { sync, report } = setUp(() => Promise.resolve(5_000));
    sync.setServerSteps(300);
    sync.setServerSteps(200);
    sync.addSteps(10);
    await vi.advanceTimersByTimeAsync(0);
    expect(report).toHaveBeenCalledWith(310);
    expect(sync.total()).toBe(5_000);
  });

  it('keeps steps pending when a report is refused and sends them with the next one', async () => {
    let refuse = true;
    const { sync, report } = setUp((total) =>
      refuse ? Promise.reject(new Error('too fast')) : Promise.resolve(total),
    );
    sync.addSteps(100);
    await vi.advanceTimersByTimeAsync(0);
    expect(sync.pending()).toBe(100);
    refuse = false;
    sync.addSteps(20);
    await vi.advanceTimersByTimeAsync(STEP_SYNC_INTERVAL_MS);
    expect(report).toHaveBeenLastCalledWith(120);
    expect(sync.pending()).toBe(0);
  });

  it('keeps steps counted while a report is in flight', async () => {
    let answer: (stored: number) => void = () => undefined;
    const { sync } = setUp(
      () =>
        new Promise<number>((resolve) => {
          answer = resolve;
        }),
    );
    sync.addSteps(10);
    await vi.advanceTimersByTimeAsync(0);
    sync.addSteps(3);
    answer(10);
    await vi.advanceTimersByTimeAsync(0);
    expect(sync.total()).toBe(13);
    expect(sync.pending()).toBe(3);
  });

  it('reports on a timer only while started', async () => {
    const { sync, report } = setUp();
    sync.stop();
    sync.addSteps(10);
    await vi.advanceTimersByTimeAsync(STEP_SYNC_INTERVAL_MS);
    expect(report).not.toHaveBeenCalled();
    sync.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(report).toHaveBeenCalledWith(10);
  });
});
