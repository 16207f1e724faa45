import type { FriendBoardEntry, FriendBoardPeriod } from '@stride/contract';
import { FRIEND_BOARD_PERIODS } from '@stride/contract';
import { Avatar } from '../../../components/avatar';
import { Segmented } from '../../../components/segmented';
import { StatusTip } from '../../../components/status-tip';
import { formatNumber } from '../../../lib/format';
import { useI18n } from '../../../lib/i18n';

export interface FriendBoardProps {
  readonly period: FriendBoardPeriod;
  readonly onPeriod: (period: FriendBoardPeriod) => void;
  /** Null while it loads. */
  readonly entries: readonly FriendBoardEntry[] | null;
  readonly onLike: (entry: FriendBoardEntry) => void;
  /** The person whose like is on its way. */
  readonly liking?: string | undefined;
}

function BoardRow({
  entry,
  onLike,
  liking,
}: { readonly entry: FriendBoardEntry } & Pick<FriendBoardProps, 'onLike' | 'liking'>) {
  const { t } = useI18n();
  return (
    <li className={entry.me ? 'list__item friend-board__row friend-board__row--me' : 'list__item friend-board__row'}>
      <span className="friend-board__rank" aria-label={t('friends.rank', { rank: entry.rank })}>
        {entry.rank}
      </span>
      <Avatar url={entry.avatarUrl} size={32} />
      <span className="friend-board__who">
        <span className="friend-board__name">{entry.me ? t('friends.me', { name: entry.name }) : entry.name}</span>
        {entry.pendingSteps > 0 ? (
          <span className="friend-board__pending">
            {t('friends.pending', { steps: formatNumber(entry.pendingSteps) })}
          </span>
        ) : null}
      </span>
      <span className="friend-board__steps" data-testid="friend-board-steps">
        {formatNumber(entry.steps)}
      </span>
      {entry.me ? (
        <span className="friend-board__likes" aria-label={t('friends.likesOfMine', { count: entry.likes })}>
          ♥ {formatNumber(entry.likes)}
        </span>
      ) : (
        <button
          type="button"
          className="friend-board__like"
          aria-pressed={entry.likedByMe}
          aria-label={t(entry.likedByMe ? 'friends.liked' : 'friends.like', { name: entry.name })}
          disabled={entry.likedByMe || liking === entry.id}
          onClick={() => onLike(entry)}
        >
          ♥ {formatNumber(entry.likes)}
        </button>
      )}
    </li>
  );
}

/** Today's or this week's credited steps of me and my friends who share theirs, ranked, with likes. */
export function FriendBoard({ period, onPeriod, entries, onLike, liking }: FriendBoardProps) {
  const { t } = useI18n();
  return (
    <section className="friend-board" aria-labelledby="friend-board-title">
      <h2 id="friend-board-title" className="friends__heading">
        {t('friends.board')}
      </h2>
      <Segmented
        role="tab"
        label={t('friends.board')}
        options={FRIEND_BOARD_PERIODS}
        value={period}
        onChange={onPeriod}
        optionLabel={(option) => t(option === 'today' ? 'friends.today' : 'friends.week')}
      />
      {entries === null ? (
        <StatusTip status="loading" />
      ) : (
        <ol className="list friend-board__list">
          {entries.map((entry) => (
            <BoardRow key={entry.id} entry={entry} onLike={onLike} liking={liking} />
          ))}
        </ol>
      )}
      {entries !== null && entries.length <= 1 ? <p className="hint friends__hint">{t('friends.boardAlone')}</p> : null}
    </section>
  );
}
