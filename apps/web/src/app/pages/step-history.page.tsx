import { getAchievements } from '@stride/contract';
import { call } from '../../lib/http';
import { useCallback } from 'react';
import { StatusTip } from '../../components/status-tip';
import { useRemote } from '../../hooks';
import { HistoryViews, Milestones, StreakSummary } from '../../features/step-history';
import '../../features/step-history/step-history.css';

/**
 * Step history (docs/product/client.md, Pages): streaks and distance, the last 30 days, 12 weeks
 * and 12 months against the goal, and milestones. A day opens its receipt.
 */
export default function StepHistoryPage() {
  const load = useCallback((signal: AbortSignal) => call(getAchievements, {}, { hideErrors: true, signal }), []);
  // Back from a receipt or after walking elsewhere in the app: the streak may have moved on.
  const { state, retry } = useRemote(load, { reloadOnShow: true });
  if (state.status === 'loading') return <StatusTip status="loading" />;
  if (state.status === 'error') return <StatusTip status="error" message={state.message} onRetry={retry} />;
  const achievements = state.data;
  return (
    <>
      <StreakSummary achievements={achievements} />
      <HistoryViews today={achievements.today} />
      <Milestones milestones={achievements.milestones} />
    </>
  );
}
