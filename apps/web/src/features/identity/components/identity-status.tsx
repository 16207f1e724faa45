import type { Identity } from '@stride/contract';
import { formatTime } from '../../../lib/format';
import { useI18n } from '../../../lib/i18n';

/** The real-name status with the masked number, and the reason after a rejection. */
export function IdentityStatus({ identity }: { readonly identity: Identity }) {
  const { t } = useI18n();
  return (
    <section className="card identity-status" aria-label={t('identity.statusTitle')}>
      <p className="identity-status__row">
        <span>{t('identity.statusTitle')}</span>
        <span className={`identity-badge identity-badge--${identity.status}`}>{t(`realName.${identity.status}`)}</span>
      </p>
      {identity.name ? (
        <p className="identity-status__row">
          <span>{t('identity.name')}</span>
          <span>{identity.name}</span>
        </p>
      ) : null}
      {identity.idNumberMasked ? (
        <p className="identity-status__row">
          <span>{t('identity.idNumber')}</span>
          <span>{identity.idNumberMasked}</span>
        </p>
      ) : null}
      {identity.submittedAt ? (
        <p className="identity-status__row">
          <span>{t('identity.submittedAt')}</span>
          <span>{formatTime(identity.submittedAt)}</span>
        </p>
      ) : null}
      {identity.status === 'pending' ? <p className="hint">{t('identity.pendingHint')}</p> : null}
      {identity.status === 'rejected' && identity.rejectReason ? (
        <p className="form-error">{t('identity.rejectReason', { reason: identity.rejectReason })}</p>
      ) : null}
    </section>
  );
}
