import { defineModule, type Frame } from '../../lib/module.js';
import type { AccountsAdmin } from '../accounts/accounts.admin.js';
import type { ProfileService } from '../accounts/profile.service.js';
import type { SessionsService } from '../accounts/sessions.service.js';
import type { AuditService } from '../audit/audit.service.js';
import type { ClubsService } from '../clubs/clubs.service.js';
import type { FriendsService } from '../friends/friends.service.js';
import type { NotificationsService } from '../notifications/notifications.service.js';
import type { RateLimitService } from '../rate-limit/rate-limit.service.js';
import { ModerationAdmin } from './moderation.admin.js';
import { registerModerationConsoleRoutes } from './moderation.console.js';
import { ModerationRepository } from './moderation.repository.js';
import { registerModerationRoutes } from './moderation.routes.js';
import { ModerationService } from './moderation.service.js';
import { peopleTargets } from './people.targets.js';

interface ModerationNeeds {
  limits: RateLimitService;
  audit: AuditService;
  profile: ProfileService;
  sessions: SessionsService;
  friends: FriendsService;
  clubs: ClubsService;
  notifications: NotificationsService;
  admin: { accounts: AccountsAdmin };
}

/**
 * Moderation of user content (docs/product/moderation.md, decision 096 "Moderation of user content"): users report
 * what they see, reviewers hide it, freeze its owner's account or dismiss the reports (docs/console/reviewer.md). Each
 * kind of content is a target its module hands over: a module built after this one registers its own with
 * `moderation.register(...)`.
 */
export const moderationModule = defineModule({
  name: 'moderation',
  needs: ['limits', 'audit', 'profile', 'sessions', 'friends', 'clubs', 'notifications'],
  build: ({ db, clock }: Frame, services: ModerationNeeds) => {
    const repository = new ModerationRepository();
    const moderation = new ModerationService(db, repository, services.limits, clock);
    for (const target of [...peopleTargets(services), services.clubs.moderationTarget()]) moderation.register(target);
    const admin = new ModerationAdmin(
      db,
      repository,
      moderation,
      services.audit,
      services.admin.accounts,
      services.sessions,
      services.notifications,
    );
    return { moderation, admin: { moderation: admin } };
  },
  routes: (endpoints, services) => {
    registerModerationRoutes(endpoints, services);
    registerModerationConsoleRoutes(endpoints, services);
  },
  personalData: ({ moderation }) => [moderation.personalData()],
});
