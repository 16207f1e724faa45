import { useCallback, useEffect, useState } from 'react';
import { describeError, isRequestError } from '../lib/http';
import { useI18n } from '../lib/i18n';

export type Remote<T> =
  | { readonly status: 'loading' }
  | { readonly status: 'error'; readonly code: number | undefined; readonly message: string }
  | { readonly status: 'success'; readonly data: T };

/**
 * Loads once per mount and on retry. `load` must be stable (a module function or useCallback),
 * since a new one means a new load.
 */
export function useRemote<T>(load: (signal: AbortSignal) => Promise<T>): {
  readonly state: Remote<T>;
  readonly retry: () => void;
} {
  const { t } = useI18n();
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<Remote<T>>({ status: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    load(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setState({ status: 'success', data });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setState({
          status: 'error',
          code: isRequestError(error) ? error.code : undefined,
          message: describeError(error, { request: t('requestError'), network: t('networkError') }),
        });
      },
    );
    return () => controller.abort();
  }, [load, attempt, t]);

  const retry = useCallback(() => {
    setState({ status: 'loading' });
    setAttempt((value) => value + 1);
  }, []);

  return { state, retry };
}
