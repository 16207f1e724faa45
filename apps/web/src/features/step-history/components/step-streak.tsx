import { getAchievements } from '@stride/contract';
import { call } from '../../../lib/http';
import { useCallback } from 'react';
import { useRemote } from '../../../hooks';
import { useI18n } from '../../../lib/i18n';
import { PATHS, go } from '../../../lib/navigation';
import { formatSteps } from '../format';
import './step-streak.css';

export interface StepStreakProps {
  /** Today's steps as counted now, and today's goal (home's figures, newer than the last load). */
  readonly steps: number;
  readonly goal: number;
}

/**
 * Home's streak line: the current streak of goal days and today's goal state; a tap opens the
 * step history. Today's live count completes the streak before the server has heard of it.
 */
export function StepStreak({ steps, goal }: StepStreakProps) {
  const { t, language } = useI18n();
  const load = useCallback((signal: AbortSignal) => call(getAchievements, {}, { hideErrors: true, signal }), []);
  const { state } = useRemote(load, { reloadOnShow: true });
  const isMet = steps >= goal;
  let streak: number | undefined;
  if (state.status === 'ready') {
    const { currentStreak, todayMet } = state.data;
    streak = currentStreak + (isMet && !todayMet ? 1 : 0);
  }
  const streakText =
    streak === undefined
      ? t('streak.loading')
      : streak === 0
        ? t('streak.none')
        : streak === 1
          ? t('streak.one')
          : t('streak.current', { count: formatSteps(streak, language) });
  return (
    <button type="button" className="step-streak" onClick={() => go(PATHS.stepHistory)} data-testid="step-streak">
      <span className="step-streak__count">{streakText}</span>
      <span className="step-streak__today">
        {isMet ? t('streak.todayMet') : t('streak.todayLeft', { left: formatSteps(goal - steps, language) })}
      </span>
      <span className="step-streak__open">{t('streak.open')} ›</span>
    </button>
  );
}
