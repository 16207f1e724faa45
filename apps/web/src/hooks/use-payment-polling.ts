import { useCallback, useEffect, useRef, useState } from 'react';
import { startPayment, type PaymentSession, type PaymentState, type StartPaymentOptions } from '../lib/payment';
import { usePageActive } from './page-activity';

export type PaymentPollingState = PaymentState | 'idle';

export interface PaymentPolling {
  readonly state: PaymentPollingState;
  /** Call from the click handler itself: off iOS it opens the pay tab synchronously. */
  readonly start: (options: Omit<StartPaymentOptions, 'onStatus'>) => Promise<PaymentState>;
  readonly stop: () => void;
}

/**
 * One payment flow per component. Polling stops when the component unmounts or its page is no
 * longer on top (docs/product/client.md, Payment: polling stops when the user leaves the page).
 */
export function usePaymentPolling(): PaymentPolling {
  const [state, setState] = useState<PaymentPollingState>('idle');
  const session = useRef<PaymentSession | undefined>(undefined);
  const isPageActive = usePageActive();

  const stop = useCallback(() => {
    session.current?.stop();
    session.current = undefined;
  }, []);

  const start = useCallback<PaymentPolling['start']>(
    (options) => {
      stop();
      const next = startPayment({ ...options, onStatus: setState });
      session.current = next;
      return next.done;
    },
    [stop],
  );

  useEffect(() => {
    if (!isPageActive) stop();
  }, [isPageActive, stop]);

  useEffect(() => stop, [stop]);

  return { state, start, stop };
}
