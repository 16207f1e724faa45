import type { ResponseOf, getHome as GetHome } from '@stride/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { describeError } from '../../lib/http';
import { useI18n } from '../../lib/i18n';
import { getHome } from './api/get-home';

export type Home = ResponseOf<typeof GetHome>;

export type HomeState =
  | { readonly status: 'loading' }
  | { readonly status: 'error'; readonly message: string }
  | { readonly status: 'ready'; readonly home: Home };

/**
 * GET /api/home with loading and error states, plus a quiet refresh after an action (collect,
 * exchange, a step report) that keeps showing the old answer until the new one arrives.
 */
export function useHome(): {
  readonly state: HomeState;
  readonly retry: () => void;
  readonly refresh: () => void;
  readonly patch: (change: Partial<Home>) => void;
} {
  const { t } = useI18n();
  const [state, setState] = useState<HomeState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const active = useRef<AbortController | undefined>(undefined);

  const load = useCallback(
    (quiet: boolean) => {
      active.current?.abort();
      const controller = new AbortController();
      active.current = controller;
      getHome({ hideErrors: true, signal: controller.signal }).then(
        (home) => {
          if (!controller.signal.aborted) setState({ status: 'ready', home });
        },
        (error: unknown) => {
          // A failed quiet refresh keeps the answer on screen; the next action refreshes again.
          if (controller.signal.aborted || quiet) return;
          setState({
            status: 'error',
            message: describeError(error, { request: t('requestError'), network: t('networkError') }),
          });
        },
      );
    },
    [t],
  );

  useEffect(() => {
    load(false);
    return () => active.current?.abort();
  }, [load, attempt]);

  const retry = useCallback(() => {
    setState({ status: 'loading' });
    setAttempt((value) => value + 1);
  }, []);
  const refresh = useCallback(() => load(true), [load]);
  const patch = useCallback((change: Partial<Home>) => {
    setState((previous) =>
      previous.status === 'ready' ? { status: 'ready', home: { ...previous.home, ...change } } : previous,
    );
  }, []);

  return { state, retry, refresh, patch };
}
