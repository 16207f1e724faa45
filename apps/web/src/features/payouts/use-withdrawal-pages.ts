import { useCallback, useEffect, useRef, useState } from 'react';
import type { Withdrawal } from '@stride/contract';
import { describeError } from '../../lib/http';
import { useI18n } from '../../lib/i18n';
import { listWithdrawals } from './api/list-withdrawals';

export const WITHDRAWALS_PAGE_SIZE = 10;

export interface WithdrawalPages {
  readonly status: 'loading' | 'error' | 'ready';
  readonly items: readonly Withdrawal[];
  readonly hasMore: boolean;
  readonly isLoadingMore: boolean;
  readonly error: string | undefined;
  readonly loadMore: () => void;
  readonly reload: () => void;
}

interface State {
  readonly status: 'loading' | 'error' | 'ready';
  readonly items: readonly Withdrawal[];
  readonly page: number;
  readonly hasMore: boolean;
  readonly isLoadingMore: boolean;
  readonly error: string | undefined;
}

const INITIAL: State = {
  status: 'loading',
  items: [],
  page: 0,
  hasMore: false,
  isLoadingMore: false,
  error: undefined,
};

/** Withdrawal records page by page: the first on mount and reload, the next on loadMore. */
export function useWithdrawalPages(): WithdrawalPages {
  const { t } = useI18n();
  const [generation, setGeneration] = useState(0);
  const [state, setState] = useState<State>(INITIAL);
  const stateRef = useRef(state);
  const controller = useRef<AbortController | undefined>(undefined);
  useEffect(() => {
    stateRef.current = state;
  });

  const fail = useCallback(
    (error: unknown) => describeError(error, { request: t('requestError'), network: t('networkError') }),
    [t],
  );

  useEffect(() => {
    const current = new AbortController();
    controller.current = current;
    listWithdrawals({ page: 1, pageSize: WITHDRAWALS_PAGE_SIZE }, { hideErrors: true, signal: current.signal }).then(
      (first) => {
        if (current.signal.aborted) return;
        setState({ ...INITIAL, status: 'ready', items: first.items, page: 1, hasMore: first.hasMore });
      },
      (error: unknown) => {
        if (!current.signal.aborted) setState({ ...INITIAL, status: 'error', error: fail(error) });
      },
    );
    return () => current.abort();
  }, [generation, fail]);

  const loadMore = useCallback(() => {
    const { status, hasMore, isLoadingMore, page } = stateRef.current;
    const current = controller.current;
    if (status !== 'ready' || !hasMore || isLoadingMore || !current) return;
    // The ref too: a second bottom event before the re-render must not ask for the same page.
    stateRef.current = { ...stateRef.current, isLoadingMore: true };
    setState((previous) => ({ ...previous, isLoadingMore: true, error: undefined }));
    listWithdrawals(
      { page: page + 1, pageSize: WITHDRAWALS_PAGE_SIZE },
      { hideErrors: true, signal: current.signal },
    ).then(
      (next) => {
        if (current.signal.aborted) return;
        setState((previous) => ({
          ...previous,
          // A record may shift to the next page when a new one arrives; show it once.
          items: [...previous.items, ...next.items.filter((item) => !previous.items.some((old) => old.id === item.id))],
          page: page + 1,
          hasMore: next.hasMore,
          isLoadingMore: false,
        }));
      },
      (error: unknown) => {
        if (!current.signal.aborted)
          setState((previous) => ({ ...previous, isLoadingMore: false, error: fail(error) }));
      },
    );
  }, [fail]);

  const reload = useCallback(() => {
    setState(INITIAL);
    setGeneration((value) => value + 1);
  }, []);

  return { ...state, loadMore, reload };
}
