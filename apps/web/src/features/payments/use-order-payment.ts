import { createPayment, getPayment } from '@stride/contract';
import { useCallback, useState } from 'react';
import { usePaymentPolling, type PaymentPollingState } from '../../hooks';
import type { PaymentState } from '../../lib/payment';
import { createRetryKey, call } from '../../lib/http';

export interface OrderPayment {
  readonly state: PaymentPollingState;
  /** The order being paid, while a flow runs or after it ended. */
  readonly orderId: string | undefined;
  /** Call from the click handler: the pay tab must open while the tap still counts as a gesture. */
  readonly pay: (orderId: string) => Promise<PaymentState>;
  readonly stop: () => void;
}

/**
 * Pays a pending membership order online: POST /api/pay answers the pay URL, which opens in a new
 * tab (after "Jump to payment page?" on iOS), then GET /api/pay/{id} is polled every 5 s until the
 * payment is final. `confirmJump` is the app's dialog, passed in because features do not show
 * app dialogs themselves.
 */
export function useOrderPayment(confirmJump: () => Promise<boolean>): OrderPayment {
  const polling = usePaymentPolling();
  const [orderId, setOrderId] = useState<string | undefined>(undefined);
  const [retryKey] = useState(createRetryKey);
  const { start } = polling;

  const pay = useCallback(
    async (id: string): Promise<PaymentState> => {
      setOrderId(id);
      const payment = await retryKey.run((idempotencyKey) =>
        call(createPayment, { body: { orderId: id, idempotencyKey } }),
      );
      if (payment.status !== 'pending') return payment.status;
      return start({
        payUrl: payment.payUrl,
        // Polls quietly: a failed poll is retried in 5 s rather than shown.
        poll: () =>
          call(getPayment, { params: { id: payment.id } }, { hideErrors: true }).then((answer) => answer.status),
        confirmJump,
      });
    },
    [confirmJump, retryKey, start],
  );

  return { state: polling.state, orderId, pay, stop: polling.stop };
}
