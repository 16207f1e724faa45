import { useCallback, useEffect, useRef, useState } from 'react';
import { isRequestError } from '../lib/http';
import { getChangeStamp, useWindowEvent } from './freshness';
import { usePageActive } from './page-activity';
import { useErrorText } from './use-error-text';

/** The one vocabulary of loading state, shared with `usePagedList`. */
export type LoadStatus = 'loading' | 'error' | 'ready';

export type Remote<T> =
  | { readonly status: 'loading' }
  | { readonly status: 'error'; readonly code: number | undefined; readonly message: string }
  | { readonly status: 'ready'; readonly data: T };

export interface RemoteOptions {
  /**
   * Load again whenever the page returns to the top of the stack: the stack keeps pages mounted,
   * so a page must read again after an edit page above it saved.
   */
  readonly reloadOnShow?: boolean;
  /**
   * Read again quietly when the page returns to the top and something may have changed meanwhile
   * (a call that changed something succeeded, or the app came back into view), and when the app
   * comes back into view while the page is on top: the value stays on screen until the answer, and
   * nothing is read when nothing changed. On by default (docs/product/client.md, Navigation, Fresh
   * pages); `false` for a value that cannot change, and off with `reloadOnShow`, which reads anyway.
   */
  readonly refreshOnShow?: boolean;
}

export interface RemoteValue<T> {
  readonly state: Remote<T>;
  /** Shows the loading state and loads again (the error state's retry). */
  readonly retry: () => void;
  /** Loads again with the current state on screen until the answer; a failure shows the error. */
  readonly reload: () => void;
  /**
   * Loads again quietly after an action: the value stays on screen, and a failure keeps it (the
   * next action refreshes again).
   */
  readonly refresh: () => void;
  /** Changes the value on screen, for an action whose answer already tells the new figures. */
  readonly update: (change: (data: T) => T) => void;
}

/**
 * A value read from the server: loaded on mount, again when `load` or the language changes, and
 * on `retry`, `reload` and `refresh`; on its error state, again when the browser comes back online
 * while its page is on top. Only the newest load's answer counts; the others are aborted.
 * `load` must be stable (a module function or useCallback), since a new one means a new load.
 */
export function useRemote<T>(
  load: (signal: AbortSignal) => Promise<T>,
  { reloadOnShow = false, refreshOnShow = !reloadOnShow }: RemoteOptions = {},
): RemoteValue<T> {
  const errorText = useErrorText();
  const isActive = usePageActive();
  const [state, setState] = useState<Remote<T>>({ status: 'loading' });
  const active = useRef<AbortController | undefined>(undefined);
  const wasActive = useRef(isActive);
  const writesWhenHidden = useRef<number | undefined>(undefined);

  const start = useCallback(
    (isQuiet: boolean) => {
      active.current?.abort();
      const controller = new AbortController();
      active.current = controller;
      load(controller.signal).then(
        (data) => {
          if (!controller.signal.aborted) setState({ status: 'ready', data });
        },
        (error: unknown) => {
          if (controller.signal.aborted) return;
          const failed: Remote<T> = {
            status: 'error',
            code: isRequestError(error) ? error.code : undefined,
            message: errorText(error),
          };
          setState((previous) => (isQuiet && previous.status === 'ready' ? previous : failed));
        },
      );
    },
    [load, errorText],
  );

  useEffect(() => {
    start(false);
    return () => active.current?.abort();
  }, [start]);

  useEffect(() => {
    if (reloadOnShow && isActive && !wasActive.current) start(false);
    wasActive.current = isActive;
  }, [isActive, reloadOnShow, start]);

  useEffect(() => {
    if (!refreshOnShow) return;
    if (!isActive) {
      writesWhenHidden.current ??= getChangeStamp();
      return;
    }
    if (writesWhenHidden.current !== undefined && writesWhenHidden.current !== getChangeStamp()) start(true);
    writesWhenHidden.current = undefined;
  }, [isActive, refreshOnShow, start]);

  const refreshQuietly = useCallback(() => start(true), [start]);
  useWindowEvent('document', 'visibilitychange', (refreshOnShow || reloadOnShow) && isActive, refreshQuietly);
  useWindowEvent('window', 'online', isActive && state.status === 'error', refreshQuietly);

  const retry = useCallback(() => {
    setState({ status: 'loading' });
    start(false);
  }, [start]);
  const reload = useCallback(() => start(false), [start]);
  const refresh = useCallback(() => start(true), [start]);
  const update = useCallback((change: (data: T) => T) => {
    setState((previous) => (previous.status === 'ready' ? { status: 'ready', data: change(previous.data) } : previous));
  }, []);

  return { state, retry, reload, refresh, update };
}
