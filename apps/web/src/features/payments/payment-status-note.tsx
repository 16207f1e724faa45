import type { PaymentPollingState } from '../../hooks';
import { useI18n } from '../../lib/i18n';
import './payment-status-note.css';

/** Where an online payment stands, announced politely to screen readers as it changes. */
export function PaymentStatusNote({ state }: { readonly state: PaymentPollingState }) {
  const { t } = useI18n();
  if (state === 'idle') return null;
  // `failed` is a payment the provider closed unpaid (the payer cancelled it; decision 041 "Flows that ask first and
  // say what happened"): nothing was charged, so it reads as cancelled and not as an error, like declining to open the
  // page.
  const isBad = state === 'expired' || state === 'timedOut';
  return (
    <p className={isBad ? 'payment-note payment-note--bad' : 'payment-note'} role="status" aria-live="polite">
      {t(`pay.state.${state}`)}
    </p>
  );
}
