import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { announceChange, refreshShownPage } from '../lib/data-changed';
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

  it('reads its first page again quietly whenever its page is shown again, and on a notification or a pull', async () => {
    const load = vi
      .fn<(page: number) => Promise<Page<number>>>()
      .mockResolvedValueOnce({ items: [1], hasMore: false })
      .mockResolvedValueOnce({ items: [2, 1], hasMore: false })
      .mockResolvedValueOnce({ items: [3, 2, 1], hasMore: false })
      .mockResolvedValueOnce({ items: [4, 3, 2, 1], hasMore: false });
    let isActive = true;
    const wrapper = ({ children }: { children: ReactNode }) => (
      <PageActivityContext.Provider value={isActive}>{children}</PageActivityContext.Provider>
    );
    const { result, rerender } = renderHook(() => usePagedList(load), { wrapper });
    await waitFor(() => expect(result.current.items).toEqual([1]));
    isActive = false;
    rerender();
    // The app's own writes leave a list alone: the page that wrote updates its item in place.
    await act(() => announceChange('write'));
    expect(load).toHaveBeenCalledTimes(1);
    isActive = true;
    rerender();
    expect(result.current.items).toEqual([1]);
    await waitFor(() => expect(result.current.items).toEqual([2, 1]));
    act(() => void announceChange('notification'));
    await waitFor(() => expect(result.current.items).toEqual([3, 2, 1]));
    await act(() => refreshShownPage());
    expect(result.current.items).toEqual([4, 3, 2, 1]);
    expect(load.mock.calls.map(([page]) => page)).toEqual([1, 1, 1, 1]);
  });

  it('keeps the further pages the user scrolled to: merged in front with keyOf, else read only on a pull', async () => {
    let firstPage = [1, 2];
    const load = vi.fn((page: number) =>
      Promise.resolve(page === 1 ? { items: firstPage, hasMore: true } : { items: [3], hasMore: false }),
    );
    let isActive = true;
    const wrapper = ({ children }: { children: ReactNode }) => (
      <PageActivityContext.Provider value={isActive}>{children}</PageActivityContext.Provider>
    );
    const keyed = renderHook(() => usePagedList(load, { keyOf: String }), { wrapper });
    await waitFor(() => expect(keyed.result.current.items).toEqual([1, 2]));
    act(() => keyed.result.current.loadMore());
    await waitFor(() => expect(keyed.result.current.items).toEqual([1, 2, 3]));
    firstPage = [0, 2];
    isActive = false;
    keyed.rerender();
    isActive = true;
    keyed.rerender();
    // The new first page, then what was below it: an item in both shows once.
    await waitFor(() => expect(keyed.result.current.items).toEqual([0, 2, 1, 3]));
    keyed.unmount();

    load.mockClear();
    firstPage = [1, 2];
    const plain = renderHook(() => usePagedList(load), { wrapper });
    await waitFor(() => expect(plain.result.current.items).toEqual([1, 2]));
    act(() => plain.result.current.loadMore());
    await waitFor(() => expect(plain.result.current.items).toEqual([1, 2, 3]));
    firstPage = [0, 2];
    isActive = false;
    plain.rerender();
    isActive = true;
    plain.rerender();
    expect(load).toHaveBeenCalledTimes(2);
    await act(() => refreshShownPage());
    expect(plain.result.current.items).toEqual([0, 2]);
    expect(plain.result.current.hasMore).toBe(true);
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
