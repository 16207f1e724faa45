import { useCallback, useEffect, useRef, useState } from 'react';
import { getChangeCount, type DataChange } from '../lib/data-changed';
import { useDataChanged, useWindowEvent } from './freshness';
import { usePageActive } from './page-activity';
import { useErrorText } from './use-error-text';
import type { LoadStatus } from './use-remote';

/**
 * What makes a list on the page shown read its first page again. Not the app's own writes: the
 * page that wrote updates its item in place (`update`), and a read of the first page would drop
 * the further pages the user scrolled to.
 */
const LIST_CHANGES: readonly DataChange[] = ['return', 'notification', 'pull'];

export interface Page<T> {
  readonly items: readonly T[];
  readonly hasMore: boolean;
}

export interface PagedListOptions<T> {
  /** From the first page again whenever the page returns to the top of the stack. */
  readonly reloadOnShow?: boolean;
  /**
   * The first page again, quietly (the list stays on screen until the answer), whenever the page
   * is shown again, and while it is shown, when the app comes back into view, a notification
   * arrives or the page is pulled down (decision 076 "Screens that stay current"). On by default, off with
   * `reloadOnShow` (docs/product/client.md, Navigation, Fresh pages).
   */
  readonly refreshOnShow?: boolean;
  /**
   * An item's identity. With it, an item a next page repeats (a new record pushed it down a page
   * while the user scrolled) is shown once.
   */
  readonly keyOf?: (item: T) => string;
}

export interface PagedList<T> {
  readonly status: LoadStatus;
  readonly items: readonly T[];
  readonly hasMore: boolean;
  /** A next page is on its way. */
  readonly isLoadingMore: boolean;
  /** The first page's error, or a next page's. */
  readonly error: string | undefined;
  /** Loads the next page; ignored while one loads or when there is none. */
  readonly loadMore: () => void;
  /** From the first page again, showing the loading state. */
  readonly reload: () => void;
  /** Replaces an item in place (after an action on it). */
  readonly update: (match: (item: T) => boolean, next: T) => void;
}

interface Loaded<T> {
  /** Which loader and reload this state belongs to; any other is stale and shows as loading. */
  readonly load: unknown;
  readonly generation: number;
  readonly status: LoadStatus;
  readonly items: readonly T[];
  readonly page: number;
  readonly hasMore: boolean;
  readonly isLoadingMore: boolean;
  readonly error: string | undefined;
}

/**
 * A list read page by page (the contract's `pageOf`): the first page on mount and whenever `load`
 * changes (a new filter), the next one on `loadMore` (reaching the bottom); on its error state,
 * the first page again when the browser comes back online while its page is on top. `load` must
 * be stable.
 */
export function usePagedList<T>(
  load: (page: number, signal: AbortSignal) => Promise<Page<T>>,
  { reloadOnShow = false, refreshOnShow = !reloadOnShow, keyOf }: PagedListOptions<T> = {},
): PagedList<T> {
  const errorText = useErrorText();
  const isActive = usePageActive();
  const wasActive = useRef(isActive);
  const [generation, setGeneration] = useState(0);
  const [loaded, setLoaded] = useState<Loaded<T> | undefined>(undefined);
  const controller = useRef<AbortController | undefined>(undefined);
  /** The change count when the newest read of the first page started (lib/data-changed.ts). */
  const startedAt = useRef(-1);
  const isCurrent = loaded !== undefined && loaded.load === load && loaded.generation === generation;
  const state: Loaded<T> = isCurrent
    ? loaded
    : {
        load,
        generation,
        status: 'loading',
        items: [],
        page: 0,
        hasMore: false,
        isLoadingMore: false,
        error: undefined,
      };
  const stateRef = useRef(state);
  useEffect(() => {
    stateRef.current = state;
  });
  const keyOfRef = useRef(keyOf);
  useEffect(() => {
    keyOfRef.current = keyOf;
  });

  useEffect(() => {
    const current = new AbortController();
    controller.current = current;
    startedAt.current = getChangeCount();
    const base = { load, generation, isLoadingMore: false };
    load(1, current.signal).then(
      (first) => {
        if (current.signal.aborted) return;
        setLoaded({ ...base, status: 'ready', items: first.items, page: 1, hasMore: first.hasMore, error: undefined });
      },
      (error: unknown) => {
        if (current.signal.aborted) return;
        setLoaded({ ...base, status: 'error', items: [], page: 0, hasMore: false, error: errorText(error) });
      },
    );
    return () => current.abort();
  }, [load, generation, errorText]);

  const reload = useCallback(() => setGeneration((value) => value + 1), []);

  /**
   * The first page again, the list staying on screen. The further pages the user scrolled to
   * stay: with `keyOf` the first page goes in front of them (an item in both shows once); without
   * it only a pull reads (it starts at the top), and then the list is its first page again.
   */
  const refreshQuietly = useCallback(
    (change?: DataChange): Promise<void> => {
      const { status, page } = stateRef.current;
      if (status !== 'ready') return Promise.resolve();
      if (page > 1 && !keyOfRef.current && change !== 'pull') return Promise.resolve();
      controller.current?.abort();
      const current = new AbortController();
      controller.current = current;
      startedAt.current = getChangeCount();
      return load(1, current.signal).then(
        (first) => {
          if (current.signal.aborted) return;
          setLoaded((previous) => {
            if (!previous) return previous;
            const key = keyOfRef.current;
            if (key && previous.page > 1) {
              const fresh = new Set(first.items.map(key));
              const rest = previous.items.filter((item) => !fresh.has(key(item)));
              return { ...previous, items: [...first.items, ...rest], isLoadingMore: false, error: undefined };
            }
            return {
              ...previous,
              items: first.items,
              page: 1,
              hasMore: first.hasMore,
              isLoadingMore: false,
              error: undefined,
            };
          });
        },
        // A failed quiet read keeps the list as it was.
        () => undefined,
      );
    },
    [load],
  );

  // Shown again: its first page again (decision 076 "Screens that stay current"), quietly unless `reloadOnShow`.
  useEffect(() => {
    if (reloadOnShow && isActive && !wasActive.current) reload();
    if (!reloadOnShow && refreshOnShow && isActive && !wasActive.current) void refreshQuietly();
    wasActive.current = isActive;
  }, [isActive, reloadOnShow, refreshOnShow, reload, refreshQuietly]);
  useDataChanged((refreshOnShow || reloadOnShow) && isActive, LIST_CHANGES, startedAt, refreshQuietly);
  useWindowEvent('window', 'online', isActive && state.status === 'error', reload);

  const loadMore = useCallback(() => {
    const { status, hasMore, isLoadingMore, page } = stateRef.current;
    const current = controller.current;
    if (status !== 'ready' || !hasMore || isLoadingMore || !current) return;
    // The ref too: a second bottom event before the re-render must not ask for the same page.
    stateRef.current = { ...stateRef.current, isLoadingMore: true };
    setLoaded((previous) => previous && { ...previous, isLoadingMore: true, error: undefined });
    load(page + 1, current.signal).then(
      (next) => {
        if (current.signal.aborted) return;
        const key = keyOfRef.current;
        setLoaded((previous) => {
          if (!previous) return previous;
          const shown = key ? new Set(previous.items.map(key)) : undefined;
          const added = shown && key ? next.items.filter((item) => !shown.has(key(item))) : next.items;
          return {
            ...previous,
            items: [...previous.items, ...added],
            page: page + 1,
            hasMore: next.hasMore,
            isLoadingMore: false,
          };
        });
      },
      (error: unknown) => {
        if (current.signal.aborted) return;
        setLoaded((previous) => previous && { ...previous, isLoadingMore: false, error: errorText(error) });
      },
    );
  }, [load, errorText]);

  const update = useCallback((match: (item: T) => boolean, next: T) => {
    setLoaded(
      (previous) => previous && { ...previous, items: previous.items.map((item) => (match(item) ? next : item)) },
    );
  }, []);

  return {
    status: state.status,
    items: state.items,
    hasMore: state.hasMore,
    isLoadingMore: state.isLoadingMore,
    error: state.error,
    loadMore,
    reload,
    update,
  };
}
