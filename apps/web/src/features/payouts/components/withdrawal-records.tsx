import type { Withdrawal } from '@stride/contract';
import { StatusTip } from '../../../components/status-tip';
import { LoadMoreFooter } from '../../../components/load-more-footer';
import type { PagedList } from '../../../hooks';
import { formatMoney, formatTime } from '../../../lib/format';
import { useI18n } from '../../../lib/i18n';

/**
 * What the record says happened to the money (docs/product/client.md, Withdrawal records): a paid
 * one what reached the bank, a pending one what will, a rejected one what the ledger returned to
 * the balance, the fee included, never a "received" that never was.
 */
export function recordLine(withdrawal: Withdrawal, t: ReturnType<typeof useI18n>['t']): string {
  const fee = formatMoney(withdrawal.fee);
  const received = formatMoney(withdrawal.received);
  if (withdrawal.status === 'rejected') {
    return t('withdraw.recordLineRefunded', { refunded: formatMoney(withdrawal.refunded ?? withdrawal.amount) });
  }
  if (withdrawal.status === 'pending') return t('withdraw.recordLinePending', { fee, received });
  return t('withdraw.recordLine', { fee, received });
}

function WithdrawalRecord({ withdrawal }: { readonly withdrawal: Withdrawal }) {
  const { t } = useI18n();
  return (
    <li className="card payouts-record">
      <div className="payouts-record__head">
        <span className="payouts-record__amount">{formatMoney(withdrawal.amount)}</span>
        <span className={`payouts-status payouts-status--${withdrawal.status}`}>
          {t(`withdraw.status.${withdrawal.status}`)}
        </span>
      </div>
      <p className="payouts-record__line">{recordLine(withdrawal, t)}</p>
      {withdrawal.bankReference ? (
        <p className="payouts-record__line">{t('withdraw.bankReference', { reference: withdrawal.bankReference })}</p>
      ) : null}
      <p className="payouts-record__line">
        {withdrawal.bankCard.bank} {withdrawal.bankCard.accountMasked}
      </p>
      <ol className="payouts-timeline" aria-label={t('withdraw.timeline')}>
        {withdrawal.timeline.map((event) => (
          <li
            key={`${event.status}-${event.at}`}
            className={`payouts-timeline__item payouts-timeline__item--${event.status}`}
          >
            <span className="payouts-timeline__status">
              {event.status === 'refunded' && withdrawal.refunded !== null
                ? t('withdraw.event.refundedAmount', { amount: formatMoney(withdrawal.refunded) })
                : t(`withdraw.event.${event.status}`)}
            </span>
            <time className="payouts-timeline__time" dateTime={event.at}>
              {formatTime(event.at)}
            </time>
          </li>
        ))}
      </ol>
      {withdrawal.rejectReason ? (
        <p className="payouts-record__reason">{t('withdraw.rejectReason', { reason: withdrawal.rejectReason })}</p>
      ) : null}
    </li>
  );
}

/** Records newest first, each with its status timeline; the next page loads on reaching the bottom. */
export function WithdrawalRecords({ list }: { readonly list: PagedList<Withdrawal> }) {
  const { t } = useI18n();
  if (list.status === 'loading') return <StatusTip status="loading" />;
  if (list.status === 'error') return <StatusTip status="error" message={list.error ?? ''} onRetry={list.reload} />;
  if (list.items.length === 0) return <StatusTip status="empty" message={t('withdraw.noRecords')} />;
  return (
    <>
      <ul className="payouts-records">
        {list.items.map((withdrawal) => (
          <WithdrawalRecord key={withdrawal.id} withdrawal={withdrawal} />
        ))}
      </ul>
      <LoadMoreFooter list={list} />
    </>
  );
}
