import { useCallback, useEffect, useRef, useState } from 'react';
import { isRequestError } from '../lib/http';
import { getChangeCount, type DataChange } from '../lib/data-changed';
import { useDataChanged, useWindowEvent } from './freshness';
import { usePageActive } from './page-activity';
import { useErrorText } from './use-error-text';

/** What makes a value on the page shown read again: every change, the app's own writes too. */
const VALUE_CHANGES: readonly DataChange[] = ['write', 'return', 'notification', 'pull'];

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
   * Read again quietly whenever the page is shown again (back to it, a tab switch), and while it is
   * the page shown, when the app comes back into view, a notification arrives, the page is pulled
   * down, or a call that changed something succeeded (decision 076 "Screens that stay current"): the value stays on
   * screen until the answer. On by default (docs/product/client.md, Navigation, Fresh pages); `false` for
   * a value that cannot change, and off with `reloadOnShow`, which reads on show anyway and on the
   * same signals.
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
 * on `retry`, `reload` and `refresh`, when its page is shown again and when what it shows may have
 * changed (`RemoteOptions`); on its error state, again when the browser comes back online while
 * its page is on top. Only the newest load's answer counts; the others are aborted.
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
  /** The change count when the newest read started (lib/data-changed.ts). */
  const startedAt = useRef(-1);

  const start = useCallback(
    (isQuiet: boolean): Promise<void> => {
      active.current?.abort();
      const controller = new AbortController();
      active.current = controller;
      startedAt.current = getChangeCount();
      return load(controller.signal).then(
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
    void start(false);
    return () => active.current?.abort();
  }, [start]);

  // Shown again: anything may have changed meanwhile, here or on the server (an operator's
  // decision, another device), so it reads, quietly unless `reloadOnShow`.
  useEffect(() => {
    if (isActive && !wasActive.current && (reloadOnShow || refreshOnShow)) void start(!reloadOnShow);
    wasActive.current = isActive;
  }, [isActive, reloadOnShow, refreshOnShow, start]);

  const readQuietly = useCallback(() => start(true), [start]);
  const refresh = useCallback(() => void start(true), [start]);
  useDataChanged((refreshOnShow || reloadOnShow) && isActive, VALUE_CHANGES, startedAt, readQuietly);
  useWindowEvent('window', 'online', isActive && state.status === 'error', refresh);

  const retry = useCallback(() => {
    setState({ status: 'loading' });
    void start(false);
  }, [start]);
  const reload = useCallback(() => void start(false), [start]);
  const update = useCallback((change: (data: T) => T) => {
    setState((previous) => (previous.status === 'ready' ? { status: 'ready', data: change(previous.data) } : previous));
  }, []);

  return { state, retry, reload, refresh, update };
}
