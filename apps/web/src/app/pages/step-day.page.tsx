import { getStepReceipt, type ResponseOf } from '@stride/contract';
import { call } from '../../lib/http';
import { useCallback } from 'react';
import { StatusTip } from '../../components/status-tip';
import { useRemote } from '../../hooks';
import { StepReceiptView } from '../../features/step-history';
import { useI18n } from '../../lib/i18n';
import type { PageProps } from '../page-props';
import '../../features/step-history/step-history.css';

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
  return <StepReceiptView receipt={state.data} />;
}
