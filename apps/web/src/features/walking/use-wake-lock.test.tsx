import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useWakeLock } from './use-wake-lock';

/** A Screen Wake Lock the test controls: each request gives a sentinel the browser may release. */
function fakeWakeLock() {
  const sentinels: (EventTarget & { released: boolean; release: () => Promise<void> })[] = [];
  const request = vi.fn(() => {
    const sentinel = Object.assign(new EventTarget(), {
      released: false,
      release() {
        sentinel.released = true;
        sentinel.dispatchEvent(new Event('release'));
        return Promise.resolve();
      },
    });
    sentinels.push(sentinel);
    return Promise.resolve(sentinel);
  });
  Object.defineProperty(navigator, 'wakeLock', { value: { request }, configurable: true });
  return { request, sentinels };
}

let visibility: DocumentVisibilityState = 'visible';
Object.defineProperty(document, 'visibilityState', { get: () => visibility, configurable: true });

afterEach(() => {
  Reflect.deleteProperty(navigator, 'wakeLock');
  visibility = 'visible';
});

describe('useWakeLock', () => {
  it('says when the browser has no wake lock', () => {
    const { result } = renderHook(() => useWakeLock(true));
    expect(result.current).toBe('unsupported');
  });

  it('keeps the screen on while wanted, takes the lock again when the page is visible again, and releases it at the end', async () => {
    const { request, sentinels } = fakeWakeLock();
    const { result, rerender } = renderHook(({ isWanted }) => useWakeLock(isWanted), {
      initialProps: { isWanted: true },
    });
    await waitFor(() => expect(result.current).toBe('on'));
    expect(request).toHaveBeenCalledWith('screen');

    // Hidden: the browser lets the lock go; visible again: it is taken again.
    visibility = 'hidden';
    await act(() => sentinels[0]!.release());
    expect(result.current).toBe('off');
    visibility = 'visible';
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await waitFor(() => expect(result.current).toBe('on'));
    expect(request).toHaveBeenCalledTimes(2);

    // The walk ends: the lock is released.
    rerender({ isWanted: false });
    expect(sentinels[1]!.released).toBe(true);
    expect(result.current).toBe('off');
  });
});
