import {
  CHALLENGE_BOARD_SHOWN,
  type ChallengeBoardEntry,
  type ChallengeTeamEntry,
  type getChallengeBoard,
  type ResponseOf,
} from '@stride/contract';
import { useId } from 'react';
import { Avatar } from '../../../components/avatar';
import { CardSection } from '../../../components/card-section';
import { StatusTip } from '../../../components/status-tip';
import { formatNumber, formatTime } from '../../../lib/format';
import { useI18n } from '../../../lib/i18n';

export type ChallengeBoardData = ResponseOf<typeof getChallengeBoard>;

function EntryRow({ entry, withGoalDays }: { readonly entry: ChallengeBoardEntry; readonly withGoalDays: boolean }) {
  const { t } = useI18n();
  // Someone who does not share their steps is "A walker": no name, avatar or id; a deleted account, a former member.
  const name = entry.former ? t('challenges.former') : (entry.person?.name ?? t('challenges.walker'));
  return (
    <li
      className={entry.me ? 'list__item friend-board__row friend-board__row--me' : 'list__item friend-board__row'}
      data-testid="challenge-entry"
    >
      <span className="friend-board__rank" aria-label={t('challenges.rank', { rank: entry.rank })}>
        {entry.rank}
      </span>
      <Avatar url={entry.person?.avatarUrl ?? null} size={32} />
      <span className="friend-board__who">
        <span className="friend-board__name">{entry.me ? t('challenges.me', { name }) : name}</span>
        {entry.team ? <span className="list__secondary">{entry.team.name}</span> : null}
        {withGoalDays ? (
          <span className="list__secondary">{t('challenges.goalDaysShort', { days: entry.goalDays })}</span>
        ) : null}
        {entry.pendingSteps > 0 ? (
          <span className="friend-board__pending">
            {t('challenges.pending', { steps: formatNumber(entry.pendingSteps) })}
          </span>
        ) : null}
      </span>
      <span className="friend-board__steps">{formatNumber(entry.steps)}</span>
    </li>
  );
}

function TeamTable({ teams }: { readonly teams: readonly ChallengeTeamEntry[] }) {
  const { t } = useI18n();
  return (
    <table className="challenges__teams">
      <caption className="challenges__caption">{t('challenges.teams')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('challenges.col.place')}</th>
          <th scope="col">{t('challenges.col.club')}</th>
          <th scope="col">{t('challenges.col.walkers')}</th>
          <th scope="col">{t('challenges.col.steps')}</th>
        </tr>
      </thead>
      <tbody>
        {teams.map((team) => (
          <tr
            key={team.club.id}
            className={team.mine ? 'challenges__team--mine' : undefined}
            data-testid="challenge-team"
          >
            <td>{team.rank}</td>
            <th scope="row">{team.mine ? t('challenges.myTeam', { name: team.club.name }) : team.club.name}</th>
            <td>{formatNumber(team.participants)}</td>
            <td>
              {formatNumber(team.steps)}
              {team.pendingSteps > 0 ? (
                <span className="friend-board__pending">
                  {' '}
                  {t('challenges.pending', { steps: formatNumber(team.pendingSteps) })}
                </span>
              ) : null}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export interface ChallengeBoardProps {
  /** Null while it loads. */
  readonly board: ChallengeBoardData | null;
  /** A daily goal's board also shows each one's goal days. */
  readonly withGoalDays: boolean;
}

/** The challenge's board: the clubs of a team total, its first places and mine, and when it was last brought up to date. */
export function ChallengeBoard({ board, withGoalDays }: ChallengeBoardProps) {
  const { t } = useI18n();
  const id = useId();
  return (
    <CardSection
      titleId={`${id}-board`}
      title={t('challenges.board')}
      titleClassName="friends__heading"
      className="challenges__board"
    >
      {board === null ? (
        <StatusTip status="loading" />
      ) : (
        <>
          {board.teams.length > 0 ? <TeamTable teams={board.teams} /> : null}
          {board.entries.length === 0 ? <p className="hint">{t('challenges.boardEmpty')}</p> : null}
          <ol className="list friend-board__list">
            {board.entries.map((entry, index) => (
              // Walkers without a name have no id: places and order are the key.
              <EntryRow key={`${entry.rank}:${index}`} entry={entry} withGoalDays={withGoalDays} />
            ))}
          </ol>
          {board.ranked > board.entries.length ? (
            <p className="hint friends__hint">
              {t('challenges.boardShown', {
                shown: formatNumber(CHALLENGE_BOARD_SHOWN),
                ranked: formatNumber(board.ranked),
              })}
            </p>
          ) : null}
          {board.refreshedAt ? (
            <p className="hint friends__hint">{t('challenges.updatedAt', { time: formatTime(board.refreshedAt) })}</p>
          ) : null}
        </>
      )}
    </CardSection>
  );
}
