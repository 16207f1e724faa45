import {
  CLUB_BOARD_SHOWN,
  type Language,
  CLUBS_JOINED_MAX,
  CLUBS_OWNED_MAX,
  type Club,
  type FriendBoardPeriod,
  type ResponseOf,
  type getClub,
  type getClubBoard,
} from '@stride/contract';
import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/database.js';
import type { Executor } from '../../db/executor.js';
import { lockUserRow } from '../../db/locks.js';
import { pageResult, pageWindow } from '../../db/retry.js';
import { AppError, notFound } from '../../http/errors.js';
import { isoTime, type Clock } from '../../lib/clock.js';
import type { ModerationTarget } from '../../lib/moderation.js';
import type { PersonalDataSection } from '../../lib/personal-data.js';
import { randomInviteCode } from '../../lib/secrets.js';
import { personOf, type FriendsService } from '../friends/friends.service.js';
import { clubNameTarget, shownClubName } from './clubs.moderation.js';
import type { ClubRow, ClubsRepository } from './clubs.repository.js';
import type { ClubsSettings } from './clubs.settings.js';

const CLUBS_PAGE = '/pages-sub/clubs/index';

/**
 * Clubs (docs/product/clubs.md): an owner, members who join by code, a board of those who share their steps. A
 * membership is the key of `club_members`; joins and leaves count on the club row, whose lock keeps the limit exact;
 * a user's own limits are counted under their user row's lock.
 */
export class ClubsService {
  constructor(
    private readonly db: Db,
    private readonly repository: ClubsRepository,
    private readonly friends: FriendsService,
    private readonly clock: Clock,
    private readonly config: ClubsSettings,
    private readonly codes: () => string = randomInviteCode,
  ) {}

  async list(userId: string, origin: string, language: Language = 'en'): Promise<{ clubs: Club[] }> {
    const rows = await this.repository.ofMember(this.db, userId);
    const clubs = await Promise.all(rows.map((row) => this.toClub(this.db, row, userId, origin, language)));
    return { clubs: clubs.sort((a, b) => Number(b.isOwner) - Number(a.isOwner)) };
  }

  create(userId: string, name: string, origin: string, language: Language = 'en'): Promise<Club> {
    return this.db.transaction().execute(async (trx) => {
      await lockUserRow(trx, userId);
      if ((await this.repository.countOwned(trx, userId)) >= CLUBS_OWNED_MAX) {
        throw new AppError('BUSINESS_RULE', 'clubsOwnedMax', { max: CLUBS_OWNED_MAX });
      }
      await this.checkRoomFor(trx, userId);
      const now = this.clock.now();
      const id = randomUUID();
      await this.repository.insert(trx, {
        id,
        name,
        code: this.codes(),
        owner_id: userId,
        member_count: 1,
        created_at: now,
      });
      await this.repository.addMember(trx, { club_id: id, user_id: userId, joined_at: now, removed_at: null });
      return this.toClub(trx, await this.openOrMissing(trx, id), userId, origin, language);
    });
  }

  join(userId: string, code: string, origin: string, language: Language = 'en'): Promise<Club> {
    return this.db.transaction().execute(async (trx) => {
      const found = await this.repository.openByCode(trx, code.toUpperCase());
      if (!found) throw new AppError('NOT_FOUND', 'clubNotFound');
      const row = await this.repository.row(trx, found.id, userId);
      if (row?.removed_at != null) throw new AppError('BUSINESS_RULE', 'clubRemoved');
      if (row) return this.toClub(trx, found, userId, origin, language);
      await lockUserRow(trx, userId);
      await this.checkRoomFor(trx, userId);
      const joining = { club_id: found.id, user_id: userId, joined_at: this.clock.now(), removed_at: null };
      if (!(await this.repository.addMember(trx, joining))) {
        return this.toClub(trx, found, userId, origin, language);
      }
      if (!(await this.repository.count(trx, found.id, 1, this.config.clubMembersMax))) {
        throw new AppError('BUSINESS_RULE', 'clubFull', { max: this.config.clubMembersMax });
      }
      return this.toClub(trx, await this.openOrMissing(trx, found.id), userId, origin, language);
    });
  }

  async get(
    userId: string,
    clubId: string,
    page: { page: number; pageSize: number },
    origin: string,
    language: Language = 'en',
  ): Promise<ResponseOf<typeof getClub>> {
    const club = await this.memberOf(this.db, clubId, userId);
    const { rows, total } = await this.repository.page(this.db, club, pageWindow(page));
    const people = new Map(
      (await this.friends.people(rows.map((row) => row.user_id))).map((person) => [person.id, person]),
    );
    const items = rows.flatMap((row) => {
      const person = people.get(row.user_id);
      const joinedAt = isoTime(row.joined_at);
      return person ? [{ ...person, joinedAt, owner: row.user_id === club.owner_id, me: row.user_id === userId }] : [];
    });
    return {
      club: await this.toClub(this.db, club, userId, origin, language),
      members: pageResult(items, page, total),
    };
  }

  /**
   * The club's board: the first places and mine, of the members who share their steps (the friends' board's rules),
   * ranked in the database from the club's members by the primary keys of their days, however large the club.
   */
  async board(userId: string, clubId: string, period: FriendBoardPeriod): Promise<ResponseOf<typeof getClubBoard>> {
    await this.memberOf(this.db, clubId, userId);
    const head = await this.friends.boardHead(userId, period);
    if (!head.sharing) return { ...head, ranked: 0, entries: [] };
    const rows = await this.repository.board(this.db, clubId, head, userId, CLUB_BOARD_SHOWN);
    return {
      ...head,
      ranked: rows[0]?.ranked ?? 0,
      entries: rows.map((row) => ({
        ...personOf(row, row.id === userId),
        rank: row.rank,
        steps: row.steps,
        pendingSteps: row.pendingSteps,
        me: row.id === userId,
      })),
    };
  }

  /** Leaving; the owner hands over first unless alone, when the club closes. */
  leave(userId: string, clubId: string): Promise<{ done: true }> {
    return this.db.transaction().execute(async (trx) => {
      const club = await this.memberOf(trx, clubId, userId);
      if (!(await this.repository.count(trx, clubId, -1, this.config.clubMembersMax))) throw notFound();
      const current = await this.openOrMissing(trx, clubId);
      if (club.owner_id === userId) {
        if (current.member_count > 0) throw new AppError('BUSINESS_RULE', 'clubHandOverFirst');
        await this.repository.close(trx, clubId, this.clock.now(), 'empty');
      }
      await this.repository.removeMember(trx, clubId, userId);
      return { done: true as const };
    });
  }

  /** The owner removes a member, who cannot join again by the code. */
  remove(userId: string, clubId: string, memberId: string): Promise<{ done: true }> {
    return this.db.transaction().execute(async (trx) => {
      const club = await this.ownedBy(trx, clubId, userId);
      if (memberId === club.owner_id || !(await this.repository.expel(trx, clubId, memberId, this.clock.now()))) {
        throw notFound();
      }
      await this.repository.count(trx, clubId, -1, this.config.clubMembersMax);
      return { done: true as const };
    });
  }

  handOver(userId: string, clubId: string, memberId: string, origin: string, language: Language = 'en'): Promise<Club> {
    return this.db.transaction().execute(async (trx) => {
      await this.ownedBy(trx, clubId, userId);
      if (memberId === userId || !(await this.isMember(trx, clubId, memberId))) throw notFound();
      if (!(await this.repository.setOwner(trx, clubId, userId, memberId))) throw notFound();
      return this.toClub(trx, await this.openOrMissing(trx, clubId), userId, origin, language);
    });
  }

  personalData(): PersonalDataSection {
    return {
      name: 'clubs',
      exportFor: async (userId) => {
        const [memberships, owned] = await Promise.all([
          this.repository.membershipsOf(this.db, userId),
          this.repository.owned(this.db, userId),
        ]);
        const mine = new Set(owned.map((club) => club.id));
        return memberships.map((row) => ({
          club: row.name,
          joinedAt: isoTime(row.joined_at),
          owner: mine.has(row.club_id),
        }));
      },
      // A club the user owns passes to the member who joined first after them, or closes when they were alone.
      erase: async (trx, { userId, now }) => {
        for (const club of await this.repository.owned(trx, userId)) {
          const next = await this.repository.firstOtherMember(trx, club.id, userId);
          if (next) await this.repository.setOwner(trx, club.id, userId, next.user_id);
          else await this.repository.close(trx, club.id, now, 'empty');
        }
        for (const row of await this.repository.membershipsOf(trx, userId)) {
          if (await this.repository.removeMember(trx, row.club_id, userId)) {
            await this.repository.count(trx, row.club_id, -1, this.config.clubMembersMax);
          }
        }
        await this.repository.eraseRemovals(trx, userId);
      },
    };
  }

  /** The open clubs the user belongs to, as other modules see them (challenges: membership and ownership). */
  clubsOf(userId: string, db: Executor = this.db): Promise<ClubRow[]> {
    return this.repository.ofMember(db, userId);
  }

  /** Clubs by id, open or closed (a challenge shows the clubs in it). */
  clubsByIds(ids: readonly string[], db: Executor = this.db): Promise<ClubRow[]> {
    return this.repository.findMany(db, ids);
  }

  /** Whether the two users are members of one open club (moderation: who may report a member's nickname). */
  sharesClub(userId: string, otherId: string, db: Executor = this.db): Promise<boolean> {
    return userId === otherId ? Promise.resolve(false) : this.repository.shareOpenClub(db, userId, otherId);
  }

  /** A club's name as content its members may report (docs/product/moderation.md). */
  moderationTarget(): ModerationTarget {
    return clubNameTarget(this.repository);
  }

  private async toClub(db: Executor, row: ClubRow, userId: string, origin: string, language: Language): Promise<Club> {
    const [owner] = await this.friends.people([row.owner_id], db);
    return {
      id: row.id,
      name: shownClubName(row, language),
      verified: row.verified_at !== null,
      members: row.member_count,
      owner: owner ?? { id: row.owner_id, name: '', avatarUrl: null },
      isOwner: row.owner_id === userId,
      code: row.code,
      link: `${origin}/#${CLUBS_PAGE}?code=${encodeURIComponent(row.code)}`,
    };
  }

  private async checkRoomFor(trx: Executor, userId: string): Promise<void> {
    if ((await this.repository.ofMember(trx, userId)).length >= CLUBS_JOINED_MAX) {
      throw new AppError('BUSINESS_RULE', 'clubsJoinedMax', { max: CLUBS_JOINED_MAX });
    }
  }

  private async openOrMissing(db: Executor, clubId: string): Promise<ClubRow> {
    const club = await this.repository.open(db, clubId);
    if (!club) throw notFound();
    return club;
  }

  /** An open club the user belongs to; anyone else's answers like a missing one. */
  private async memberOf(db: Executor, clubId: string, userId: string): Promise<ClubRow> {
    const club = await this.openOrMissing(db, clubId);
    if (!(await this.isMember(db, clubId, userId))) throw notFound();
    return club;
  }

  private async isMember(db: Executor, clubId: string, userId: string): Promise<boolean> {
    const row = await this.repository.row(db, clubId, userId);
    return row !== undefined && row.removed_at === null;
  }

  /** An open club the user owns, its row locked until the transaction ends. */
  private async ownedBy(trx: Executor, clubId: string, userId: string): Promise<ClubRow> {
    const club = await this.openOrMissing(trx, clubId);
    if (club.owner_id !== userId || !(await this.repository.setOwner(trx, clubId, userId, userId))) throw notFound();
    return club;
  }
}
