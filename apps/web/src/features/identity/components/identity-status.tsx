import type { Identity } from '@stride/contract';
import { formatTime } from '../../../lib/format';
import { useI18n } from '../../../lib/i18n';
import { StatusRow } from './status-row';

/** The real-name status with the masked number, and the reason after a rejection. */
export function IdentityStatus({ identity }: { readonly identity: Identity }) {
  const { t } = useI18n();
  return (
    <section className="card identity-status" aria-label={t('identity.statusTitle')}>
      <StatusRow label={t('identity.statusTitle')} value={t(`realName.${identity.status}`)} badge={identity.status} />
      {identity.name ? <StatusRow label={t('identity.name')} value={identity.name} /> : null}
      {identity.idNumberMasked ? <StatusRow label={t('identity.idNumber')} value={identity.idNumberMasked} /> : null}
      {identity.submittedAt ? (
        <StatusRow label={t('identity.submittedAt')} value={formatTime(identity.submittedAt)} />
      ) : null}
      {identity.status === 'pending' ? <p className="hint">{t('identity.pendingHint')}</p> : null}
      {identity.status === 'rejected' && identity.rejectReason ? (
        <p className="form-error">{t('identity.rejectReason', { reason: identity.rejectReason })}</p>
      ) : null}
    </section>
  );
}
