import { getPaymentPassword, type PaymentPasswordStatus } from '@stride/contract';
import { StatusTip } from '../../components/status-tip';
import { showToast } from '../../components/toast';
import { PaymentPasswordForm } from '../../features/payment-password';
import { useRemote } from '../../hooks';
import { formatDate, formatTime } from '../../lib/format';
import { call } from '../../lib/http';
import { t, useI18n } from '../../lib/i18n';
import { findNavigator } from '../../lib/navigation';
import type { PageProps } from '../page-props';

const load = (signal: AbortSignal) => call(getPaymentPassword, {}, { hideErrors: true, signal });

const isLocked = (status: PaymentPasswordStatus) =>
  status.lockedUntil !== null && Date.parse(status.lockedUntil) > Date.now();

function statusText(status: PaymentPasswordStatus): string {
  if (status.lockedUntil && isLocked(status))
    return t('paymentPassword.lockedOn', { time: formatTime(status.lockedUntil) });
  if (status.isSet && status.setAt) return t('paymentPassword.setOn', { date: formatDate(status.setAt) });
  return t('paymentPassword.notSet');
}

/** `?back=`: one of the app's own urls, the page whose action asked for the password. */
function backUrl(back: string | undefined): string | undefined {
  return back?.startsWith('/') && !back.startsWith('//') ? back : undefined;
}

/**
 * The payment password (docs/product/payment-password.md): whether one is set, since when, or locked until when, and
 * setting or resetting it with an SMS code. Opened from a sheet that needed one (`?back=`), it goes back there once saved.
 */
export default function PaymentPasswordPage({ query }: PageProps) {
  const { t } = useI18n();
  const { state, retry, update } = useRemote(load);
  if (state.status === 'loading') return <StatusTip status="loading" />;
  if (state.status === 'error') return <StatusTip status="error" message={state.message} onRetry={retry} />;
  const status = state.data;
  const back = backUrl(query.back);

  return (
    <>
      <section className="card" aria-label={t('title.paymentPassword')}>
        <p className="hint">{t('paymentPassword.about')}</p>
        <dl className="pay-password-status">
          <div className="detail-row">
            <dt>{t('paymentPassword.status')}</dt>
            <dd>{statusText(status)}</dd>
          </div>
        </dl>
        {isLocked(status) ? <p className="hint">{t('paymentPassword.lockedHint')}</p> : null}
      </section>
      <PaymentPasswordForm
        isSet={status.isSet}
        onSaved={(saved) => {
          void showToast(t('paymentPassword.saved'));
          update(() => saved);
          if (back)
            findNavigator()
              ?.returnTo(back)
              .catch(() => undefined);
        }}
      />
    </>
  );
}
