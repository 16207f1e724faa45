import type { ResponseOf, getInvite } from '@stride/contract';
import type { InvitesSettings } from './invites.settings.js';
import type { Db } from '../../db/database.js';
import type { Executor } from '../../db/executor.js';
import { lockUserRow } from '../../db/locks.js';
import type { AuthUser } from '../../http/endpoints.js';
import type { BusinessCalendar } from '../../lib/business-day.js';
import { isoTime, type Clock } from '../../lib/clock.js';
import { qrDataUrl } from '../../lib/qr.js';
import { maskIdNumber } from '../../lib/secrets.js';
import type { LedgerService } from '../ledger/ledger.service.js';
import {
  NOTIFICATION_PAGES,
  type NotificationParams,
  type NotificationsService,
} from '../notifications/notifications.service.js';
import type { InviteRewardRow, InvitesRepository } from './invites.repository.js';
import type { InviteRings } from './invites.rings.js';
import { exportRow, type PersonalDataSection } from '../../lib/personal-data.js';
import type { RuleBook } from '../rules/rules.book.js';

type Invite = ResponseOf<typeof getInvite>;
type RewardStatus = 'paid' | 'held' | 'refused';

const INVITEES_SHOWN = 200;

/**
 * Invites (docs/product/rules.md, Invites). Single level: only the person whose code an invitee used is ever
 * rewarded, and never from anyone's purchase. The reward is decided once per invitee, on the
 * first day they walk the qualifying steps, by a unique row per invitee: paid at once, or held for a reviewer when a
 * referral ring's signals match (docs/product/referral-rings.md).
 */
export class InvitesService {
  constructor(
    private readonly db: Db,
    private readonly repository: InvitesRepository,
    private readonly ledger: LedgerService,
    private readonly clock: Clock,
    private readonly calendar: BusinessCalendar,
    private readonly config: InvitesSettings,
    private readonly notifications: NotificationsService,
    private readonly ruleBook: RuleBook,
    private readonly rings: InviteRings,
  ) {}

  /**
   * Called inside the step report's transaction, after the day's count is stored. Credits both
   * sides once when the invitee first reaches the qualifying steps; beyond the inviter's yearly
   * limit the qualification is recorded with no points for either side (farming stops there). When
   * a referral ring's signals match, the reward is recorded as held instead, with them, for a
   * reviewer to release or refuse (decision 101 "Referral rings caught"); it keeps its place within
   * the yearly limit meanwhile.
   */
  async onSteps(trx: Executor, userId: string, day: string, steps: number): Promise<void> {
    const { maxPerYear } = this.config.invite;
    // The reward and its steps are those of the day that completes the invitation (decision 098).
    const rules = await this.ruleBook.on(trx, day);
    const [points, threshold] = [rules.inviteRewardPoints, rules.inviteQualifyingSteps];
    if (steps < threshold) return;
    const inviterId = await this.repository.findInviter(trx, userId);
    if (!inviterId) return;
    // The invitee's lock makes reports of two days decide the reward one after the other (the
    // row per invitee backs it up); the inviter's lock does the same for the yearly limit.
    // Always invitee before inviter: invitations only point to older accounts, so no cycle.
    await lockUserRow(trx, userId);
    if (await this.repository.findReward(trx, userId)) return;
    await lockUserRow(trx, inviterId);
    const year = day.slice(0, 4);
    const isWithinLimit = (await this.repository.countRewarded(trx, inviterId, year)) < maxPerYear;
    const credited = isWithinLimit ? points : 0;
    const signals = credited > 0 ? await this.rings.assess(trx, userId, inviterId) : [];
    const held = signals.length > 0;
    const transferId = credited > 0 && !held ? await this.credit(trx, userId, inviterId, credited) : null;
    await this.repository.insertReward(trx, {
      invitee_id: userId,
      inviter_id: inviterId,
      day,
      year,
      points: credited,
      transfer_id: transferId,
      created_at: this.clock.now(),
      status: held ? 'held' : 'paid',
      signals: held ? JSON.stringify(signals) : null,
      decided_at: null,
      operator_id: null,
    });
    // One reward per invitee (the row above is the "once"): each side is told what it received.
    if (transferId) {
      await this.tellSides(trx, userId, inviterId, (role) => ({
        kind: 'invite.reward',
        params: { points: credited, role },
        dedupeKey: `invite.reward:${userId}`,
      }));
    }
  }

  /** Both sides' points from the rewards account, once per invitee whoever pays it (the step report or a reviewer). */
  private async credit(trx: Executor, inviteeId: string, inviterId: string, points: number): Promise<string> {
    const { transferId } = await this.ledger.post(trx, {
      kind: 'invite.reward',
      legs: [
        { account: { kind: 'system', name: 'rewards', asset: 'POINTS' }, amount: -2 * points },
        { account: { kind: 'user', userId: inviterId, asset: 'POINTS' }, amount: points },
        { account: { kind: 'user', userId: inviteeId, asset: 'POINTS' }, amount: points },
      ],
      idempotencyKey: `invite:${inviteeId}:reward`,
      fingerprint: { inviterId, points },
    });
    return transferId;
  }

  /** One notification to each side of an invitation; both open the invite page, or `link`. */
  private async tellSides(
    trx: Executor,
    inviteeId: string,
    inviterId: string,
    event: (
      role: 'inviter' | 'invitee',
    ) =>
      | { kind: 'invite.reward'; params: NotificationParams['invite.reward']; dedupeKey: string }
      | { kind: 'invite.reviewed'; params: NotificationParams['invite.reviewed']; dedupeKey: string },
    link: Parameters<NotificationsService['record']>[1]['link'] = { path: NOTIFICATION_PAGES.invite },
  ): Promise<void> {
    const sides = [
      { userId: inviterId, role: 'inviter' as const },
      { userId: inviteeId, role: 'invitee' as const },
    ];
    for (const side of sides) {
      await this.notifications.record(trx, {
        userId: side.userId,
        ...event(side.role),
        link,
      });
    }
  }

  /**
   * A reviewer's decision on a held reward, in their transaction after its compare-and-set won (decision 101): a
   * release credits both sides as the step report would have, once (the ledger's idempotency key); a refusal pays
   * nothing. Both sides are told either way. Answers the points paid to each side.
   */
  async settleHeld(trx: Executor, row: InviteRewardRow, decision: 'release' | 'refuse'): Promise<number> {
    const points = Number(row.points);
    const paid = decision === 'release' ? points : 0;
    if (paid > 0) {
      await this.repository.setTransfer(
        trx,
        row.invitee_id,
        await this.credit(trx, row.invitee_id, row.inviter_id, paid),
      );
    }
    const outcome = decision === 'release' ? ('released' as const) : ('refused' as const);
    // A refusal opens its appeal (docs/product/appeals.md); a release, the invite page.
    const link =
      outcome === 'refused'
        ? { path: NOTIFICATION_PAGES.appeals, query: { kind: 'invite-reward', subject: row.invitee_id } }
        : { path: NOTIFICATION_PAGES.invite };
    await this.tellSides(
      trx,
      row.invitee_id,
      row.inviter_id,
      (role) => ({
        kind: 'invite.reviewed',
        params: { points: paid, role, outcome },
        dedupeKey: `invite.reviewed:${row.invitee_id}:${outcome}`,
      }),
      link,
    );
    return paid;
  }

  /** The points this user received as an invitee, when their steps on `day` completed the invitation. */
  async inviteeRewardOn(db: Executor, userId: string, day: string): Promise<{ points: number } | null> {
    const reward = await this.repository.findReward(db, userId);
    return reward?.status === 'paid' && reward.day === day && reward.points > 0 ? { points: reward.points } : null;
  }

  async get(user: AuthUser, origin: string): Promise<Invite> {
    const link = `${origin}/#/pages/login/index?invite=${encodeURIComponent(user.inviteCode)}`;
    const year = this.calendar.dayOf(this.clock.now()).slice(0, 4);
    const rules = await this.ruleBook.today();
    const [qrImage, invitees, rewardPoints, rewardedThisYear, own] = await Promise.all([
      qrDataUrl(link),
      this.repository.listInvitees(this.db, user.id, INVITEES_SHOWN, rules.inviteQualifyingSteps),
      this.repository.totalPoints(this.db, user.id),
      this.repository.countRewarded(this.db, user.id, year),
      this.repository.findReward(this.db, user.id),
    ]);
    return {
      code: user.inviteCode,
      link,
      qrImage,
      rewardPoints,
      rule: {
        points: rules.inviteRewardPoints,
        steps: rules.inviteQualifyingSteps,
        maxPerYear: this.config.invite.maxPerYear,
        rewardedThisYear,
      },
      invitees: invitees.map((row) => {
        // A reward held for a reviewer waits as a held day does (decision 101 "Referral rings caught").
        const status = row.status as RewardStatus | null;
        const qualified = status === 'paid';
        return {
          account: maskIdNumber(row.account),
          joinedAt: isoTime(row.created_at),
          qualified,
          qualifiedAt: qualified && row.qualified_at !== null ? isoTime(row.qualified_at) : null,
          waitingForReview: status === 'held' || (status === null && Boolean(row.waiting_for_review)),
          rewardRefused: status === 'refused',
          rewardPoints: qualified ? Number(row.points ?? 0) : 0,
        };
      }),
      ownReward: own ? { status: own.status as RewardStatus, points: Number(own.points), inviteeId: user.id } : null,
    };
  }

  /** The invites section: how many people the user invited and the rewards either way (decision 047 "Your data"). */
  personalData(): PersonalDataSection {
    return {
      name: 'invites',
      exportFor: async (userId) => ({
        invitees: await this.repository.countInvitees(this.db, userId),
        rewards: (await this.repository.exportRewards(this.db, userId)).map(exportRow),
      }),
    };
  }
}
