import type { PaymentPollingState } from '../../hooks';
import { useI18n } from '../../lib/i18n';
import './payment-status-note.css';

/** Where an online payment stands, announced politely to screen readers as it changes. */
export function PaymentStatusNote({ state }: { readonly state: PaymentPollingState }) {
  const { t } = useI18n();
  if (state === 'idle') return null;
  const isBad = state === 'failed' || state === 'expired' || state === 'timedOut' || state === 'declined';
  return (
    <p className={isBad ? 'payment-note payment-note--bad' : 'payment-note'} role="status" aria-live="polite">
      {t(`pay.state.${state}`)}
    </p>
  );
}
