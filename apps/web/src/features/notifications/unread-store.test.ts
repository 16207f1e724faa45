import { describe, expect, it, vi } from 'vitest';
import { createUnreadStore } from './unread-store';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the unread count', () => {
  it('reads once when started, not again while a read is on its way, and again when the app becomes visible', async () => {
    let answer = 2;
    const load = vi.fn(() => Promise.resolve(answer));
    const store = createUnreadStore(load);
    const seen: number[] = [];
    store.subscribe(() => seen.push(store.getCount()));
    store.refresh();
    expect(load).not.toHaveBeenCalled();
    store.start();
    store.refresh();
    expect(load).toHaveBeenCalledTimes(1);
    await settle();
    expect(store.getCount()).toBe(2);
    answer = 3;
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
    await settle();
    expect(load).toHaveBeenCalledTimes(2);
    expect(store.getCount()).toBe(3);
    store.set(0);
    expect(seen).toEqual([2, 3, 0]);
  });

  it('goes back to 0 at logout and stops reading', async () => {
    const load = vi.fn(() => Promise.resolve(5));
    const store = createUnreadStore(load);
    store.start();
    await settle();
    expect(store.getCount()).toBe(5);
    store.stop();
    expect(store.getCount()).toBe(0);
    document.dispatchEvent(new Event('visibilitychange'));
    store.set(4);
    await settle();
    expect(load).toHaveBeenCalledTimes(1);
    expect(store.getCount()).toBe(0);
  });

  it('keeps the count when a read fails', async () => {
    let fail = false;
    const store = createUnreadStore(() => (fail ? Promise.reject(new Error('offline')) : Promise.resolve(1)));
    store.start();
    await settle();
    fail = true;
    store.refresh();
    await settle();
    expect(store.getCount()).toBe(1);
  });
});
