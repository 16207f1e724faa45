import { useCallback, useState, type ReactNode } from 'react';
import type { PaymentPasswordAsk } from '../../lib/payment';
import { PaymentPasswordSheet } from './components/payment-password-sheet';

export interface PaymentPasswordStep {
  /** Opens the sheet for one action; it closes once the action is sent, cancelled or failed for another reason. */
  readonly ask: (ask: PaymentPasswordAsk) => void;
  /** The sheet while it is open, for the page to render. */
  readonly sheet: ReactNode;
}

/** The payment password step of a page's actions (docs/product/payment-password.md). */
export function usePaymentPassword(): PaymentPasswordStep {
  const [asked, setAsked] = useState<PaymentPasswordAsk | undefined>(undefined);
  const close = useCallback(() => setAsked(undefined), []);
  return { ask: setAsked, sheet: asked ? <PaymentPasswordSheet ask={asked} onClose={close} /> : null };
}
