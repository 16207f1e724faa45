import type { Challenge } from '@stride/contract';
import { useId, useState, type FormEvent } from 'react';
import { CardSection } from '../../../components/card-section';
import { formatNumber } from '../../../lib/format';
import { useI18n } from '../../../lib/i18n';
import { periodDays } from '../rules';
import { KIND_LABELS, STATE_LABELS } from './challenge-labels';

/** Where a challenge stands in one line: when it starts, how many days are left, or how it ended. */
export function ChallengeWhen({ challenge }: { readonly challenge: Challenge }) {
  const { t } = useI18n();
  const state = t(STATE_LABELS[challenge.state]);
  if (challenge.state === 'upcoming' || challenge.state === 'running') {
    const left =
      challenge.daysLeft === 1
        ? t('challenges.lastDay')
        : t('challenges.daysLeft', { days: formatNumber(challenge.daysLeft) });
    return <span className="list__secondary">{`${state} · ${left}`}</span>;
  }
  return <span className="list__secondary">{state}</span>;
}

/**
 * How far along I am: the goal days reached of a daily goal, else the part of the period gone; null for a challenge
 * that has not started or has no progress of mine.
 */
function progressOf(challenge: Challenge): { value: number; max: number } | null {
  if (challenge.kind === 'daily-goal' && challenge.progress && challenge.daysNeeded) {
    return { value: Math.min(challenge.progress.goalDays, challenge.daysNeeded), max: challenge.daysNeeded };
  }
  if (challenge.state !== 'running') return null;
  const total = periodDays(challenge.startsOn, challenge.endsOn);
  return total > 0 ? { value: Math.max(0, total - challenge.daysLeft), max: total } : null;
}

function ChallengeRow({ challenge, onOpen }: { readonly challenge: Challenge; readonly onOpen: () => void }) {
  const { t } = useI18n();
  const progress = challenge.joined ? progressOf(challenge) : null;
  return (
    <li className="friends__person" data-testid="challenge">
      <button type="button" className="clubs__open challenges__open" onClick={onOpen}>
        <span className="challenges__title">{challenge.title}</span>
        <span className="list__secondary">
          {`${t(KIND_LABELS[challenge.kind])} · ${t('challenges.participants', { count: formatNumber(challenge.participants) })}`}
          {challenge.prizePoints > 0
            ? ` · ${t('challenges.prizeShort', { points: formatNumber(challenge.prizePoints) })}`
            : ''}
        </span>
        <ChallengeWhen challenge={challenge} />
        {progress ? (
          <progress
            className="challenges__bar"
            max={progress.max}
            value={progress.value}
            aria-label={t('challenges.progressOf', { title: challenge.title })}
          />
        ) : null}
      </button>
    </li>
  );
}

export interface ChallengeListProps {
  readonly title: string;
  readonly challenges: readonly Challenge[];
  readonly empty: string;
  readonly onOpen: (challenge: Challenge) => void;
}

/** A list of challenges, each opening its page: mine with my progress and the days left, or those open to me. */
export function ChallengeList({ title, challenges, empty, onOpen }: ChallengeListProps) {
  const id = useId();
  return (
    <CardSection titleId={`${id}-list`} title={title} titleClassName="friends__heading">
      {challenges.length === 0 ? <p className="hint">{empty}</p> : null}
      <ul className="friends__people">
        {challenges.map((challenge) => (
          <ChallengeRow key={challenge.id} challenge={challenge} onOpen={() => onOpen(challenge)} />
        ))}
      </ul>
    </CardSection>
  );
}

export interface JoinByCodeProps {
  readonly onFind: (code: string) => void;
}

/** A challenge's code, as someone shared it: opens its rules, to join from there. */
export function JoinByCode({ onFind }: JoinByCodeProps) {
  const { t } = useI18n();
  const id = useId();
  const [code, setCode] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (code.trim()) onFind(code.trim());
  };
  return (
    <CardSection titleId={`${id}-code`} title={t('challenges.joinByCode')} titleClassName="friends__heading">
      <form className="field" onSubmit={submit} noValidate>
        <label htmlFor={`${id}-input`} className="field__label">
          {t('challenges.code')}
        </label>
        <div className="field__row friends__lookup">
          <input
            id={`${id}-input`}
            className="input"
            value={code}
            maxLength={32}
            autoComplete="off"
            onChange={(event) => setCode(event.target.value)}
          />
          <button type="submit" className="button" disabled={!code.trim()}>
            {t('challenges.find')}
          </button>
        </div>
      </form>
    </CardSection>
  );
}
