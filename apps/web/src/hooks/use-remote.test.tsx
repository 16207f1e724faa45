import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { collectPoints } from '@stride/contract';
import { RECONNECTED_EVENT } from '../lib/connectivity';
import { announceChange, refreshShownPage } from '../lib/data-changed';
import { RequestError, call } from '../lib/http';
import { PageActivityContext } from './page-activity';
import { useRemote } from './use-remote';

/** A loader whose answers the test gives one by one, in the order the calls were made. */
function deferred<T>() {
  const calls: { resolve: (value: T) => void; reject: (error: unknown) => void; signal: AbortSignal }[] = [];
  const load = vi.fn(
    (signal: AbortSignal) =>
      new Promise<T>((resolve, reject) => {
        calls.push({ resolve, reject, signal });
      }),
  );
  return { load, calls };
}

describe('useRemote', () => {
  it('loads on mount and shows the value', async () => {
    const load = vi.fn(() => Promise.resolve(42));
    const { result } = renderHook(() => useRemote(load));
    expect(result.current.state.status).toBe('loading');
    await waitFor(() => expect(result.current.state).toEqual({ status: 'ready', data: 42 }));
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('shows the server message and code of a failure, and retry shows loading and loads again', async () => {
    const { load, calls } = deferred<number>();
    const { result } = renderHook(() => useRemote(load));
    await waitFor(() => expect(calls).toHaveLength(1));
    act(() => calls[0]?.reject(new RequestError('envelope', 1003, 'Bad input')));
    await waitFor(() => expect(result.current.state).toEqual({ status: 'error', code: 1003, message: 'Bad input' }));
    act(() => result.current.retry());
    expect(result.current.state.status).toBe('loading');
    act(() => calls[1]?.resolve(7));
    await waitFor(() => expect(result.current.state).toEqual({ status: 'ready', data: 7 }));
  });

  it('says a network failure in the user language, without a code', async () => {
    const load = vi.fn(() => Promise.reject(new Error('offline')));
    const { result } = renderHook(() => useRemote(load));
    await waitFor(() =>
      expect(result.current.state).toEqual({
        status: 'error',
        code: undefined,
        message: 'Network error, please try again later',
      }),
    );
  });

  it('reload keeps the value on screen until the answer, and shows a failure', async () => {
    const { load, calls } = deferred<number>();
    const { result } = renderHook(() => useRemote(load));
    await waitFor(() => expect(calls).toHaveLength(1));
    act(() => calls[0]?.resolve(1));
    await waitFor(() => expect(result.current.state).toEqual({ status: 'ready', data: 1 }));
    act(() => result.current.reload());
    expect(calls).toHaveLength(2);
    expect(result.current.state).toEqual({ status: 'ready', data: 1 });
    act(() => calls[1]?.reject(new RequestError('envelope', 1001, 'Please log in')));
    await waitFor(() => expect(result.current.state.status).toBe('error'));
  });

  it('refresh is quiet: the value stays when it fails, and is replaced when it succeeds', async () => {
    const { load, calls } = deferred<number>();
    const { result } = renderHook(() => useRemote(load));
    await waitFor(() => expect(calls).toHaveLength(1));
    act(() => calls[0]?.resolve(1));
    await waitFor(() => expect(result.current.state).toEqual({ status: 'ready', data: 1 }));

    act(() => result.current.refresh());
    await act(async () => {
      calls[1]?.reject(new Error('offline'));
      await Promise.resolve();
    });
    expect(result.current.state).toEqual({ status: 'ready', data: 1 });

    act(() => result.current.refresh());
    act(() => calls[2]?.resolve(2));
    await waitFor(() => expect(result.current.state).toEqual({ status: 'ready', data: 2 }));
  });

  it('only the newest load counts: an earlier answer arriving late is dropped', async () => {
    const { load, calls } = deferred<string>();
    const { result } = renderHook(() => useRemote(load));
    await waitFor(() => expect(calls).toHaveLength(1));
    act(() => result.current.reload());
    expect(calls[0]?.signal.aborted).toBe(true);
    act(() => calls[1]?.resolve('new'));
    await waitFor(() => expect(result.current.state).toEqual({ status: 'ready', data: 'new' }));
    await act(async () => {
      calls[0]?.resolve('old');
      await Promise.resolve();
    });
    expect(result.current.state).toEqual({ status: 'ready', data: 'new' });
  });

  it('update changes the value on screen without a load', async () => {
    const load = vi.fn(() => Promise.resolve({ points: 10, balance: 0 }));
    const { result } = renderHook(() => useRemote(load));
    await waitFor(() => expect(result.current.state.status).toBe('ready'));
    act(() => result.current.update((home) => ({ ...home, points: home.points - 5 })));
    expect(result.current.state).toEqual({ status: 'ready', data: { points: 5, balance: 0 } });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('with reloadOnShow, loads again when its page returns to the top of the stack', async () => {
    const load = vi.fn<(signal: AbortSignal) => Promise<number>>().mockResolvedValueOnce(1).mockResolvedValueOnce(2);
    let isActive = true;
    const wrapper = ({ children }: { children: ReactNode }) => (
      <PageActivityContext.Provider value={isActive}>{children}</PageActivityContext.Provider>
    );
    const { result, rerender } = renderHook(() => useRemote(load, { reloadOnShow: true }), { wrapper });
    await waitFor(() => expect(result.current.state).toEqual({ status: 'ready', data: 1 }));
    isActive = false;
    rerender();
    expect(load).toHaveBeenCalledTimes(1);
    isActive = true;
    rerender();
    // The old value stays while the new one loads.
    expect(result.current.state).toEqual({ status: 'ready', data: 1 });
    await waitFor(() => expect(result.current.state).toEqual({ status: 'ready', data: 2 }));
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('with refreshOnShow false, a page returning to the top keeps its value and reads nothing', async () => {
    const load = vi.fn(() => Promise.resolve(1));
    let isActive = true;
    const wrapper = ({ children }: { children: ReactNode }) => (
      <PageActivityContext.Provider value={isActive}>{children}</PageActivityContext.Provider>
    );
    const { result, rerender } = renderHook(() => useRemote(load, { refreshOnShow: false }), { wrapper });
    await waitFor(() => expect(result.current.state.status).toBe('ready'));
    isActive = false;
    rerender();
    isActive = true;
    rerender();
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('reads again quietly every time its page is shown again, though nothing in the app changed', async () => {
    // An operator cleared a held day meanwhile: only the server knows (decision 076 "Screens that stay current").
    const { load, calls } = deferred<number>();
    let isActive = true;
    const wrapper = ({ children }: { children: ReactNode }) => (
      <PageActivityContext.Provider value={isActive}>{children}</PageActivityContext.Provider>
    );
    // On by default (docs/product/client.md, Navigation, Fresh pages).
    const { result, rerender } = renderHook(() => useRemote(load), { wrapper });
    act(() => calls[0]?.resolve(0));
    await waitFor(() => expect(result.current.state).toEqual({ status: 'ready', data: 0 }));

    // Another tab is shown: nothing is read while hidden.
    isActive = false;
    rerender();
    expect(calls).toHaveLength(1);
    // Back to it: read again, the old figure on screen until the answer.
    isActive = true;
    rerender();
    expect(calls).toHaveLength(2);
    expect(result.current.state).toEqual({ status: 'ready', data: 0 });
    act(() => calls[1]?.resolve(84));
    await waitFor(() => expect(result.current.state).toEqual({ status: 'ready', data: 84 }));

    // And every time again.
    isActive = false;
    rerender();
    isActive = true;
    rerender();
    expect(calls).toHaveLength(3);
  });

  it('reads again quietly after a write succeeded while its page is shown, once, even when the page refreshes too', async () => {
    const { load, calls } = deferred<number>();
    const { result } = renderHook(() => useRemote(load));
    act(() => calls[0]?.resolve(1));
    await waitFor(() => expect(result.current.state).toEqual({ status: 'ready', data: 1 }));
    const answer = { code: 1, message: 'success', data: { collected: 1, points: 1, cashBack: 0 } };
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response(JSON.stringify(answer), { status: 200 }))),
    );
    try {
      // A write made elsewhere on the page (the goods order of the mall's detail): read again.
      await act(() => call(collectPoints, { body: { idempotencyKey: 'a'.repeat(32) } }));
      await waitFor(() => expect(calls).toHaveLength(2));
      expect(result.current.state).toEqual({ status: 'ready', data: 1 });
      act(() => calls[1]?.resolve(2));
      await waitFor(() => expect(result.current.state).toEqual({ status: 'ready', data: 2 }));

      // A page that refreshes after its own write (collect) sends one read, not two.
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      await act(async () => {
        await call(collectPoints, { body: { idempotencyKey: 'b'.repeat(32) } });
        result.current.refresh();
        await vi.advanceTimersByTimeAsync(0);
      });
      expect(calls).toHaveLength(3);
    } finally {
      vi.useRealTimers();
      vi.unstubAllGlobals();
    }
  });

  it('a hidden page reads nothing on a write, and reads once when shown', async () => {
    const { load, calls } = deferred<number>();
    let isActive = true;
    const wrapper = ({ children }: { children: ReactNode }) => (
      <PageActivityContext.Provider value={isActive}>{children}</PageActivityContext.Provider>
    );
    const { result, rerender } = renderHook(() => useRemote(load), { wrapper });
    act(() => calls[0]?.resolve(1));
    await waitFor(() => expect(result.current.state).toEqual({ status: 'ready', data: 1 }));
    isActive = false;
    rerender();
    await act(() => announceChange('write'));
    await act(() => announceChange('notification'));
    expect(calls).toHaveLength(1);
    isActive = true;
    rerender();
    expect(calls).toHaveLength(2);
  });

  it('reads again quietly when a notification arrives while its page is shown', async () => {
    const { load, calls } = deferred<number>();
    const { result } = renderHook(() => useRemote(load));
    act(() => calls[0]?.resolve(1));
    await waitFor(() => expect(result.current.state).toEqual({ status: 'ready', data: 1 }));
    // The unread count grew (features/notifications/unread-store.ts): a notification arrived.
    act(() => void announceChange('notification'));
    await waitFor(() => expect(calls).toHaveLength(2));
    act(() => calls[1]?.resolve(2));
    await waitFor(() => expect(result.current.state).toEqual({ status: 'ready', data: 2 }));
  });

  it('on a pull, reads at once and the pull waits for the answer', async () => {
    const { load, calls } = deferred<number>();
    const { result } = renderHook(() => useRemote(load));
    act(() => calls[0]?.resolve(1));
    await waitFor(() => expect(result.current.state).toEqual({ status: 'ready', data: 1 }));
    let isDone = false;
    act(() => {
      void refreshShownPage().then(() => {
        isDone = true;
      });
    });
    expect(calls).toHaveLength(2);
    await act(() => Promise.resolve());
    expect(isDone).toBe(false);
    await act(async () => {
      calls[1]?.resolve(3);
      await Promise.resolve();
    });
    await waitFor(() => expect(isDone).toBe(true));
    expect(result.current.state).toEqual({ status: 'ready', data: 3 });
  });

  it('reads again when the window gets the focus back, once for a return that is also a visibility change', async () => {
    const { load, calls } = deferred<number>();
    const { result } = renderHook(() => useRemote(load));
    act(() => calls[0]?.resolve(1));
    await waitFor(() => expect(result.current.state).toEqual({ status: 'ready', data: 1 }));
    // Focus without having lost it (a click in the page): nothing.
    act(() => {
      window.dispatchEvent(new Event('focus'));
    });
    // A desktop window over the app, then the app again.
    act(() => {
      window.dispatchEvent(new Event('blur'));
      window.dispatchEvent(new Event('focus'));
    });
    await waitFor(() => expect(calls).toHaveLength(2));
    act(() => calls[1]?.resolve(2));
    await waitFor(() => expect(result.current.state).toEqual({ status: 'ready', data: 2 }));
    // A phone: hidden (and blurred), visible, focused: one read.
    act(() => {
      Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
      window.dispatchEvent(new Event('blur'));
      document.dispatchEvent(new Event('visibilitychange'));
    });
    act(() => {
      Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
      document.dispatchEvent(new Event('visibilitychange'));
      window.dispatchEvent(new Event('focus'));
    });
    await waitFor(() => expect(calls).toHaveLength(3));
    act(() => calls[2]?.resolve(3));
    await waitFor(() => expect(result.current.state).toEqual({ status: 'ready', data: 3 }));
    expect(calls).toHaveLength(3);
  });

  it('reads again quietly when the app comes back into view while its page is on top', async () => {
    const load = vi.fn<(signal: AbortSignal) => Promise<number>>().mockResolvedValueOnce(1).mockResolvedValueOnce(2);
    const { result } = renderHook(() => useRemote(load));
    await waitFor(() => expect(result.current.state).toEqual({ status: 'ready', data: 1 }));
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    // The value stays on screen, no loading state, until the answer.
    expect(result.current.state).toEqual({ status: 'ready', data: 1 });
    await waitFor(() => expect(result.current.state).toEqual({ status: 'ready', data: 2 }));
  });

  it('a page kept below reads again when shown after the app came back into view', async () => {
    const load = vi.fn<(signal: AbortSignal) => Promise<number>>().mockResolvedValueOnce(1).mockResolvedValueOnce(2);
    let isActive = true;
    const wrapper = ({ children }: { children: ReactNode }) => (
      <PageActivityContext.Provider value={isActive}>{children}</PageActivityContext.Provider>
    );
    const { result, rerender } = renderHook(() => useRemote(load), { wrapper });
    await waitFor(() => expect(result.current.state).toEqual({ status: 'ready', data: 1 }));
    isActive = false;
    rerender();
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    expect(load).toHaveBeenCalledTimes(1);
    isActive = true;
    rerender();
    await waitFor(() => expect(result.current.state).toEqual({ status: 'ready', data: 2 }));
  });

  it('on its error state, loads again by itself when the browser comes back online', async () => {
    const load = vi
      .fn<(signal: AbortSignal) => Promise<number>>()
      .mockRejectedValueOnce(new RequestError('network', 0, 'offline'))
      .mockResolvedValueOnce(7);
    const { result } = renderHook(() => useRemote(load, { refreshOnShow: false }));
    await waitFor(() => expect(result.current.state.status).toBe('error'));
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(result.current.state).toEqual({ status: 'ready', data: 7 }));
  });

  it('on its error state, loads again by itself when the API answers again after the offline banner', async () => {
    const load = vi
      .fn<(signal: AbortSignal) => Promise<number>>()
      .mockRejectedValueOnce(new RequestError('network', 0, 'offline'))
      .mockResolvedValueOnce(8);
    const { result } = renderHook(() => useRemote(load, { refreshOnShow: false }));
    await waitFor(() => expect(result.current.state.status).toBe('error'));
    act(() => {
      window.dispatchEvent(new Event(RECONNECTED_EVENT));
    });
    await waitFor(() => expect(result.current.state).toEqual({ status: 'ready', data: 8 }));
  });
});
