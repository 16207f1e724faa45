import type { Address } from '@stride/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { usePageActive } from '../../hooks';
import { describeError } from '../../lib/http';
import { useI18n } from '../../lib/i18n';
import { listAddresses } from './api/list-addresses';

export type AddressesState =
  | { readonly status: 'loading' }
  | { readonly status: 'error'; readonly message: string }
  | { readonly status: 'ready'; readonly addresses: readonly Address[] };

/**
 * My addresses, loaded on mount and again whenever the page returns to the top of the stack: the
 * stack keeps pages mounted, so a list must refresh after the edit page above it saved.
 */
export function useAddresses(): {
  readonly state: AddressesState;
  readonly reload: () => void;
  readonly remove: (id: string) => void;
} {
  const { t } = useI18n();
  const isActive = usePageActive();
  const wasActive = useRef(isActive);
  const [generation, setGeneration] = useState(0);
  const [state, setState] = useState<AddressesState>({ status: 'loading' });

  useEffect(() => {
    if (isActive && !wasActive.current) setGeneration((value) => value + 1);
    wasActive.current = isActive;
  }, [isActive]);

  useEffect(() => {
    const controller = new AbortController();
    listAddresses({ hideErrors: true, signal: controller.signal }).then(
      (addresses) => {
        if (!controller.signal.aborted) setState({ status: 'ready', addresses });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setState({
          status: 'error',
          message: describeError(error, { request: t('requestError'), network: t('networkError') }),
        });
      },
    );
    return () => controller.abort();
  }, [generation, t]);

  const reload = useCallback(() => {
    setState({ status: 'loading' });
    setGeneration((value) => value + 1);
  }, []);

  // After a delete the server may promote another default, so the list is read again as well.
  const remove = useCallback((id: string) => {
    setState((previous) =>
      previous.status === 'ready'
        ? { status: 'ready', addresses: previous.addresses.filter((address) => address.id !== id) }
        : previous,
    );
    setGeneration((value) => value + 1);
  }, []);

  return { state, reload, remove };
}
