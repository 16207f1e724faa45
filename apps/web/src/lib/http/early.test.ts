import { afterEach, describe, expect, it, vi } from 'vitest';
import { EARLY_MS, askEarly, forgetEarly, takeEarly } from './early';

afterEach(() => forgetEarly());

const answering = (body: unknown) =>
  vi.fn((_input: RequestInfo | URL, _init?: RequestInit) => Promise.resolve(new Response(JSON.stringify(body))));

describe("the start script's early reads (decision 060)", () => {
  it("sends the headers of the app's own GET, once per address, session and language", async () => {
    const fetch = answering({ code: 1 });
    askEarly('https://app.test/api/home', 'tok-1', 'fr', fetch);
    askEarly('https://app.test/api/home', 'tok-1', 'fr', fetch);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch.mock.calls[0]?.[1]?.headers).toEqual({
      platform: 'h5',
      'Accept-Language': 'fr',
      Authorization: 'Bearer tok-1',
    });
    const answer = await takeEarly('https://app.test/api/home', 'tok-1', 'fr');
    expect(answer?.status).toBe(200);
    await expect(answer?.json()).resolves.toEqual({ code: 1 });
  });

  it('gives nothing for another session, another language or another address', () => {
    askEarly('https://app.test/api/home', 'tok-1', 'fr', answering({ code: 1 }));
    expect(takeEarly('https://app.test/api/home', 'tok-2', 'fr')).toBeUndefined();
    expect(takeEarly('https://app.test/api/home', 'tok-1', 'en')).toBeUndefined();
    expect(takeEarly('https://app.test/api/goods?page=1', 'tok-1', 'fr')).toBeUndefined();
  });

  it('serves the first call of the address only, and only within EARLY_MS of the ask', () => {
    let now = 1000;
    askEarly('https://app.test/api/home', 'tok-1', 'fr', answering({ code: 1 }), () => now);
    now += EARLY_MS - 1;
    expect(takeEarly('https://app.test/api/home', 'tok-1', 'fr', () => now)).toBeDefined();
    expect(takeEarly('https://app.test/api/home', 'tok-1', 'fr', () => now)).toBeUndefined();
    askEarly('https://app.test/api/goods?page=1', 'tok-1', 'fr', answering({ code: 1 }), () => now);
    now += EARLY_MS;
    expect(takeEarly('https://app.test/api/goods?page=1', 'tok-1', 'fr', () => now)).toBeUndefined();
  });

  it('serves a start read after the first call took the answer, within EARLY_MS of the ask', () => {
    let now = 1000;
    askEarly('https://app.test/api/home', 'tok-1', 'fr', answering({ code: 1 }), () => now);
    const first = takeEarly('https://app.test/api/home', 'tok-1', 'fr', () => now);
    expect(first).toBeDefined();
    // The step counter's read of the business day: the same answer, no second read of home.
    expect(takeEarly('https://app.test/api/home', 'tok-1', 'fr', () => now, true)).toBe(first);
    // A page's own later read (a pull to refresh) still asks the server.
    expect(takeEarly('https://app.test/api/home', 'tok-1', 'fr', () => now)).toBeUndefined();
    expect(takeEarly('https://app.test/api/home', 'tok-2', 'fr', () => now, true)).toBeUndefined();
    now += EARLY_MS;
    expect(takeEarly('https://app.test/api/home', 'tok-1', 'fr', () => now, true)).toBeUndefined();
  });

  it("leaves the answer to the page's own first call when a start read comes before it", () => {
    askEarly('https://app.test/api/home', 'tok-1', 'fr', answering({ code: 1 }));
    const shared = takeEarly('https://app.test/api/home', 'tok-1', 'fr', undefined, true);
    expect(shared).toBeDefined();
    expect(takeEarly('https://app.test/api/home', 'tok-1', 'fr')).toBe(shared);
  });

  it('keeps nothing once forgotten (the app changed something)', () => {
    askEarly('https://app.test/api/home', 'tok-1', 'fr', answering({ code: 1 }));
    expect(takeEarly('https://app.test/api/home', 'tok-1', 'fr')).toBeDefined();
    askEarly('https://app.test/api/goods?page=1', 'tok-1', 'fr', answering({ code: 1 }));
    forgetEarly();
    expect(takeEarly('https://app.test/api/goods?page=1', 'tok-1', 'fr')).toBeUndefined();
    expect(takeEarly('https://app.test/api/home', 'tok-1', 'fr', undefined, true)).toBeUndefined();
  });

  it('leaves a failed read unreported: the client asks again itself', async () => {
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    askEarly('https://app.test/api/home', 'tok-1', 'fr', () => Promise.reject(new TypeError('offline')));
    await expect(takeEarly('https://app.test/api/home', 'tok-1', 'fr')).rejects.toThrow('offline');
    await new Promise((resolve) => setImmediate(resolve));
    process.off('unhandledRejection', unhandled);
    expect(unhandled).not.toHaveBeenCalled();
  });
});
