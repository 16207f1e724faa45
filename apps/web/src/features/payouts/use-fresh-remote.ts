import { useCallback, useEffect, useRef, useState } from 'react';
import { usePageActive } from '../../hooks';
import { describeError, isRequestError } from '../../lib/http';
import { useI18n } from '../../lib/i18n';

export type FreshRemote<T> =
  | { readonly status: 'loading' }
  | { readonly status: 'error'; readonly code: number | undefined; readonly message: string }
  | { readonly status: 'success'; readonly data: T };

/**
 * Loads on mount, on `reload`, and again whenever the page returns to the top of the stack: the
 * page stack keeps pages mounted, so a list must refresh after an edit page above it saved. The
 * old data stays on screen while a refresh runs. `load` must be stable.
 */
export function useFreshRemote<T>(load: (signal: AbortSignal) => Promise<T>): {
  readonly state: FreshRemote<T>;
  readonly reload: () => void;
} {
  const { t } = useI18n();
  const isActive = usePageActive();
  const [generation, setGeneration] = useState(0);
  const [state, setState] = useState<FreshRemote<T>>({ status: 'loading' });
  const wasActive = useRef(isActive);

  useEffect(() => {
    if (isActive && !wasActive.current) setGeneration((value) => value + 1);
    wasActive.current = isActive;
  }, [isActive]);

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
  }, [load, generation, t]);

  const reload = useCallback(() => setGeneration((value) => value + 1), []);
  return { state, reload };
}
