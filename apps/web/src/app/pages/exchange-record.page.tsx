import { listExchanges } from '@stride/contract';
import { call } from '../../lib/http';
import { PullToRefresh } from '../../components/pull-to-refresh';
import { StatusTip } from '../../components/status-tip';
import { LoadMoreFooter } from '../../components/load-more-footer';
import { usePagedList } from '../../hooks';
import { formatMoney, formatNumber, formatTime } from '../../lib/format';
import { useI18n } from '../../lib/i18n';
import { PATHS, go } from '../../lib/navigation';
import '../../features/wallet/wallet.css';

const load = (page: number, signal: AbortSignal) =>
  call(listExchanges, { query: { page } }, { hideErrors: true, signal });

/** Points spent on goods and every other movement are on the points statement (decision 081 "One points statement"). */
function AllMovementsLink() {
  const { t } = useI18n();
  return (
    <button type="button" className="link ledger__all" onClick={() => go(PATHS.pointsStatement)}>
      {t('points.allMovements')}
    </button>
  );
}

/** Exchange records (GET /api/exchange/statement), loading more on reaching the bottom. */
export default function ExchangeRecordPage() {
  const { t } = useI18n();
  const list = usePagedList(load);
  if (list.status === 'loading') return <StatusTip status="loading" />;
  if (list.status === 'error') return <StatusTip status="error" message={list.error ?? ''} onRetry={list.reload} />;
  if (list.items.length === 0) {
    return (
      <>
        <StatusTip status="empty" message={t('exchange.none')} />
        <AllMovementsLink />
      </>
    );
  }
  return (
    <PullToRefresh>
      <AllMovementsLink />
      <ul className="list ledger" aria-label={t('title.exchangeRecord')}>
        {list.items.map((record) => (
          <li key={record.id} className="ledger__item">
            <span>{t('exchange.recordPoints', { points: formatNumber(record.points) })}</span>
            <span className="ledger__amount ledger__amount--in">+{formatMoney(record.amount)}</span>
            <time className="ledger__meta" dateTime={record.createdAt}>
              {formatTime(record.createdAt)}
            </time>
          </li>
        ))}
      </ul>
      <LoadMoreFooter list={list} />
    </PullToRefresh>
  );
}
