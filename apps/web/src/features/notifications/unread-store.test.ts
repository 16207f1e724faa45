import { waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { onDataChange } from '../../lib/data-changed';
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

  it('tells the page shown that a notification arrived when a later read finds more, never for the first answer', async () => {
    let answer = 1;
    const load = vi.fn(() => Promise.resolve(answer));
    const store = createUnreadStore(load);
    const changes: string[] = [];
    const off = onDataChange((change) => {
      changes.push(change);
    });
    try {
      store.start();
      await waitFor(() => expect(store.getCount()).toBe(1));
      // What the start found is no arrival: the start's early reads stay usable (decision 060 "The first page's reads
      // leave with its code, fewer files").
      expect(changes).toEqual([]);
      answer = 2;
      store.refresh();
      await waitFor(() => expect(changes).toEqual(['notification']));
      // Fewer (the inbox marked some read): nothing arrived.
      answer = 0;
      store.refresh();
      await waitFor(() => expect(store.getCount()).toBe(0));
      expect(changes).toEqual(['notification']);
      expect(load).toHaveBeenCalledTimes(3);
    } finally {
      off();
      store.stop();
    }
  });

  it('reads again when the window gets the focus back', async () => {
    const load = vi.fn(() => Promise.resolve(1));
    const store = createUnreadStore(load);
    store.start();
    await waitFor(() => expect(store.getCount()).toBe(1));
    window.dispatchEvent(new Event('blur'));
    window.dispatchEvent(new Event('focus'));
    await waitFor(() => expect(load).toHaveBeenCalledTimes(2));
    store.stop();
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
