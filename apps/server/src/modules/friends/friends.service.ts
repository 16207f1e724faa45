import {
  FRIEND_REQUESTS_PENDING_MAX,
  FRIENDS_MAX,
  type BodyOf,
  type FriendBoardEntry,
  type FriendBoardPeriod,
  type FriendPerson,
  type FriendSettings,
  type ResponseOf,
  type getFriendBoard,
  type getFriends,
  type likeFriend,
  type requestFriend,
} from '@stride/contract';
import type { Db } from '../../db/database.js';
import type { Executor } from '../../db/executor.js';
import { lockUserRow } from '../../db/locks.js';
import { AppError, notFound } from '../../http/errors.js';
import type { AuthUser, BinaryAnswer } from '../../http/endpoints.js';
import { mondayOf, type BusinessCalendar } from '../../lib/business-day.js';
import { isoTime, type Clock } from '../../lib/clock.js';
import type { PersonalDataSection } from '../../lib/personal-data.js';
import { qrDataUrl } from '../../lib/qr.js';
import { maskMobile } from '../../lib/secrets.js';
import type { FilesService } from '../files/files.service.js';
import { NOTIFICATION_PAGES, type NotificationsService } from '../notifications/notifications.service.js';
import type { RateLimitService } from '../rate-limit/rate-limit.service.js';
import type { FriendPairRow, FriendsRepository, PairKey, PersonRow } from './friends.repository.js';

type FriendList = ResponseOf<typeof getFriends>;
type FriendRequestBody = BodyOf<typeof requestFriend>;
type Side = 'low' | 'high';
/** What every board answers besides its entries. */
export type BoardHead = { period: FriendBoardPeriod; from: string; to: string; sharing: boolean };

/** An invite code (8 characters) made of digits only, which the app sends as a mobile number. */
const DIGITS_CODE = /^[2-9]{8}$/;

/** Looking people up by number: at most this many tries an hour, so numbers cannot be walked through. */
export const MOBILE_LOOKUPS_PER_HOUR = 20;
const HOUR_MS = 60 * 60 * 1000;

const FRIENDS_PAGE = NOTIFICATION_PAGES.friends;

const DEFAULT_SETTINGS: FriendSettings = { findableByMobile: false, shareSteps: false, showAvatar: false };

/** The pair of two users, and which side of it `me` is. */
export function pairKey(me: string, other: string): PairKey & { side: Side; otherSide: Side } {
  return me < other
    ? { low: me, high: other, side: 'low', otherSide: 'high' }
    : { low: other, high: me, side: 'high', otherSide: 'low' };
}

const blockedAt = (row: FriendPairRow, side: Side) => (side === 'low' ? row.low_blocked_at : row.high_blocked_at);
const otherOf = (row: FriendPairRow, me: string) => (row.user_low === me ? row.user_high : row.user_low);

/** The path a friend's avatar loads from (with the bearer token). */
export const friendAvatarUrl = (userId: string) => `/api/friends/${encodeURIComponent(userId)}/avatar`;

/**
 * How another user shows: their nickname, else their number masked (first 3 and last 4 digits); their avatar only to
 * friends (`isFriend`, or themselves) and only where they show it.
 */
export function personOf(row: PersonRow, isFriend = false): FriendPerson {
  const avatar = isFriend && row.show_avatar === 1 && row.avatar_file_id !== null;
  return {
    id: row.id,
    name: row.nickname ?? maskMobile(row.account),
    avatarUrl: avatar ? friendAvatarUrl(row.id) : null,
  };
}

/**
 * Friends (docs/product/friends.md; decision 094 "Friends: one row per pair"). Every change between
 * two users is a compare-and-set on their one pair row, made under both users' row locks taken in id
 * order: one friendship or request per pair whatever runs at once, and the limits on friends and
 * waiting requests are exact. Someone blocked, not findable or missing answers alike.
 */
export class FriendsService {
  constructor(
    private readonly db: Db,
    private readonly repository: FriendsRepository,
    private readonly limits: RateLimitService,
    private readonly notifications: NotificationsService,
    private readonly files: FilesService,
    private readonly clock: Clock,
    private readonly calendar: BusinessCalendar,
  ) {}

  async settings(userId: string, db: Executor = this.db): Promise<FriendSettings> {
    const row = await this.repository.settings(db, userId);
    return row
      ? {
          findableByMobile: row.findable_by_mobile === 1,
          shareSteps: row.share_steps === 1,
          showAvatar: row.show_avatar === 1,
        }
      : DEFAULT_SETTINGS;
  }

  async saveSettings(userId: string, settings: FriendSettings): Promise<FriendSettings> {
    await this.repository.saveSettings(this.db, {
      user_id: userId,
      findable_by_mobile: settings.findableByMobile ? 1 : 0,
      share_steps: settings.shareSteps ? 1 : 0,
      show_avatar: settings.showAvatar ? 1 : 0,
      updated_at: this.clock.now(),
    });
    return this.settings(userId);
  }

  /** `origin`: where users reach this server, for the link and its QR code. */
  async list(user: AuthUser, origin: string): Promise<FriendList> {
    const link = `${origin}/#${FRIENDS_PAGE}?code=${encodeURIComponent(user.inviteCode)}`;
    const [settings, pairs, inviter, qrImage] = await Promise.all([
      this.settings(user.id),
      this.repository.pairsOf(this.db, user.id),
      this.repository.inviterOf(this.db, user.id),
      qrDataUrl(link),
    ]);
    const people = new Map(
      (await this.repository.people(this.db, [...new Set(pairs.map((row) => otherOf(row, user.id)))])).map((row) => [
        row.id,
        row,
      ]),
    );
    const friends: FriendList['friends'] = [];
    const incoming: FriendList['incoming'] = [];
    const outgoing: FriendList['outgoing'] = [];
    const blocked: FriendList['blocked'] = [];
    for (const row of pairs) {
      const other = otherOf(row, user.id);
      const found = people.get(other);
      if (!found) continue;
      const person = personOf(found, row.status === 'friends');
      const { side } = pairKey(user.id, other);
      if (blockedAt(row, side) !== null) blocked.push(person);
      if (row.status === 'friends') {
        friends.push({ ...person, since: isoTime(row.friends_since ?? row.updated_at), today: null });
      } else if (row.status === 'requested') {
        const request = { ...person, sentAt: isoTime(row.requested_at ?? row.updated_at) };
        (row.requester_id === user.id ? outgoing : incoming).push(request);
      }
    }
    if (settings.shareSteps) await this.addTodaysSteps(friends);
    const byName = (a: FriendPerson, b: FriendPerson) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id);
    const newest = (a: { sentAt: string }, b: { sentAt: string }) => b.sentAt.localeCompare(a.sentAt);
    const known = inviter && pairs.some((row) => otherOf(row, user.id) === inviter.id && row.status !== 'none');
    const blockedEither = inviter && pairs.some((row) => otherOf(row, user.id) === inviter.id && isBlocked(row));
    return {
      settings,
      code: user.inviteCode,
      link,
      qrImage,
      friends: friends.sort((a, b) => (b.today?.steps ?? -1) - (a.today?.steps ?? -1) || byName(a, b)),
      incoming: incoming.sort(newest),
      outgoing: outgoing.sort(newest),
      blocked: blocked.sort(byName),
      inviter: inviter && !known && !blockedEither ? personOf(inviter) : null,
    };
  }

  /**
   * Today's credited steps of the friends who share them, seen only by someone who shares their own; a held day
   * shows as pending, a rejected one as none.
   */
  private async addTodaysSteps(friends: FriendList['friends']): Promise<void> {
    const ids = friends.map((friend) => friend.id);
    const today = this.today();
    const [sharing, totals] = await Promise.all([
      this.repository.sharing(this.db, ids),
      this.repository.totals(this.db, ids, today, today),
    ]);
    for (const friend of friends) {
      if (!sharing.has(friend.id)) continue;
      const total = totals.get(friend.id) ?? { steps: 0, pendingSteps: 0 };
      friend.today =
        total.pendingSteps > 0 ? { steps: total.pendingSteps, pending: true } : { steps: total.steps, pending: false };
    }
  }

  /**
   * The board of me and my friends who share their steps (docs/product/friends.md, Boards): credited steps rank,
   * people with the same count share a place, and days a review holds are shown apart until cleared.
   */
  board(userId: string, period: FriendBoardPeriod): Promise<ResponseOf<typeof getFriendBoard>> {
    return this.repository.friendIds(this.db, userId).then((ids) => this.rank(userId, ids, period, { friends: true }));
  }

  /**
   * The board of me and those of `others` who share their steps, for the period: nothing while I
   * do not share mine. `friends`: they are my friends, so today's likes and their avatars are on it.
   */
  async rank(
    userId: string,
    others: readonly string[],
    period: FriendBoardPeriod,
    { friends }: { friends: boolean },
  ): Promise<BoardHead & { entries: FriendBoardEntry[] }> {
    const head = await this.boardHead(userId, period);
    if (!head.sharing) return { ...head, entries: [] };
    const { from, to } = head;
    // Everyone asked about, in one read; then only those who share, and me.
    const everyone = await this.repository.people(this.db, [userId, ...others.filter((id) => id !== userId)]);
    const people = everyone.filter((row) => row.id === userId || row.share_steps === 1);
    const ids = people.map((row) => row.id);
    const [totals, likes, liked] = await Promise.all([
      this.repository.totals(this.db, ids, from, to),
      friends ? this.repository.likesReceived(this.db, ids, to) : new Map<string, number>(),
      friends ? this.repository.likedBy(this.db, userId, to) : new Set<string>(),
    ]);
    const unranked = people.map((row) => {
      const total = totals.get(row.id) ?? { steps: 0, pendingSteps: 0 };
      return {
        ...personOf(row, friends || row.id === userId),
        ...total,
        likes: likes.get(row.id) ?? 0,
        likedByMe: liked.has(row.id),
        me: row.id === userId,
      };
    });
    // Code-point order for ties: the same on every server, and cheap for thousands of people.
    unranked.sort((a, b) => b.steps - a.steps || compare(a.name, b.name) || compare(a.id, b.id));
    const entries: FriendBoardEntry[] = [];
    for (const [index, entry] of unranked.entries()) {
      const previous = entries[index - 1];
      entries.push({ ...entry, rank: previous && previous.steps === entry.steps ? previous.rank : index + 1 });
    }
    return { ...head, entries };
  }

  /** A board's days (today, or Monday to today) and whether I see one at all: only while I share my steps. */
  async boardHead(userId: string, period: FriendBoardPeriod): Promise<BoardHead> {
    const to = this.today();
    const from = period === 'week' ? mondayOf(to) : to;
    return { period, from, to, sharing: (await this.settings(userId)).shareSteps };
  }

  /** One like per friend per day, of a friend on my board; the first one tells them (inbox and push). */
  async like(userId: string, friendId: string): Promise<ResponseOf<typeof likeFriend>> {
    if (friendId === userId) throw notFound();
    const key = pairKey(userId, friendId);
    const day = this.today();
    const likes = await this.db.transaction().execute(async (trx) => {
      const [row, mine, theirs] = await Promise.all([
        this.repository.pair(trx, key),
        this.settings(userId, trx),
        this.settings(friendId, trx),
      ]);
      if (row?.status !== 'friends' || !mine.shareSteps || !theirs.shareSteps) throw notFound();
      const now = this.clock.now();
      if (await this.repository.like(trx, { from_user_id: userId, user_id: friendId, day, created_at: now })) {
        await this.tell(trx, friendId, userId, 'friend.liked', `friend.liked:${userId}:${day}`, { day });
      }
      return (await this.repository.likesReceived(trx, [friendId], day)).get(friendId) ?? 0;
    });
    this.notifications.nudge();
    return { likes, likedByMe: true };
  }

  /** Sends a request, or makes friends at once when they asked me first or I join my inviter. */
  async request(userId: string, body: FriendRequestBody): Promise<ResponseOf<typeof requestFriend>> {
    const target = await this.findTarget(userId, body);
    if (!target) throw new AppError('NOT_FOUND', 'friendNotFound');
    if (target.id === userId) throw new AppError('BUSINESS_RULE', 'friendSelf');
    const person = personOf(target);
    const key = pairKey(userId, target.id);
    const now = this.clock.now();
    const answer = await this.db.transaction().execute(async (trx): Promise<ResponseOf<typeof requestFriend>> => {
      await this.lockPair(trx, key);
      await this.repository.ensurePair(trx, key, now);
      const row = await this.repository.pair(trx, key);
      if (!row || isBlocked(row)) throw new AppError('NOT_FOUND', 'friendNotFound');
      if (row.status === 'friends') return { status: 'friends', person };
      const askedByThem = row.status === 'requested' && row.requester_id === target.id;
      if (askedByThem || body.by === 'inviter') {
        // They asked me first, or I joined through their invite (their standing invitation): friends now.
        await this.checkFriendsRoom(trx, key);
        await this.repository.transition(
          trx,
          key,
          { status: row.status === 'requested' ? 'requested' : 'none', unblocked: true },
          { status: 'friends', requester_id: null, friends_since: now, updated_at: now },
        );
        await this.tell(trx, target.id, userId, 'friend.accepted', `friend.accepted:${key.low}:${key.high}:${now}`);
        return { status: 'friends', person };
      }
      if (row.status === 'requested') return { status: 'requested', person };
      if ((await this.repository.count(trx, userId, 'requested', userId)) >= FRIEND_REQUESTS_PENDING_MAX) {
        throw new AppError('BUSINESS_RULE', 'friendRequestsMax', { max: FRIEND_REQUESTS_PENDING_MAX });
      }
      await this.repository.transition(
        trx,
        key,
        { status: 'none', unblocked: true },
        { status: 'requested', requester_id: userId, requested_at: now, updated_at: now },
      );
      await this.tell(trx, target.id, userId, 'friend.requested', `friend.requested:${userId}:${target.id}:${now}`);
      return { status: 'requested', person };
    });
    this.notifications.nudge();
    return answer;
  }

  accept(userId: string, requesterId: string): Promise<{ done: true }> {
    return this.change(userId, requesterId, async (trx, key, now) => {
      const row = await this.repository.pair(trx, key);
      if (!row || row.status !== 'requested' || row.requester_id !== requesterId || isBlocked(row)) return false;
      await this.checkFriendsRoom(trx, key);
      const accepted = await this.repository.transition(
        trx,
        key,
        { status: 'requested', requester: requesterId, unblocked: true },
        { status: 'friends', requester_id: null, friends_since: now, updated_at: now },
      );
      if (accepted)
        await this.tell(trx, requesterId, userId, 'friend.accepted', `friend.accepted:${key.low}:${key.high}:${now}`);
      return accepted;
    });
  }

  decline(userId: string, requesterId: string): Promise<{ done: true }> {
    return this.endRequest(userId, requesterId, requesterId);
  }

  cancel(userId: string, recipientId: string): Promise<{ done: true }> {
    return this.endRequest(userId, recipientId, userId);
  }

  remove(userId: string, friendId: string): Promise<{ done: true }> {
    return this.change(userId, friendId, (trx, key, now) =>
      this.repository.transition(
        trx,
        key,
        { status: 'friends' },
        { status: 'none', friends_since: null, updated_at: now },
      ),
    );
  }

  /** Ends the friendship and any request, and keeps the pair at `none` until I unblock. */
  block(userId: string, otherId: string): Promise<{ done: true }> {
    return this.change(userId, otherId, async (trx, key, now) => {
      const row = await this.repository.pair(trx, key);
      if (!row) return false;
      return this.repository.transition(
        trx,
        key,
        {},
        {
          status: 'none',
          requester_id: null,
          requested_at: null,
          friends_since: null,
          [key.side === 'low' ? 'low_blocked_at' : 'high_blocked_at']: now,
          updated_at: now,
        },
      );
    });
  }

  unblock(userId: string, otherId: string): Promise<{ done: true }> {
    return this.change(userId, otherId, (trx, key, now) =>
      this.repository.transition(
        trx,
        key,
        { blockedBy: key.side },
        { [key.side === 'low' ? 'low_blocked_at' : 'high_blocked_at']: null, updated_at: now },
      ),
    );
  }

  /** How these users show to someone who is not (yet) their friend: name only (clubs, challenges). */
  async people(ids: readonly string[], db: Executor = this.db): Promise<FriendPerson[]> {
    return (await this.repository.people(db, ids)).map((row) => personOf(row));
  }

  /**
   * How these users show to `viewerId` on a board outside friends (a challenge's): by name where they share their steps
   * and neither blocks the other, else null ("A walker"); the viewer always sees themselves.
   */
  async boardPeople(viewerId: string, ids: readonly string[]): Promise<Map<string, FriendPerson | null>> {
    const [rows, blocked] = await Promise.all([this.repository.people(this.db, ids), this.blockedWith(viewerId)]);
    return new Map(
      rows.map((row) => [
        row.id,
        row.id === viewerId || (row.share_steps === 1 && !blocked.has(row.id))
          ? personOf(row, row.id === viewerId)
          : null,
      ]),
    );
  }

  /** The users `userId` blocks or is blocked by. */
  async blockedWith(userId: string): Promise<Set<string>> {
    const pairs = await this.repository.pairsOf(this.db, userId);
    return new Set(pairs.filter(isBlocked).map((row) => otherOf(row, userId)));
  }

  /**
   * Whether `viewerId` is a friend of `userId`, and sees their avatar (shown to friends, and set): what a friend may
   * report of them (docs/product/moderation.md).
   */
  async friendSees(
    viewerId: string,
    userId: string,
    db: Executor = this.db,
  ): Promise<{ friend: boolean; avatar: boolean }> {
    if (viewerId === userId) return { friend: false, avatar: false };
    const [pair, [person]] = await Promise.all([
      this.repository.pair(db, pairKey(viewerId, userId)),
      this.repository.people(db, [userId]),
    ]);
    const friend = pair?.status === 'friends' && person !== undefined;
    return { friend, avatar: friend && person.show_avatar === 1 && person.avatar_file_id !== null };
  }

  /** A friend's avatar where they show it to friends, or my own; anyone else answers like a missing file. */
  async avatar(userId: string, ownerId: string): Promise<BinaryAnswer> {
    const [owner] = await this.repository.people(this.db, [ownerId]);
    if (!owner?.avatar_file_id) throw notFound();
    if (ownerId !== userId) {
      const pair = await this.repository.pair(this.db, pairKey(userId, ownerId));
      if (pair?.status !== 'friends' || owner.show_avatar !== 1) throw notFound();
    }
    return this.files.read(ownerId, owner.avatar_file_id);
  }

  personalData(): PersonalDataSection {
    return {
      name: 'friends',
      exportFor: async (userId) => {
        const [settings, pairs, likes] = await Promise.all([
          this.settings(userId),
          this.repository.pairsOf(this.db, userId),
          this.repository.likesOf(this.db, userId),
        ]);
        const others = [
          ...pairs.map((row) => otherOf(row, userId)),
          ...likes.map((like) => (like.from_user_id === userId ? like.user_id : like.from_user_id)),
        ];
        const names = new Map(
          (await this.repository.people(this.db, [...new Set(others)])).map((row) => [row.id, personOf(row).name]),
        );
        const at = (ms: number | null) => (ms === null ? null : isoTime(ms));
        return {
          settings,
          pairs: pairs.map((row) => {
            const { side, otherSide } = pairKey(userId, otherOf(row, userId));
            return {
              with: names.get(otherOf(row, userId)) ?? null,
              status: row.status,
              askedBy: row.requester_id === null ? null : row.requester_id === userId ? 'me' : 'them',
              requestedAt: at(row.requested_at),
              friendsSince: at(row.friends_since),
              iBlockedAt: at(blockedAt(row, side)),
              theyBlockedMe: blockedAt(row, otherSide) !== null,
            };
          }),
          likesGiven: likes
            .filter((like) => like.from_user_id === userId)
            .map((like) => ({ to: names.get(like.user_id) ?? null, day: like.day })),
          likesReceived: likes
            .filter((like) => like.user_id === userId)
            .map((like) => ({ from: names.get(like.from_user_id) ?? null, day: like.day })),
        };
      },
      erase: (trx, { userId }) => this.repository.erase(trx, userId),
    };
  }

  private today(): string {
    return this.calendar.dayOf(this.clock.now());
  }

  /** Tells `userId` what `aboutId` did, in the inbox and by push (within their push settings), once per `dedupeKey`. */
  private async tell(
    trx: Executor,
    userId: string,
    aboutId: string,
    kind: 'friend.requested' | 'friend.accepted' | 'friend.liked',
    dedupeKey: string,
    extra: { day?: string } = {},
  ): Promise<void> {
    const [about] = await this.repository.people(trx, [aboutId]);
    if (!about) return;
    const { name } = personOf(about);
    const link = { path: FRIENDS_PAGE };
    if (kind === 'friend.liked') {
      await this.notifications.record(trx, {
        userId,
        kind,
        params: { name, day: extra.day ?? this.today() },
        dedupeKey,
        link,
      });
    } else {
      await this.notifications.record(trx, { userId, kind, params: { name }, dedupeKey, link });
    }
  }

  private async findTarget(userId: string, body: FriendRequestBody): Promise<PersonRow | undefined> {
    if (body.by === 'code') return this.repository.byCode(this.db, body.code.toUpperCase());
    if (body.by === 'inviter') return this.repository.inviterOf(this.db, userId);
    if (!(await this.limits.allow(`friends.mobile:${userId}`, HOUR_MS, MOBILE_LOOKUPS_PER_HOUR))) {
      throw new AppError('RATE_LIMITED', 'rateLimited', { minutes: this.limits.minutesLeft(HOUR_MS) });
    }
    const byNumber = await this.repository.byMobile(this.db, body.mobile);
    // A friend code may be all digits (its alphabet has 2 to 9), and then reads as a number: one that finds no one
    // may still be someone's code.
    return byNumber ?? (DIGITS_CODE.test(body.mobile) ? this.repository.byCode(this.db, body.mobile) : undefined);
  }

  /** Both users' rows, in id order (no two changes of one pair, nor of one user's counts, interleave). */
  private async lockPair(trx: Executor, key: PairKey): Promise<void> {
    await lockUserRow(trx, key.low);
    await lockUserRow(trx, key.high);
  }

  private async checkFriendsRoom(trx: Executor, key: PairKey): Promise<void> {
    for (const id of [key.low, key.high]) {
      if ((await this.repository.count(trx, id, 'friends')) >= FRIENDS_MAX) {
        throw new AppError('BUSINESS_RULE', 'friendsMax', { max: FRIENDS_MAX });
      }
    }
  }

  private endRequest(userId: string, otherId: string, requesterId: string): Promise<{ done: true }> {
    return this.change(userId, otherId, (trx, key, now) =>
      this.repository.transition(
        trx,
        key,
        { status: 'requested', requester: requesterId },
        { status: 'none', requester_id: null, requested_at: null, updated_at: now },
      ),
    );
  }

  /** One change of a pair under both locks; nothing to change answers like a missing user. */
  private async change(
    userId: string,
    otherId: string,
    apply: (trx: Executor, key: ReturnType<typeof pairKey>, now: number) => Promise<boolean>,
  ): Promise<{ done: true }> {
    if (otherId === userId) throw notFound();
    const key = pairKey(userId, otherId);
    const now = this.clock.now();
    const changed = await this.db.transaction().execute(async (trx) => {
      await this.lockPair(trx, key);
      return apply(trx, key, now);
    });
    if (!changed) throw notFound();
    return { done: true };
  }
}

export { mondayOf };
export type { PersonRow };

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function isBlocked(row: FriendPairRow): boolean {
  return row.low_blocked_at !== null || row.high_blocked_at !== null;
}
