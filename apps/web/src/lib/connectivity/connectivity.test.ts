import { describe, expect, it, vi } from 'vitest';
import { PROBE_DELAYS_MS, createConnectivity } from './connectivity';

function setup(online = true) {
  const browser = { online };
  const timers: { run: () => void; ms: number }[] = [];
  const probe = vi.fn<() => Promise<boolean>>(() => Promise.resolve(false));
  const connectivity = createConnectivity({
    isBrowserOnline: () => browser.online,
    probe,
    setTimeout: (run, ms) => {
      const timer = { run, ms };
      timers.push(timer);
      return timer;
    },
    clearTimeout: (timer) => {
      const at = timers.indexOf(timer as (typeof timers)[number]);
      if (at >= 0) timers.splice(at, 1);
    },
  });
  const changes = vi.fn();
  connectivity.subscribe(changes);
  /** Runs the one waiting timer, as time passing would. */
  const tick = () => {
    const timer = timers.shift();
    if (!timer) throw new Error('no timer waiting');
    timer.run();
    return timer.ms;
  };
  return { connectivity, browser, probe, timers, changes, tick };
}

describe('connectivity', () => {
  it('starts online, and offline when the browser starts without a network', () => {
    expect(setup().connectivity.isOffline()).toBe(false);
    expect(setup(false).connectivity.getState()).toEqual({ browserOffline: true, apiUnreachable: false });
    expect(setup(false).connectivity.isOffline()).toBe(true);
  });

  it('a call that reaches no host makes it offline and asks the API again, less often each time, until it answers', async () => {
    const { connectivity, probe, timers, changes, tick } = setup();
    connectivity.reportReachable(false);
    expect(connectivity.isOffline()).toBe(true);
    expect(changes).toHaveBeenCalledTimes(1);
    // Another failing call while waiting neither notifies again nor adds a second timer.
    connectivity.reportReachable(false);
    expect(changes).toHaveBeenCalledTimes(1);
    expect(timers).toHaveLength(1);

    const delays: number[] = [];
    for (let i = 0; i < PROBE_DELAYS_MS.length + 1; i++) {
      delays.push(tick());
      await vi.waitFor(() => expect(timers).toHaveLength(1), { timeout: 5000 });
    }
    expect(delays).toEqual([...PROBE_DELAYS_MS, PROBE_DELAYS_MS.at(-1)]);
    expect(probe).toHaveBeenCalledTimes(PROBE_DELAYS_MS.length + 1);

    probe.mockResolvedValue(true);
    tick();
    await vi.waitFor(() => expect(connectivity.isOffline()).toBe(false), { timeout: 5000 });
    expect(changes).toHaveBeenCalledTimes(2);
    expect(timers).toHaveLength(0);
  });

  it('any answer from the API clears it at once and stops asking', () => {
    const { connectivity, timers, probe } = setup();
    connectivity.reportReachable(false);
    connectivity.reportReachable(true);
    expect(connectivity.isOffline()).toBe(false);
    expect(timers).toHaveLength(0);
    expect(probe).not.toHaveBeenCalled();
  });

  it('follows the browser: no asking while it has no network, one question as soon as it is back', async () => {
    const { connectivity, browser, probe, timers } = setup();
    browser.online = false;
    connectivity.browserChanged();
    connectivity.reportReachable(false);
    expect(connectivity.getState()).toEqual({ browserOffline: true, apiUnreachable: true });
    expect(timers).toHaveLength(0);

    probe.mockResolvedValue(true);
    browser.online = true;
    connectivity.browserChanged();
    expect(probe).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(connectivity.isOffline()).toBe(false), { timeout: 5000 });
  });

  it('back online with the API never missed: no question needed', () => {
    const { connectivity, browser, probe } = setup(false);
    browser.online = true;
    connectivity.browserChanged();
    expect(connectivity.isOffline()).toBe(false);
    expect(probe).not.toHaveBeenCalled();
  });

  it('check asks once, however often it is called while a question is out', async () => {
    const { connectivity, probe } = setup();
    let answer: (reachable: boolean) => void = () => undefined;
    probe.mockImplementation(() => new Promise((resolve) => (answer = resolve)));
    connectivity.check();
    connectivity.check();
    expect(probe).toHaveBeenCalledTimes(1);
    answer(false);
    await vi.waitFor(() => expect(connectivity.isOffline()).toBe(true), { timeout: 5000 });
  });
});
