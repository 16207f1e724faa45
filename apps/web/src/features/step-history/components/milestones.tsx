import type { Achievements } from '../types';
import type { MilestoneKey } from '@stride/contract';
import { useI18n, type MessageKey } from '../../../lib/i18n';
import { formatDay, formatKm, formatSteps } from '../format';
import { CardSection } from '../../../components/card-section';

const NAMES: Readonly<Record<MilestoneKey, MessageKey>> = {
  firstGoal: 'milestone.firstGoal',
  first10k: 'milestone.first10k',
  first20k: 'milestone.first20k',
  streak7: 'milestone.streak7',
  streak30: 'milestone.streak30',
  distance100km: 'milestone.distance100km',
  distance1000km: 'milestone.distance1000km',
  steps1m: 'milestone.steps1m',
};

const IN_METRES: ReadonlySet<MilestoneKey> = new Set(['distance100km', 'distance1000km']);

/** Milestones with the day each was reached, or how far along they are. */
export function Milestones({ milestones }: { readonly milestones: Achievements['milestones'] }) {
  const { t, language } = useI18n();
  const amount = (key: MilestoneKey, value: number) =>
    IN_METRES.has(key) ? t('history.km', { km: formatKm(value, language) }) : formatSteps(value, language);
  return (
    <CardSection titleId="milestones-title" title={t('history.milestones')} titleClassName="history-title">
      <ul className="milestones">
        {milestones.map((milestone) => (
          <li
            key={milestone.key}
            className={milestone.reachedOn ? 'milestone milestone--reached' : 'milestone'}
            data-testid={`milestone-${milestone.key}`}
          >
            <span className="milestone__name">{t(NAMES[milestone.key])}</span>
            {milestone.reachedOn ? (
              <span className="badge badge--good">
                {t('milestone.reachedOn', { date: formatDay(milestone.reachedOn, language, true) })}
              </span>
            ) : (
              <>
                <span className="milestone__progress">
                  {t('milestone.progress', {
                    progress: amount(milestone.key, milestone.progress),
                    target: amount(milestone.key, milestone.target),
                  })}
                </span>
                <progress
                  className="milestone__bar"
                  max={milestone.target}
                  value={milestone.progress}
                  aria-label={t(NAMES[milestone.key])}
                />
              </>
            )}
          </li>
        ))}
      </ul>
    </CardSection>
  );
}
