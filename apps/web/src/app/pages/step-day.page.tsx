import { getStepReceipt, listAppeals, type ResponseOf, type StepReceipt } from '@stride/contract';
import { call } from '../../lib/http';
import { useCallback } from 'react';
import { StatusTip } from '../../components/status-tip';
import { useRemote } from '../../hooks';
import { AppealCard } from '../../features/appeals';
import { StepReceiptView, formatDay } from '../../features/step-history';
import { useI18n } from '../../lib/i18n';
import { PATHS, go } from '../../lib/navigation';
import type { PageProps } from '../page-props';
import '../../features/step-history/step-history.css';
import '../../features/appeals/appeals.css';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A day's receipt (`?day=YYYY-MM-DD`): sources, refusals, review, points, cash back, invite reward. */
export default function StepDayPage({ query }: PageProps) {
  const { t } = useI18n();
  const day = query.day ?? '';
  const load = useCallback(
    (signal: AbortSignal) => call(getStepReceipt, { params: { day } }, { hideErrors: true, signal }),
    [day],
  );
  if (!DAY.test(day)) return <StatusTip status="error" message={t('receipt.noDay')} />;
  return <Receipt load={load} />;
}

function Receipt({ load }: { readonly load: (signal: AbortSignal) => Promise<ResponseOf<typeof getStepReceipt>> }) {
  const { state, retry } = useRemote(load, { reloadOnShow: true });
  if (state.status === 'loading') return <StatusTip status="loading" />;
  if (state.status === 'error') return <StatusTip status="error" message={state.message} onRetry={retry} />;
  const receipt = state.data;
  return (
    <StepReceiptView
      receipt={receipt}
      reviewAction={receipt.review ? <DayAppeal day={receipt.day} review={receipt.review} /> : null}
    />
  );
}

const loadAppeals = (signal: AbortSignal) => call(listAppeals, {}, { hideErrors: true, signal });

/**
 * The appeal of a reviewed day (docs/product/appeals.md): the appeal with its due time or decision once sent; before
 * that, on a held or rejected day, the way to send one.
 */
function DayAppeal({ day, review }: { readonly day: string; readonly review: NonNullable<StepReceipt['review']> }) {
  const { t, language } = useI18n();
  const { state } = useRemote(loadAppeals, { reloadOnShow: true });
  if (state.status !== 'ready') return null;
  const appeal = state.data.items.find((item) => item.kind === 'step-day' && item.subject === day);
  if (appeal) {
    return <AppealCard appeal={appeal} title={t('appeals.kind.day', { day: formatDay(day, language, true) })} />;
  }
  if (review.status === 'cleared') return null;
  return (
    <button
      type="button"
      className="button button--ghost receipt-review__appeal"
      onClick={() => go(PATHS.appeals, { kind: 'step-day', subject: day })}
    >
      {t('appeals.action')}
    </button>
  );
}
