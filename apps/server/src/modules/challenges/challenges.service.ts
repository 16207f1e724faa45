import {
  CHALLENGE_BOARD_SHOWN,
  CHALLENGE_START_AHEAD_DAYS_MAX,
  CHALLENGE_USER_DAYS_MAX,
  CHALLENGES_CREATED_OPEN_MAX,
  CHALLENGES_JOINED_MAX,
  type BodyOf,
  type Challenge,
  type ChallengeBoardEntry,
  type ChallengeRulesBody,
  type ChallengeTeamEntry,
  type FriendPerson,
  type ResponseOf,
  type createChallenge,
  type enterChallengeTeam,
  type getChallengeBoard,
  type joinChallenge,
  type Language,
  type listChallenges,
} from '@stride/contract';
import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/database.js';
import type { Executor } from '../../db/executor.js';
import { lockUserRow } from '../../db/locks.js';
import { AppError, notFound } from '../../http/errors.js';
import type { BusinessCalendar } from '../../lib/business-day.js';
import { isoTime, type Clock } from '../../lib/clock.js';
import type { ModerationTarget } from '../../lib/moderation.js';
import type { PersonalDataSection } from '../../lib/personal-data.js';
import { randomInviteCode } from '../../lib/secrets.js';
import { shownClubName } from '../clubs/clubs.moderation.js';
import type { ClubsService } from '../clubs/clubs.service.js';
import type { FriendsService } from '../friends/friends.service.js';
import type { ChallengeRow, ChallengesRepository, ParticipantRow, TeamRow } from './challenges.repository.js';
import { challengeTitleTarget, shownChallengeTitle } from './challenges.moderation.js';
import type { ChallengeSettlement } from './challenges.settlement.js';
import type { ChallengeTidings } from './challenges.tidings.js';
import { CHALLENGES_PAGE, daysLeftOf, foundChallenge, rulesOf, stateOf } from './challenges.views.js';

type ChallengeClub = { id: string; name: string; verified: boolean };
/** Who reads: the app's origin (for a challenge's link) and their language (for the names a reviewer hid). */
export interface Reader {
  origin: string;
  language: Language;
}
/** A club as the clubs module answers it. */
type ClubRow = Awaited<ReturnType<ClubsService['clubsOf']>>[number];

/** The period a challenge runs: whole service days, its first and last included. */
export function checkPeriod(
  period: { startsOn: string; endsOn: string; rules: ChallengeRulesBody },
  today: string,
  calendar: BusinessCalendar,
  limits: { maxDays: number; aheadDays: number | null },
): void {
  const days = calendar.daysBetween(period.startsOn, period.endsOn) + 1;
  const ahead = calendar.daysBetween(today, period.startsOn);
  if (ahead < 0 || (limits.aheadDays !== null && ahead > limits.aheadDays) || days < 1 || days > limits.maxDays) {
    throw limits.aheadDays === null
      ? new AppError('BUSINESS_RULE', 'challengePeriodOperator', { max: limits.maxDays })
      : new AppError('BUSINESS_RULE', 'challengePeriod', { max: limits.maxDays, ahead: limits.aheadDays });
  }
  if (period.rules.kind === 'daily-goal' && period.rules.daysNeeded > days) {
    throw new AppError('BUSINESS_RULE', 'challengeDaysNeeded', { days });
  }
}

/** The rule columns of a new challenge. */
export function ruleColumns(rules: ChallengeRulesBody) {
  return rules.kind === 'daily-goal'
    ? { kind: rules.kind, daily_steps: rules.dailySteps, days_needed: rules.daysNeeded, winners: null }
    : { kind: rules.kind, daily_steps: null, days_needed: null, winners: rules.winners ?? 1 };
}

/** Who may see a challenge, and the user's row in it. */
interface Seen {
  row: ChallengeRow;
  participant: ParticipantRow | undefined;
  clubs: ClubRow[];
}

/**
 * Challenges (docs/product/challenges.md): made by users for friends or a club, or by the operators for everyone;
 * joined once (the key of `challenge_participants`, counted on the challenge row under its lock; a user's own limits
 * counted under their user row's lock, as clubs do). The board reads the summary kept beside each participant
 * (decision 095 "Challenge summaries and prize pools"); my own progress is read live.
 */
export class ChallengesService {
  constructor(
    private readonly db: Db,
    private readonly repository: ChallengesRepository,
    private readonly friends: FriendsService,
    private readonly clubs: ClubsService,
    private readonly tidings: ChallengeTidings,
    private readonly settlement: ChallengeSettlement,
    private readonly clock: Clock,
    private readonly calendar: BusinessCalendar,
    private readonly codes: () => string = randomInviteCode,
  ) {}

  async list(userId: string, reader: Reader): Promise<ResponseOf<typeof listChallenges>> {
    const today = this.today();
    const clubs = await this.clubs.clubsOf(userId);
    const rows = await this.repository.mine(this.db, userId);
    const notEnded = rows.filter((row) => ['upcoming', 'running'].includes(stateOf(row, today)));
    const ended = rows.filter((row) => !notEnded.includes(row)).slice(0, 20);
    const joined = new Set(rows.map((row) => row.id));
    const open = (
      await this.repository.openTo(
        this.db,
        clubs.map((club) => club.id),
        today,
        50,
      )
    ).filter((row) => !joined.has(row.id));
    const view = (row: ChallengeRow) => this.view(this.db, userId, reader, row, clubs);
    return {
      mine: await Promise.all([...notEnded.reverse(), ...ended].map(view)),
      open: await Promise.all(open.map(view)),
    };
  }

  create(userId: string, body: BodyOf<typeof createChallenge>, reader: Reader): Promise<Challenge> {
    const today = this.today();
    checkPeriod(body, today, this.calendar, {
      maxDays: CHALLENGE_USER_DAYS_MAX,
      aheadDays: CHALLENGE_START_AHEAD_DAYS_MAX,
    });
    const forClub = body.scope === 'club' || body.rules.kind === 'team-total';
    if (forClub && body.scope !== 'club') throw new AppError('BUSINESS_RULE', 'challengeClubRequired');
    return this.db.transaction().execute(async (trx) => {
      await lockUserRow(trx, userId);
      const clubs = await this.clubs.clubsOf(userId, trx);
      const club = forClub ? clubs.find((row) => row.id === body.clubId && row.owner_id === userId) : undefined;
      if (forClub && !club) throw new AppError('BUSINESS_RULE', 'challengeClubRequired');
      if ((await this.repository.countMadeOpen(trx, userId, today)) >= CHALLENGES_CREATED_OPEN_MAX) {
        throw new AppError('BUSINESS_RULE', 'challengesMadeMax', { max: CHALLENGES_CREATED_OPEN_MAX });
      }
      await this.checkRoomFor(trx, userId, today);
      const now = this.clock.now();
      const id = randomUUID();
      const team = body.rules.kind === 'team-total' && club ? club.id : null;
      await this.repository.insert(trx, {
        id,
        scope: body.scope,
        ...ruleColumns(body.rules),
        title: body.title,
        creator_user_id: userId,
        club_id: club?.id ?? null,
        code: this.codes(),
        starts_on: body.startsOn,
        ends_on: body.endsOn,
        prize_points: 0,
        status: 'open',
        participant_count: 1,
        team_count: team ? 1 : 0,
        created_at: now,
      });
      const summary = await this.repository.summaryOf(trx, id, userId);
      await this.repository.join(trx, { challenge_id: id, user_id: userId, club_id: team, joined_at: now, ...summary });
      if (team) await this.repository.enter(trx, { challenge_id: id, club_id: team, entered_at: now });
      return this.view(trx, userId, reader, await this.found(trx, id), clubs);
    });
  }

  /** The challenge a code opens, upcoming or running, to read before joining. */
  async byCode(userId: string, code: string, reader: Reader): Promise<Challenge> {
    const row = await this.repository.byCode(this.db, code.toUpperCase());
    const today = this.today();
    if (!row || row.hidden_at !== null || !['upcoming', 'running'].includes(stateOf(row, today))) {
      throw notFound();
    }
    return this.view(this.db, userId, reader, row, await this.clubs.clubsOf(userId));
  }

  async get(userId: string, id: string, reader: Reader): Promise<Challenge> {
    const { row, clubs } = await this.seen(this.db, userId, id);
    return this.view(this.db, userId, reader, row, clubs);
  }

  join(userId: string, id: string, body: BodyOf<typeof joinChallenge>, reader: Reader): Promise<Challenge> {
    const today = this.today();
    return this.db.transaction().execute(async (trx) => {
      const row = await this.repository.find(trx, id);
      if (!row || row.hidden_at !== null) throw notFound();
      const clubs = await this.clubs.clubsOf(userId, trx);
      const mine = await this.repository.participant(trx, id, userId);
      if (mine && mine.left_at === null) return this.view(trx, userId, reader, row, clubs);
      const member = (clubId: string | null | undefined) => clubs.some((club) => club.id === clubId);
      if (row.kind !== 'team-total') {
        const allowed =
          row.scope === 'public' ||
          row.creator_user_id === userId ||
          (row.scope === 'friends' && body.code !== undefined && body.code.toUpperCase() === row.code) ||
          (row.scope === 'club' && member(row.club_id));
        if (!allowed) throw notFound();
      }
      let team: string | null = null;
      if (row.kind === 'team-total') {
        const entered = body.clubId ? await this.repository.team(trx, id, body.clubId) : undefined;
        if (!entered || !member(entered.club_id)) throw new AppError('BUSINESS_RULE', 'challengeTeamRequired');
        team = entered.club_id;
      }
      if (!['upcoming', 'running'].includes(stateOf(row, today))) throw ended();
      await lockUserRow(trx, userId);
      await this.checkRoomFor(trx, userId, today);
      const summary = await this.repository.summaryOf(trx, id, userId);
      const joining = { challenge_id: id, user_id: userId, club_id: team, joined_at: this.clock.now(), ...summary };
      if (!(await this.repository.join(trx, joining))) return this.view(trx, userId, reader, row, clubs);
      if (!(await this.repository.count(trx, id, 'participant_count', 1, today))) throw ended();
      return this.view(trx, userId, reader, await this.found(trx, id), clubs);
    });
  }

  /** A club's owner enters the club into a `team-total` challenge (with its code, unless it is a public one). */
  enterTeam(userId: string, id: string, body: BodyOf<typeof enterChallengeTeam>, reader: Reader) {
    const today = this.today();
    return this.db.transaction().execute(async (trx): Promise<ResponseOf<typeof enterChallengeTeam>> => {
      const row = await this.repository.find(trx, id);
      if (!row || row.hidden_at !== null || row.kind !== 'team-total') throw notFound();
      const clubs = await this.clubs.clubsOf(userId, trx);
      const club = clubs.find((candidate) => candidate.id === body.clubId && candidate.owner_id === userId);
      if (!club) throw notFound();
      if (await this.repository.team(trx, id, club.id)) return this.view(trx, userId, reader, row, clubs);
      const coded = body.code !== undefined && body.code.toUpperCase() === row.code;
      if (row.scope !== 'public' && !coded && row.creator_user_id !== userId) throw notFound();
      if (!['upcoming', 'running'].includes(stateOf(row, today))) throw ended();
      if (!(await this.repository.enter(trx, { challenge_id: id, club_id: club.id, entered_at: this.clock.now() }))) {
        return this.view(trx, userId, reader, row, clubs);
      }
      if (!(await this.repository.count(trx, id, 'team_count', 1, today))) throw ended();
      return this.view(trx, userId, reader, await this.found(trx, id), clubs);
    });
  }

  /** Leaving before the end: my steps and place come off it. */
  leave(userId: string, id: string): Promise<{ done: true }> {
    const today = this.today();
    return this.db.transaction().execute(async (trx) => {
      const row = await this.repository.find(trx, id);
      const mine = await this.repository.participant(trx, id, userId);
      if (!row || !mine || mine.left_at !== null) throw notFound();
      if (!['upcoming', 'running'].includes(stateOf(row, today))) throw ended();
      if (!(await this.repository.leave(trx, id, userId, this.clock.now()))) throw notFound();
      if (!(await this.repository.count(trx, id, 'participant_count', -1, today))) throw ended();
      return { done: true as const };
    });
  }

  /** Its creator calls it off before its first day; those who joined are told. */
  async cancel(userId: string, id: string): Promise<{ done: true }> {
    const today = this.today();
    const row = await this.repository.find(this.db, id);
    if (!row || row.creator_user_id !== userId) throw notFound();
    if (stateOf(row, today) !== 'upcoming') throw new AppError('BUSINESS_RULE', 'challengeStarted');
    const cancelled = await this.db.transaction().execute(async (trx) => {
      const changed = await this.repository.change(
        trx,
        id,
        { status: 'open', startsAfter: today },
        { status: 'cancelled', ended_reason: null },
      );
      if (!changed) throw new AppError('BUSINESS_RULE', 'challengeStarted');
      await this.settlement.returnPool(trx, row);
      return this.found(trx, id);
    });
    await this.tidings.cancelled(cancelled);
    return { done: true };
  }

  /** The board: its first places and mine, from the summaries; for `team-total`, the clubs. */
  async board(userId: string, id: string, language: Language): Promise<ResponseOf<typeof getChallengeBoard>> {
    const { row, participant } = await this.seen(this.db, userId, id);
    const top = await this.repository.top(this.db, id, CHALLENGE_BOARD_SHOWN);
    const mine = participant && participant.left_at === null ? participant : undefined;
    const rows = mine && !top.some((entry) => entry.user_id === userId) ? [...top, mine] : top;
    const teams = row.kind === 'team-total' ? await this.repository.teams(this.db, id) : [];
    const clubIds = [...new Set([...rows.flatMap((entry) => entry.club_id ?? []), ...teams.map((t) => t.club_id)])];
    const [people, clubs] = await Promise.all([
      this.friends.boardPeople(
        userId,
        rows.filter((entry) => entry.erased_at === null).map((entry) => entry.user_id),
      ),
      this.clubsById(this.db, clubIds, language),
    ]);
    const entries: ChallengeBoardEntry[] = [];
    for (const [index, entry] of rows.entries()) {
      const previous = entries[index - 1];
      const rank =
        index >= top.length
          ? await this.repository.placeOf(this.db, id, Number(entry.steps))
          : previous && previous.steps === Number(entry.steps)
            ? previous.rank
            : index + 1;
      entries.push({
        rank,
        person: entry.erased_at === null ? (people.get(entry.user_id) ?? null) : null,
        steps: Number(entry.steps),
        pendingSteps: Number(entry.pending_steps),
        goalDays: entry.goal_days,
        team: entry.club_id ? (clubs.get(entry.club_id) ?? null) : null,
        me: entry.user_id === userId,
        former: entry.erased_at !== null,
      });
    }
    const teamEntries: ChallengeTeamEntry[] = [];
    for (const [index, team] of teams.entries()) {
      const club = clubs.get(team.club_id);
      if (!club) continue;
      const previous = teamEntries.at(-1);
      teamEntries.push({
        rank: previous && previous.steps === Number(team.steps) ? previous.rank : index + 1,
        club,
        steps: Number(team.steps),
        pendingSteps: Number(team.pending_steps),
        participants: team.participants,
        mine: mine?.club_id === team.club_id,
      });
    }
    const refreshed = row.settled_at ?? row.refreshed_at;
    return {
      ranked: row.participant_count,
      entries,
      teams: teamEntries,
      refreshedAt: refreshed === null ? null : isoTime(Number(refreshed)),
    };
  }

  personalData(): PersonalDataSection {
    return {
      name: 'challenges',
      exportFor: async (userId) => {
        const rows = await this.repository.ofUser(this.db, userId);
        return rows.map((row) => ({
          title: row.title,
          scope: row.scope,
          kind: row.kind,
          startsOn: row.starts_on,
          endsOn: row.ends_on,
          state: stateOf(row, this.today()),
          made: row.creator_user_id === userId,
          joinedAt: row.joined_at === null ? null : isoTime(Number(row.joined_at)),
          leftAt: row.left_at === null ? null : isoTime(Number(row.left_at)),
          steps: row.steps === null ? null : Number(row.steps),
          result:
            row.status === 'settled' && row.joined_at !== null && row.left_at === null
              ? { place: row.place, won: row.won === 1, prizePoints: Number(row.prize_points ?? 0) }
              : null,
        }));
      },
      // Out of every challenge whose results are not fixed; on one settled (or being paid), the row stays, shown as a
      // former member. The challenges the user made go on without a named creator.
      erase: async (trx, { userId, now }) => {
        for (const row of await this.repository.ofUser(trx, userId)) {
          if (row.joined_at === null) continue;
          const challenge = await this.found(trx, row.id);
          if (challenge.results_at !== null) {
            await this.repository.markErased(trx, row.id, userId, now);
          } else if (await this.repository.remove(trx, row.id, userId)) {
            if (row.left_at === null) await this.repository.uncount(trx, row.id);
          }
        }
        await this.repository.forgetCreator(trx, userId);
      },
    };
  }

  /** The title of a challenge a user made, as content those who may open it can report (docs/product/moderation.md). */
  moderationTarget(): ModerationTarget {
    return challengeTitleTarget(
      this.repository,
      async (db, viewerId, id) => (await this.visible(db, viewerId, id)) !== undefined,
    );
  }

  /** A challenge the user may see: one they are in or made, a public one, or one of their club; else 1004. */
  private async seen(db: Executor, userId: string, id: string): Promise<Seen> {
    const seen = await this.visible(db, userId, id);
    if (!seen) throw notFound();
    return seen;
  }

  private async visible(db: Executor, userId: string, id: string): Promise<Seen | undefined> {
    const row = await this.repository.find(db, id);
    if (!row) return undefined;
    const [participant, clubs] = await Promise.all([
      this.repository.participant(db, id, userId),
      this.clubs.clubsOf(userId, db),
    ]);
    const seen = { row, participant, clubs };
    const inIt = participant !== undefined && participant.left_at === null;
    if (inIt || row.creator_user_id === userId) return seen;
    if (row.hidden_at !== null) return undefined;
    if (row.scope === 'public') return seen;
    if (row.scope === 'club' && clubs.some((club) => club.id === row.club_id)) return seen;
    if (row.kind === 'team-total') {
      const teams = await this.repository.teams(db, id);
      if (teams.some((team) => clubs.some((club) => club.id === team.club_id))) return seen;
    }
    return undefined;
  }

  /** A challenge as the user sees it: rules, time left, my progress (read live) or my result. */
  private async view(
    db: Executor,
    userId: string,
    reader: Reader,
    row: ChallengeRow,
    myClubs: readonly ClubRow[],
  ): Promise<Challenge> {
    const today = this.today();
    const state = stateOf(row, today);
    const participant = await this.repository.participant(db, row.id, userId);
    const joined = participant !== undefined && participant.left_at === null;
    const clubIds = [row.club_id, joined ? participant.club_id : null].filter((id): id is string => id !== null);
    const [creator, clubs, blocked] = await Promise.all([
      row.creator_user_id ? this.friends.people([row.creator_user_id], db) : Promise.resolve<FriendPerson[]>([]),
      this.clubsById(db, clubIds, reader.language),
      row.creator_user_id && row.creator_user_id !== userId
        ? this.friends.blockedWith(userId)
        : Promise.resolve(new Set<string>()),
    ]);
    const isCreator = row.creator_user_id === userId;
    // Who may share it: a participant or its creator, and, for a club's, the club's members.
    const shares = row.code !== null && (joined || isCreator || myClubs.some((club) => club.id === row.club_id));
    const code = shares ? row.code : null;
    return {
      id: row.id,
      scope: row.scope as Challenge['scope'],
      title: shownChallengeTitle(row, reader.language),
      description: row.description,
      ...rulesOf(row),
      state,
      daysLeft: daysLeftOf(row, today, this.calendar),
      creator: row.creator_user_id && !blocked.has(row.creator_user_id) ? (creator[0] ?? null) : null,
      club: row.club_id ? (clubs.get(row.club_id) ?? null) : null,
      participants: row.participant_count,
      teams: row.team_count,
      joined,
      myTeam: joined && participant.club_id ? (clubs.get(participant.club_id) ?? null) : null,
      code,
      link: code === null ? null : `${reader.origin}/#${CHALLENGES_PAGE}?code=${encodeURIComponent(code)}`,
      isCreator,
      endedReason: row.ended_reason,
      progress:
        joined && state !== 'settled' && state !== 'cancelled' ? await this.progress(db, row, participant) : null,
      result:
        joined && state === 'settled'
          ? {
              place: participant.place,
              won: participant.won === 1,
              prizePoints: Number(participant.prize_points ?? 0),
              steps: Number(participant.steps),
            }
          : null,
    };
  }

  /** My part, read live from my days; my place among the others' summaries (or my club's among the teams). */
  private async progress(db: Executor, row: ChallengeRow, participant: ParticipantRow) {
    const live = await this.repository.summaryOf(db, row.id, participant.user_id);
    let place: number | null = null;
    if (row.kind === 'most-steps' && live.steps > 0) {
      place = await this.repository.placeOf(db, row.id, live.steps, participant.user_id);
    } else if (row.kind === 'team-total' && participant.club_id) {
      const team: TeamRow | undefined = await this.repository.team(db, row.id, participant.club_id);
      if (team && Number(team.steps) > 0) place = await this.repository.teamPlaceOf(db, row.id, Number(team.steps));
    }
    return {
      steps: live.steps,
      pendingSteps: live.pending_steps,
      goalDays: live.goal_days,
      pendingDays: live.pending_days,
      place,
      finished: row.kind === 'daily-goal' && live.steps > 0 && live.goal_days >= (row.days_needed ?? 0),
    };
  }

  private async clubsById(
    db: Executor,
    ids: readonly string[],
    language: Language,
  ): Promise<Map<string, ChallengeClub>> {
    const rows = await this.clubs.clubsByIds(ids, db);
    return new Map(
      rows.map((row) => [
        row.id,
        { id: row.id, name: shownClubName(row, language), verified: row.verified_at !== null },
      ]),
    );
  }

  private async checkRoomFor(trx: Executor, userId: string, today: string): Promise<void> {
    if ((await this.repository.countJoinedOpen(trx, userId, today)) >= CHALLENGES_JOINED_MAX) {
      throw new AppError('BUSINESS_RULE', 'challengesJoinedMax', { max: CHALLENGES_JOINED_MAX });
    }
  }

  private found(db: Executor, id: string): Promise<ChallengeRow> {
    return foundChallenge(this.repository, db, id);
  }

  private today(): string {
    return this.calendar.dayOf(this.clock.now());
  }
}

/** An ended, settled or called-off challenge takes no one new (1007). */
export const ended = () => new AppError('BUSINESS_RULE', 'challengeEnded');
