import type { Mailing } from '@stride/contract';
import { formatTime } from '../../../lib/format';
import { useI18n, type MessageKey } from '../../../lib/i18n';

const STATUS_TEXT: Record<Mailing['status'], MessageKey> = {
  requested: 'mailing.status.requested',
  shipped: 'mailing.status.shipped',
  delivered: 'mailing.status.delivered',
};
const BADGE: Record<Mailing['status'], string> = {
  requested: 'badge badge--warn',
  shipped: 'badge',
  delivered: 'badge badge--good',
};

/** My mailing applications with status and tracking (GET /api/post/record). */
export function MailingRecords({ mailings }: { readonly mailings: readonly Mailing[] }) {
  const { t } = useI18n();
  return (
    <ul className="mailing-records" aria-label={t('mailing.records')}>
      {mailings.map((mailing) => (
        <li key={mailing.id} className="card" aria-labelledby={`mailing-${mailing.id}`}>
          <div className="mailing-record__head">
            <h3 id={`mailing-${mailing.id}`} className="mailing-record__title">
              {mailing.cardName}
            </h3>
            <span className={BADGE[mailing.status]}>{t(STATUS_TEXT[mailing.status])}</span>
          </div>
          <dl className="mailing-record__rows">
            <div>
              <dt>{t('mailing.appliedAt')}</dt>
              <dd>{formatTime(mailing.createdAt)}</dd>
            </div>
            <div>
              <dt>{t('shop.shipTo')}</dt>
              <dd>
                {mailing.address.name} {mailing.address.phone} · {mailing.address.region} {mailing.address.detail}
              </dd>
            </div>
            {mailing.carrier || mailing.trackingNumber ? (
              <div>
                <dt>{t('shop.tracking')}</dt>
                <dd>
                  {mailing.carrier} {mailing.trackingNumber}
                </dd>
              </div>
            ) : null}
          </dl>
        </li>
      ))}
    </ul>
  );
}
