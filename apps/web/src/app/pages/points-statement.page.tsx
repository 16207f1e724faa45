import { listPointsStatement } from '@stride/contract';
import { call } from '../../lib/http';
import type { PointsMovement } from '@stride/contract';
import { PullToRefresh } from '../../components/pull-to-refresh';
import { StatusTip } from '../../components/status-tip';
import { LoadMoreFooter } from '../../components/load-more-footer';
import { usePagedList } from '../../hooks';
import { pointsTypeLabel, signedPoints } from '../../features/wallet';
import { formatNumber, formatTime } from '../../lib/format';
import { useI18n } from '../../lib/i18n';
import { PATHS, go } from '../../lib/navigation';
import '../../features/wallet/wallet.css';

const load = (page: number, signal: AbortSignal) =>
  call(listPointsStatement, { query: { page } }, { hideErrors: true, signal });
const keyOf = (movement: { readonly id: string }) => movement.id;

/**
 * Where a line leads: its day's receipt, its goods order or its exchange record (decision 081 "One points statement").
 */
function MovementLink({ movement }: { readonly movement: PointsMovement }) {
  const { t } = useI18n();
  if (movement.receiptDay) {
    const day = movement.receiptDay;
    return (
      <button type="button" className="link ledger__receipt" onClick={() => go(PATHS.stepDay, { day })}>
        {t('statement.receipt', { day })} ›
      </button>
    );
  }
  if (movement.orderId) {
    return (
      <button type="button" className="link ledger__receipt" onClick={() => go(PATHS.orderShop)}>
        {t('points.viewOrder')} ›
      </button>
    );
  }
  if (movement.exchangeId) {
    return (
      <button type="button" className="link ledger__receipt" onClick={() => go(PATHS.exchangeRecord)}>
        {t('title.exchangeRecord')} ›
      </button>
    );
  }
  return null;
}

/**
 * The points statement (GET /api/user/points/statement, decision 081 "One points statement"): every movement of the
 * points balance, newest first, with its sign, the balance after it and what it links to.
 */
export default function PointsStatementPage() {
  const { t } = useI18n();
  const list = usePagedList(load, { keyOf });
  if (list.status === 'loading') return <StatusTip status="loading" />;
  if (list.status === 'error') return <StatusTip status="error" message={list.error ?? ''} onRetry={list.reload} />;
  if (list.items.length === 0) return <StatusTip status="empty" message={t('points.none')} />;
  return (
    <PullToRefresh>
      <ul className="list ledger" aria-label={t('title.pointsStatement')}>
        {list.items.map((movement) => (
          <li key={movement.id} className="ledger__item">
            <span>{pointsTypeLabel(movement.type, t)}</span>
            <span className={movement.amount > 0 ? 'ledger__amount ledger__amount--in' : 'ledger__amount'}>
              {t('points.signed', { points: signedPoints(movement.amount, formatNumber) })}
            </span>
            <time className="ledger__meta" dateTime={movement.createdAt}>
              {formatTime(movement.createdAt)}
            </time>
            <span className="ledger__meta ledger__meta--end">
              {t('points.balanceAfter', { points: formatNumber(movement.balanceAfter) })}
            </span>
            <MovementLink movement={movement} />
          </li>
        ))}
      </ul>
      <LoadMoreFooter list={list} />
    </PullToRefresh>
  );
}
