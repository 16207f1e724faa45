import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { RequestError } from '../lib/http';
import { PageActivityContext } from './page-activity';
import { usePagedList, type Page } from './use-paged-list';

function pages<T = number>(...answers: (Page<T> | Error)[]) {
  return vi.fn((page: number) => {
    const answer = answers[page - 1];
    if (!answer) return Promise.reject(new Error(`no page ${page}`));
    return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer);
  });
}

describe('usePagedList', () => {
  it('loads the first page, then appends the next ones on loadMore until there are no more', async () => {
    const load = pages({ items: [1, 2], hasMore: true }, { items: [3], hasMore: false });
    const { result } = renderHook(() => usePagedList(load));
    expect(result.current.status).toBe('loading');
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(result.current.items).toEqual([1, 2]);
    act(() => result.current.loadMore());
    act(() => result.current.loadMore());
    await waitFor(() => expect(result.current.items).toEqual([1, 2, 3]));
    expect(result.current.hasMore).toBe(false);
    act(() => result.current.loadMore());
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('shows the server message of a failed first page and loads again on reload', async () => {
    const load = vi
      .fn<(page: number) => Promise<Page<number>>>()
      .mockRejectedValueOnce(new RequestError('envelope', 1003, 'Bad filter'))
      .mockResolvedValueOnce({ items: [7], hasMore: false });
    const { result } = renderHook(() => usePagedList(load));
    await waitFor(() => expect(result.current.status).toBe('error'));
    expect(result.current.error).toBe('Bad filter');
    act(() => result.current.reload());
    await waitFor(() => expect(result.current.items).toEqual([7]));
  });

  it('keeps what it has when a next page fails, and can try it again', async () => {
    const load = pages({ items: [1], hasMore: true }, new Error('offline'));
    const { result } = renderHook(() => usePagedList(load));
    await waitFor(() => expect(result.current.status).toBe('ready'));
    act(() => result.current.loadMore());
    await waitFor(() => expect(result.current.error).toBe('Network error, please try again later'));
    expect(result.current.items).toEqual([1]);
    expect(result.current.isLoadingMore).toBe(false);
  });

  it('starts again from the first page when the loader changes (a new filter)', async () => {
    const first = pages({ items: [1], hasMore: false });
    const second = pages({ items: [9], hasMore: false });
    const { result, rerender } = renderHook(({ load }) => usePagedList(load), { initialProps: { load: first } });
    await waitFor(() => expect(result.current.items).toEqual([1]));
    rerender({ load: second });
    await waitFor(() => expect(result.current.items).toEqual([9]));
  });

  it('replaces an item in place', async () => {
    const load = pages({ items: [1, 2], hasMore: false });
    const { result } = renderHook(() => usePagedList(load));
    await waitFor(() => expect(result.current.status).toBe('ready'));
    act(() => result.current.update((item) => item === 2, 20));
    expect(result.current.items).toEqual([1, 20]);
  });
});

describe('usePagedList options', () => {
  it('with keyOf, shows an item a next page repeats only once', async () => {
    const load = pages(
      { items: [{ id: 'a' }, { id: 'b' }], hasMore: true },
      { items: [{ id: 'b' }, { id: 'c' }], hasMore: false },
    );
    const { result } = renderHook(() => usePagedList(load, { keyOf: (item) => item.id }));
    await waitFor(() => expect(result.current.status).toBe('ready'));
    act(() => result.current.loadMore());
    await waitFor(() => expect(result.current.hasMore).toBe(false));
    expect(result.current.items.map((item) => item.id)).toEqual(['a', 'b', 'c']);
  });

  it('with reloadOnShow, starts from the first page when its page returns to the top', async () => {
    const load = vi
      .fn<(page: number) => Promise<Page<number>>>()
      .mockResolvedValueOnce({ items: [1], hasMore: false })
      .mockResolvedValueOnce({ items: [2], hasMore: false });
    let isActive = true;
    const wrapper = ({ children }: { children: ReactNode }) => (
      <PageActivityContext.Provider value={isActive}>{children}</PageActivityContext.Provider>
    );
    const { result, rerender } = renderHook(() => usePagedList(load, { reloadOnShow: true }), { wrapper });
    await waitFor(() => expect(result.current.items).toEqual([1]));
    isActive = false;
    rerender();
    isActive = true;
    rerender();
    await waitFor(() => expect(result.current.items).toEqual([2]));
    expect(load).toHaveBeenCalledTimes(2);
    expect(load).toHaveBeenLastCalledWith(1, expect.any(AbortSignal));
  });

  it('reads its first page again quietly when the app comes back into view, the list staying meanwhile', async () => {
    const load = vi
      .fn<(page: number) => Promise<Page<number>>>()
      .mockResolvedValueOnce({ items: [1, 2], hasMore: false })
      .mockResolvedValueOnce({ items: [0, 1, 2], hasMore: false });
    const { result } = renderHook(() => usePagedList(load));
    await waitFor(() => expect(result.current.items).toEqual([1, 2]));
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    expect(result.current.status).toBe('ready');
    expect(result.current.items).toEqual([1, 2]);
    await waitFor(() => expect(result.current.items).toEqual([0, 1, 2]));
  });

  it('on its error state, loads again by itself when the browser comes back online', async () => {
    const load = vi
      .fn<(page: number) => Promise<Page<number>>>()
      .mockRejectedValueOnce(new RequestError('network', 0, 'offline'))
      .mockResolvedValueOnce({ items: [7], hasMore: false });
    const { result } = renderHook(() => usePagedList(load));
    await waitFor(() => expect(result.current.status).toBe('error'));
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(result.current.items).toEqual([7]));
  });
});
