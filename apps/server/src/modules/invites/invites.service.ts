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
import { NOTIFICATION_PAGES, type NotificationsService } from '../notifications/notifications.service.js';
import type { InvitesRepository } from './invites.repository.js';
import { exportRow, type PersonalDataSection } from '../../lib/personal-data.js';
import type { RuleBook } from '../rules/rules.book.js';

type Invite = ResponseOf<typeof getInvite>;

const INVITEES_SHOWN = 200;

/**
 * Invites (docs/product/rules.md, Invites). Single level: only the person whose code an invitee used is ever
 * rewarded, and never from anyone's purchase. The reward is decided once per invitee, on the
 * first day they walk the qualifying steps, by a unique row per invitee.
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
  ) {}

  /**
   * Called inside the step report's transaction, after the day's count is stored. Credits both
   * sides once when the invitee first reaches the qualifying steps; beyond the inviter's yearly
   * limit the qualification is recorded with no points for either side (farming stops there).
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
    let transferId: string | null = null;
    if (credited > 0) {
      ({ transferId } = await this.ledger.post(trx, {
        kind: 'invite.reward',
        legs: [
          { account: { kind: 'system', name: 'rewards', asset: 'POINTS' }, amount: -2 * credited },
          { account: { kind: 'user', userId: inviterId, asset: 'POINTS' }, amount: credited },
          { account: { kind: 'user', userId, asset: 'POINTS' }, amount: credited },
        ],
        idempotencyKey: `invite:${userId}:reward`,
        fingerprint: { inviterId, points: credited },
      }));
    }
    await this.repository.insertReward(trx, {
      invitee_id: userId,
      inviter_id: inviterId,
      day,
      year,
      points: credited,
      transfer_id: transferId,
      created_at: this.clock.now(),
    });
    if (credited > 0) {
      // One reward per invitee (the row above is the "once"): each side is told what it received.
      const sides = [
        { userId: inviterId, role: 'inviter' as const },
        { userId, role: 'invitee' as const },
      ];
      for (const side of sides) {
        await this.notifications.record(trx, {
          userId: side.userId,
          kind: 'invite.reward',
          params: { points: credited, role: side.role },
          dedupeKey: `invite.reward:${userId}`,
          link: { path: NOTIFICATION_PAGES.invite },
        });
      }
    }
  }

  /** The points this user received as an invitee, when their steps on `day` completed the invitation. */
  async inviteeRewardOn(db: Executor, userId: string, day: string): Promise<{ points: number } | null> {
    const reward = await this.repository.findReward(db, userId);
    return reward && reward.day === day && reward.points > 0 ? { points: reward.points } : null;
  }

  async get(user: AuthUser, origin: string): Promise<Invite> {
    const link = `${origin}/#/pages/login/index?invite=${encodeURIComponent(user.inviteCode)}`;
    const year = this.calendar.dayOf(this.clock.now()).slice(0, 4);
    const rules = await this.ruleBook.today();
    const [qrImage, invitees, rewardPoints, rewardedThisYear] = await Promise.all([
      qrDataUrl(link),
      this.repository.listInvitees(this.db, user.id, INVITEES_SHOWN, rules.inviteQualifyingSteps),
      this.repository.totalPoints(this.db, user.id),
      this.repository.countRewarded(this.db, user.id, year),
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
      invitees: invitees.map((row) => ({
        account: maskIdNumber(row.account),
        joinedAt: isoTime(row.created_at),
        qualified: row.qualified_at !== null,
        qualifiedAt: row.qualified_at === null ? null : isoTime(row.qualified_at),
        waitingForReview: row.qualified_at === null && Boolean(row.waiting_for_review),
        rewardPoints: Number(row.points ?? 0),
      })),
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
