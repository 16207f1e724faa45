import { job, nonZero } from '../../lib/jobs/runner.js';
import { defineModule, type Frame } from '../../lib/module.js';
import type { AuditService } from '../audit/audit.service.js';
import type { ClubsService } from '../clubs/clubs.service.js';
import type { FriendsService } from '../friends/friends.service.js';
import type { LedgerService } from '../ledger/ledger.service.js';
import type { ModerationService } from '../moderation/moderation.service.js';
import type { NotificationsService } from '../notifications/notifications.service.js';
import { ChallengesAdmin } from './challenges.admin.js';
import { registerChallengesConsoleRoutes } from './challenges.console.js';
import { ChallengeRefresh } from './challenges.refresh.js';
import { ChallengesRepository } from './challenges.repository.js';
import { registerChallengeRoutes } from './challenges.routes.js';
import { ChallengesService } from './challenges.service.js';
import { challengesSettings, type ChallengesSettings } from './challenges.settings.js';
import { ChallengeSettlement } from './challenges.settlement.js';
import { ChallengeTidings } from './challenges.tidings.js';

/**
 * The challenges' pass (decision 095 "Challenge summaries and prize pools"): boards brought up to date from the days
 * that changed, participants told of milestones, ended challenges settled and paid.
 */
export const CHALLENGES_PASS_JOB = 'challenges.pass';

/**
 * Challenges: timed goals walked among friends, in a club, clubs against clubs, or public ones with a prize pool
 * (docs/product/challenges.md); the operators' side (docs/console/challenges.md).
 */
export const challengesModule = defineModule({
  name: 'challenges',
  settings: challengesSettings,
  needs: ['friends', 'clubs', 'moderation', 'ledger', 'notifications', 'audit'],
  build: (
    { db, clock, config, calendar }: Frame<ChallengesSettings>,
    {
      friends,
      clubs,
      moderation,
      ledger,
      notifications,
      audit,
    }: {
      friends: FriendsService;
      clubs: ClubsService;
      moderation: ModerationService;
      ledger: LedgerService;
      notifications: NotificationsService;
      audit: AuditService;
    },
  ) => {
    const repository = new ChallengesRepository();
    const tidings = new ChallengeTidings(db, repository, notifications, clock, calendar);
    const settlement = new ChallengeSettlement(db, repository, ledger, tidings, clock, calendar, config);
    const refresh = new ChallengeRefresh(db, repository, clock, calendar);
    const challenges = new ChallengesService(db, repository, friends, clubs, tidings, settlement, clock, calendar);
    moderation.register(challenges.moderationTarget());
    return {
      challenges,
      challengeRefresh: refresh,
      challengeTidings: tidings,
      challengeSettlement: settlement,
      admin: {
        challenges: new ChallengesAdmin(
          db,
          repository,
          settlement,
          tidings,
          ledger,
          audit,
          friends,
          clubs,
          clock,
          calendar,
        ),
      },
    };
  },
  routes: (endpoints, services, config) => {
    registerChallengeRoutes(endpoints, { challenges: services.challenges, config });
    registerChallengesConsoleRoutes(endpoints, services);
  },
  jobs: (services, config) => [
    job({
      name: CHALLENGES_PASS_JOB,
      everyMs: config.challengesRefreshSeconds * 1000,
      retryLimit: 3,
      retryDelaySeconds: 30,
      expireInSeconds: 30 * 60,
      handler: async () => {
        const { participants } = await services.challengeRefresh.refresh();
        const { told } = await services.challengeTidings.milestones();
        const { settled, paid } = await services.challengeSettlement.settleDue();
        return { participants, told, settled, paid };
      },
      summary: (result) => nonZero(result),
    }),
  ],
  personalData: ({ challenges }) => [challenges.personalData()],
});
