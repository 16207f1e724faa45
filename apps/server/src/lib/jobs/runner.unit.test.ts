import { describe, expect, it } from 'vitest';
import { InProcessRunner, defineJobs, type JobDefinition, type JobLog } from './runner.js';

const lines: { level: string; message: string }[] = [];
const log: JobLog = {
  info: (_object, message) => lines.push({ level: 'info', message }),
  warn: (_object, message) => lines.push({ level: 'warn', message }),
  error: (_object, message) => lines.push({ level: 'error', message }),
};

/** A handler the test opens and closes by hand, counting its passes and the most at once. */
function gate() {
  let release: (() => void) | undefined;
  const state = { started: 0, running: 0, most: 0 };
  const handler = async () => {
    state.started += 1;
    state.running += 1;
    state.most = Math.max(state.most, state.running);
    await new Promise<void>((resolve) => {
      release = resolve;
    });
    state.running -= 1;
    return { done: 1 };
  };
  return { state, handler, open: () => release?.() };
}

const job = (overrides: Partial<JobDefinition>): JobDefinition => ({
  name: 'test.job',
  everyMs: 0,
  retryLimit: 0,
  retryDelaySeconds: 0,
  expireInSeconds: 60,
  handler: () => Promise.resolve(undefined),
  ...overrides,
});

const until = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i += 1) await new Promise((resolve) => setTimeout(resolve, 5));
  expect(check()).toBe(true);
};

describe('the in-process job runner', () => {
  it('runs nothing before start; one pass at a time, and one more when asked while it runs', async () => {
    const { state, handler, open } = gate();
    const runner = new InProcessRunner(defineJobs([job({ handler })]), log, 1_000);
    await runner.trigger('test.job');
    expect(state.started).toBe(0);
    await runner.start();
    for (let i = 0; i < 5; i += 1) await runner.trigger('test.job');
    await until(() => state.started === 1);
    expect(await runner.stats()).toEqual([{ name: 'test.job', queued: 1, active: 1, failed: 0, completed: 0 }]);
    open();
    await until(() => state.started === 2);
    open();
    expect(await runner.drain(2_000)).toBe(true);
    expect(state).toMatchObject({ started: 2, most: 1 });
    expect(await runner.stats()).toEqual([{ name: 'test.job', queued: 0, active: 0, failed: 0, completed: 2 }]);
    expect(await runner.lastRun('test.job')).toEqual({ done: 1 });
    await runner.stop();
  });

  it('retries a failed pass with doubling delays up to its limit, counting the failures', async () => {
    const at: number[] = [];
    const runner = new InProcessRunner(
      defineJobs([
        job({
          retryLimit: 2,
          retryDelaySeconds: 0.02,
          handler: () => {
            at.push(Date.now());
            return Promise.reject(new Error('provider down'));
          },
        }),
      ]),
      log,
      1_000,
    );
    await runner.start();
    await runner.trigger('test.job');
    await until(() => at.length === 3);
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(at).toHaveLength(3);
    expect(at[2]! - at[1]!).toBeGreaterThanOrEqual(35);
    expect((await runner.stats())[0]).toMatchObject({ failed: 3, queued: 0, active: 0 });
    expect(lines.filter((line) => line.message === 'job test.job failed')).toHaveLength(3);
    await runner.stop();
  });

  it('stops taking passes at stop and waits for the running one, at most the shutdown bound', async () => {
    const { state, handler, open } = gate();
    const runner = new InProcessRunner(defineJobs([job({ handler })]), log, 200);
    await runner.start();
    await runner.trigger('test.job');
    await runner.trigger('test.job');
    await until(() => state.started === 1);
    let stopped = false;
    const stopping = runner.stop().then(() => {
      stopped = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(stopped).toBe(false);
    open();
    await stopping;
    expect(stopped).toBe(true);
    // The pass asked for while it ran is dropped, and nothing starts after the stop.
    await runner.trigger('test.job');
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(state.started).toBe(1);

    // A pass that never ends holds the stop for the bound only.
    const stuck = new InProcessRunner(
      defineJobs([job({ handler: () => new Promise<never>(() => undefined) })]),
      log,
      100,
    );
    await stuck.start();
    await stuck.trigger('test.job');
    const started = Date.now();
    await stuck.stop();
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(lines.some((line) => line.message === 'jobs still running at shutdown')).toBe(true);
  });

  it('refuses a job defined twice and a name it does not know', async () => {
    expect(() => defineJobs([job({}), job({})])).toThrow('job test.job is defined twice');
    const runner = new InProcessRunner(defineJobs([job({})]), log, 100);
    expect(() => runner.trigger('no.such')).toThrow('no job named no.such');
    expect(await runner.run('test.job')).toBeUndefined();
  });
});
