import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { collectPoints } from '@stride/contract';
import { RECONNECTED_EVENT } from '../lib/connectivity';
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

  it('without reloadOnShow, a page returning to the top keeps its value', async () => {
    const load = vi.fn(() => Promise.resolve(1));
    let isActive = true;
    const wrapper = ({ children }: { children: ReactNode }) => (
      <PageActivityContext.Provider value={isActive}>{children}</PageActivityContext.Provider>
    );
    const { result, rerender } = renderHook(() => useRemote(load), { wrapper });
    await waitFor(() => expect(result.current.state.status).toBe('ready'));
    isActive = false;
    rerender();
    isActive = true;
    rerender();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('with refreshOnShow, reads again quietly when shown only if something was saved while it was hidden', async () => {
    const load = vi.fn<(signal: AbortSignal) => Promise<number>>().mockResolvedValueOnce(1).mockResolvedValueOnce(2);
    let isActive = true;
    const wrapper = ({ children }: { children: ReactNode }) => (
      <PageActivityContext.Provider value={isActive}>{children}</PageActivityContext.Provider>
    );
    // On by default (docs/product/client.md, Navigation, Fresh pages).
    const { result, rerender } = renderHook(() => useRemote(load), { wrapper });
    await waitFor(() => expect(result.current.state).toEqual({ status: 'ready', data: 1 }));

    // Hidden and shown again with nothing saved meanwhile: nothing is read.
    isActive = false;
    rerender();
    isActive = true;
    rerender();
    expect(load).toHaveBeenCalledTimes(1);

    // Hidden while another page saves something: read again when shown, the value kept meanwhile.
    isActive = false;
    rerender();
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(
          new Response(
            JSON.stringify({ code: 1, message: 'success', data: { collected: 1, points: 1, cashBack: 0 } }),
            {
              status: 200,
            },
          ),
        ),
      ),
    );
    await call(collectPoints, { body: { idempotencyKey: 'a'.repeat(32) } });
    vi.unstubAllGlobals();
    expect(load).toHaveBeenCalledTimes(1);
    isActive = true;
    rerender();
    expect(result.current.state).toEqual({ status: 'ready', data: 1 });
    await waitFor(() => expect(result.current.state).toEqual({ status: 'ready', data: 2 }));
    expect(load).toHaveBeenCalledTimes(2);
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
