import type { FriendBoardEntry, FriendBoardPeriod } from '@stride/contract';
import { FRIEND_BOARD_PERIODS } from '@stride/contract';
import { Avatar } from '../../../components/avatar';
import { Segmented } from '../../../components/segmented';
import { StatusTip } from '../../../components/status-tip';
import { formatNumber } from '../../../lib/format';
import { useI18n } from '../../../lib/i18n';
import { reportTargetsOf } from './report-sheet';

/** A place on a board: a friends' board has likes, a club's none. */
export type BoardEntry = Omit<FriendBoardEntry, 'likes' | 'likedByMe'> &
  Partial<Pick<FriendBoardEntry, 'likes' | 'likedByMe'>>;

export interface FriendBoardProps {
  readonly period: FriendBoardPeriod;
  readonly onPeriod: (period: FriendBoardPeriod) => void;
  /** Null while it loads. */
  readonly entries: readonly BoardEntry[] | null;
  /** Likes, on a friends' board; a club's board has none. */
  readonly onLike?: ((entry: BoardEntry) => void) | undefined;
  /** The heading: the friends' board by default. */
  readonly title?: string | undefined;
  /** How many are on the board when it shows only its first places. */
  readonly ranked?: number | undefined;
  /** The person whose like is on its way. */
  readonly liking?: string | undefined;
  /** Opens the report sheet for someone else's name or picture (docs/product/moderation.md). */
  readonly onReport?: ((entry: BoardEntry) => void) | undefined;
}

function BoardRow({
  entry,
  onLike,
  liking,
  onReport,
}: { readonly entry: BoardEntry } & Pick<FriendBoardProps, 'onLike' | 'liking' | 'onReport'>) {
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
      {!onLike || entry.likes === undefined ? null : entry.me ? (
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
      {onReport && !entry.me && reportTargetsOf(entry).length > 0 ? (
        <button type="button" className="link" onClick={() => onReport(entry)}>
          {t('report.action')}
        </button>
      ) : null}
    </li>
  );
}

/**
 * Today's or this week's credited steps of me and my friends (or my club's members) who share theirs, ranked, with
 * likes on a friends' board.
 */
export function FriendBoard({ period, onPeriod, entries, onLike, liking, title, ranked, onReport }: FriendBoardProps) {
  const { t } = useI18n();
  const heading = title ?? t('friends.board');
  return (
    <section className="friend-board" aria-labelledby="friend-board-title">
      <h2 id="friend-board-title" className="friends__heading">
        {heading}
      </h2>
      <Segmented
        role="tab"
        label={heading}
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
            <BoardRow key={entry.id} entry={entry} onLike={onLike} liking={liking} onReport={onReport} />
          ))}
        </ol>
      )}
      {entries !== null && entries.length <= 1 ? <p className="hint friends__hint">{t('friends.boardAlone')}</p> : null}
      {entries !== null && ranked !== undefined && ranked > entries.length ? (
        <p className="hint friends__hint">{t('clubs.boardShown', { shown: entries.length, ranked })}</p>
      ) : null}
    </section>
  );
}
