import type { Challenge, Club } from '@stride/contract';
import { useId, useState } from 'react';
import { CardSection } from '../../../components/card-section';
import { FormError } from '../../../components/form-error';
import { formatNumber } from '../../../lib/format';
import { useI18n } from '../../../lib/i18n';
import { dayLabel, rulesText } from '../rules';
import { KIND_LABELS } from './challenge-labels';
import { ChallengeWhen } from './challenge-list';

type Progress = NonNullable<Challenge['progress']>;

/** The rules in plain words, shown before joining and after. */
export function ChallengeRulesList({ challenge }: { readonly challenge: Challenge }) {
  const { t, language } = useI18n();
  return (
    <ul className="challenges__rules" aria-label={t('challenges.rules')}>
      {rulesText(challenge, t, language).map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  );
}

function ProgressCard({ challenge, progress }: { readonly challenge: Challenge; readonly progress: Progress }) {
  const { t } = useI18n();
  const id = useId();
  return (
    <CardSection titleId={`${id}-progress`} title={t('challenges.progress')} titleClassName="friends__heading">
      <dl className="challenges__figures">
        <dt>{t('challenges.col.steps')}</dt>
        <dd data-testid="challenge-steps">{formatNumber(progress.steps)}</dd>
        {progress.pendingSteps > 0 ? (
          <>
            <dt>{t('challenges.pendingTitle')}</dt>
            <dd className="friend-board__pending">{formatNumber(progress.pendingSteps)}</dd>
          </>
        ) : null}
        {challenge.kind === 'daily-goal' ? (
          <>
            <dt>{t('challenges.goalDays')}</dt>
            <dd>
              {t('challenges.goalDaysOf', { days: progress.goalDays, needed: challenge.daysNeeded ?? 0 })}
              {progress.pendingDays > 0 ? (
                <span className="friend-board__pending">
                  {' '}
                  {t('challenges.pendingDays', { days: progress.pendingDays })}
                </span>
              ) : null}
            </dd>
          </>
        ) : null}
        {progress.place !== null ? (
          <>
            <dt>{t(challenge.kind === 'team-total' ? 'challenges.teamPlace' : 'challenges.col.place')}</dt>
            <dd>{formatNumber(progress.place)}</dd>
          </>
        ) : null}
      </dl>
      {challenge.myTeam ? <p className="hint">{t('challenges.walkingFor', { club: challenge.myTeam.name })}</p> : null}
      {progress.finished ? <p className="form-notice">{t('challenges.finished')}</p> : null}
    </CardSection>
  );
}

export interface ChallengeResultProps {
  readonly challenge: Challenge;
  /** Opens the points statement, where a prize is a line of its own. */
  readonly onStatement: () => void;
}

/** How it ended for me, once settled: my place, whether I won or finished, and the points paid to me. */
export function ChallengeResultCard({ challenge, onStatement }: ChallengeResultProps) {
  const { t } = useI18n();
  const id = useId();
  const { result } = challenge;
  if (!result) return null;
  const outcome = result.won
    ? t(challenge.kind === 'daily-goal' ? 'challenges.result.finished' : 'challenges.result.won')
    : t('challenges.result.not');
  return (
    <CardSection titleId={`${id}-result`} title={t('challenges.result')} titleClassName="friends__heading">
      <p className={result.won ? 'form-notice' : 'hint'} data-testid="challenge-outcome">
        {outcome}
      </p>
      <dl className="challenges__figures">
        {result.place !== null ? (
          <>
            <dt>{t('challenges.col.place')}</dt>
            <dd>{formatNumber(result.place)}</dd>
          </>
        ) : null}
        <dt>{t('challenges.col.steps')}</dt>
        <dd>{formatNumber(result.steps)}</dd>
        {result.prizePoints > 0 ? (
          <>
            <dt>{t('challenges.result.prize')}</dt>
            <dd data-testid="challenge-prize">
              {t('challenges.points', { points: formatNumber(result.prizePoints) })}
            </dd>
          </>
        ) : null}
      </dl>
      {result.prizePoints > 0 ? (
        <button type="button" className="link" onClick={onStatement}>
          {t('challenges.statement')}
        </button>
      ) : null}
    </CardSection>
  );
}

export interface TeamChoice {
  /** My clubs: I walk for one of them that is in the challenge. */
  readonly clubs: readonly Club[];
  /** The clubs in it that I know of (its own and the board's). */
  readonly inIt: ReadonlySet<string>;
  readonly onEnter: (clubId: string) => void;
}

export interface ChallengeHeadProps {
  readonly challenge: Challenge;
  /** Set for a team total not joined yet: which club I walk for. */
  readonly teams?: TeamChoice | undefined;
  readonly onJoin: (clubId?: string) => void;
  readonly onLeave: () => void;
  readonly onCancel: () => void;
  readonly onCopy: (text: string) => void;
  readonly isBusy: boolean;
  readonly error: string | undefined;
  /** Opens the report sheet for its title, offered on a challenge another user made. */
  readonly onReport?: (() => void) | undefined;
}

/** The join of a team total: the club I walk for, entered first by its owner when it is not in yet. */
function TeamJoin({
  teams,
  onJoin,
  isBusy,
}: {
  readonly teams: TeamChoice;
  readonly onJoin: (clubId?: string) => void;
  readonly isBusy: boolean;
}) {
  const { t } = useI18n();
  const id = useId();
  const [clubId, setClubId] = useState(
    () => teams.clubs.find((club) => teams.inIt.has(club.id))?.id ?? teams.clubs[0]?.id ?? '',
  );
  const chosen = teams.clubs.find((club) => club.id === clubId);
  if (teams.clubs.length === 0) return <p className="hint">{t('challenges.noClubToJoin')}</p>;
  const canEnter = chosen !== undefined && chosen.isOwner && !teams.inIt.has(chosen.id);
  return (
    <div className="field">
      <label htmlFor={`${id}-team`} className="field__label">
        {t('challenges.walkFor')}
      </label>
      <select id={`${id}-team`} className="input" value={clubId} onChange={(event) => setClubId(event.target.value)}>
        {teams.clubs.map((club) => (
          <option key={club.id} value={club.id}>
            {club.name}
          </option>
        ))}
      </select>
      <div className="challenges__actions">
        {canEnter ? (
          <button
            type="button"
            className="button button--ghost"
            disabled={isBusy}
            onClick={() => teams.onEnter(clubId)}
          >
            {t('challenges.enterTeam', { club: chosen.name })}
          </button>
        ) : null}
        <button type="button" className="button" disabled={isBusy || !clubId} onClick={() => onJoin(clubId)}>
          {t('challenges.join')}
        </button>
      </div>
    </div>
  );
}

/**
 * One challenge: its title, who made it, where it stands, its rules in plain words, and what I may do: join (for a
 * club of mine in a team total), leave before the end, call it off (its creator, before it starts), share its code,
 * report its title (one another user made).
 */
export function ChallengeHead({
  challenge,
  teams,
  onJoin,
  onLeave,
  onCancel,
  onCopy,
  isBusy,
  error,
  onReport,
}: ChallengeHeadProps) {
  const { t, language } = useI18n();
  const id = useId();
  const isOpen = challenge.state === 'upcoming' || challenge.state === 'running';
  const by = challenge.creator?.name ?? t('challenges.byStride');
  return (
    <>
      <CardSection titleId={`${id}-head`} title={challenge.title} titleClassName="friends__heading">
        <p className="list__secondary">
          {`${t(KIND_LABELS[challenge.kind])} · ${
            challenge.club
              ? t('challenges.ofClub', { club: challenge.club.name })
              : t('challenges.madeBy', { name: by })
          } · ${t('challenges.participants', { count: formatNumber(challenge.participants) })}`}
        </p>
        {challenge.description ? <p className="challenges__description">{challenge.description}</p> : null}
        <p className="challenges__state" data-testid="challenge-state">
          <ChallengeWhen challenge={challenge} />
          {challenge.state === 'upcoming' ? (
            <span className="list__secondary">
              {' '}
              · {t('challenges.startsOn', { day: dayLabel(challenge.startsOn, language) })}
            </span>
          ) : null}
        </p>
        {challenge.state === 'deciding' ? <p className="hint">{t('challenges.decidingHint')}</p> : null}
        {challenge.state === 'cancelled' && challenge.endedReason ? (
          <p className="hint" data-testid="challenge-reason">
            {t('challenges.endedReason', { reason: challenge.endedReason })}
          </p>
        ) : null}
        <h3 className="friends__subheading">{t('challenges.rules')}</h3>
        <ChallengeRulesList challenge={challenge} />
        {isOpen && !challenge.joined ? (
          teams ? (
            <TeamJoin teams={teams} onJoin={onJoin} isBusy={isBusy} />
          ) : (
            <button type="button" className="button button--block" disabled={isBusy} onClick={() => onJoin()}>
              {t('challenges.join')}
            </button>
          )
        ) : null}
        <FormError message={error} />
        {challenge.code && isOpen ? (
          <p className="friends__code">
            <span>{t('challenges.code')}</span>
            <span className="friends__code-value" data-testid="challenge-code">
              {challenge.code}
            </span>
            <button type="button" className="link" onClick={() => onCopy(challenge.code ?? '')}>
              {t('invite.copy')}
            </button>
            {challenge.link ? (
              <button type="button" className="link" onClick={() => onCopy(challenge.link ?? '')}>
                {t('friends.copyLink')}
              </button>
            ) : null}
          </p>
        ) : null}
        {isOpen && (challenge.joined || (challenge.isCreator && challenge.state === 'upcoming')) ? (
          <div className="challenges__actions">
            {challenge.joined ? (
              <button type="button" className="button button--ghost" disabled={isBusy} onClick={onLeave}>
                {t('challenges.leave')}
              </button>
            ) : null}
            {challenge.isCreator && challenge.state === 'upcoming' ? (
              <button type="button" className="button button--ghost" disabled={isBusy} onClick={onCancel}>
                {t('challenges.cancel')}
              </button>
            ) : null}
          </div>
        ) : null}
        {onReport && challenge.creator && !challenge.isCreator ? (
          <button type="button" className="link" onClick={onReport}>
            {t('report.challenge')}
          </button>
        ) : null}
      </CardSection>
      {challenge.progress && !challenge.result ? (
        <ProgressCard challenge={challenge} progress={challenge.progress} />
      ) : null}
    </>
  );
}
