import { defineModule, type Frame } from '../../lib/module.js';
import type { AuditService } from '../audit/audit.service.js';
import type { LedgerService } from '../ledger/ledger.service.js';
import type { NotificationsService } from '../notifications/notifications.service.js';
import type { RuleBook } from '../rules/rules.book.js';
import { InvitesAdmin } from './invites.admin.js';
import { registerInvitesConsoleRoutes } from './invites.console.js';
import { InvitesRepository } from './invites.repository.js';
import { InviteRings } from './invites.rings.js';
import { registerInviteRoutes } from './invites.routes.js';
import { InvitesService } from './invites.service.js';
import { invitesSettings, type InvitesSettings } from './invites.settings.js';

/**
 * Invites: a user's code and link, and the one-level reward when an invitee first walks (decision 012 "Points shop,
 * orders, addresses, mailing, invites, notices"), held for a reviewer when a referral ring's signals match (decision
 * 101 "Referral rings caught").
 */
export const invitesModule = defineModule({
  name: 'invites',
  settings: invitesSettings,
  needs: ['ledger', 'notifications', 'ruleBook', 'audit'],
  build: (
    { db, clock, config, calendar }: Frame<InvitesSettings>,
    {
      ledger,
      notifications,
      ruleBook,
      audit,
    }: { ledger: LedgerService; notifications: NotificationsService; ruleBook: RuleBook; audit: AuditService },
  ) => {
    const invitesRepository = new InvitesRepository();
    const rings = new InviteRings(invitesRepository, config.inviteRings);
    const invites = new InvitesService(
      db,
      invitesRepository,
      ledger,
      clock,
      calendar,
      config,
      notifications,
      ruleBook,
      rings,
    );
    return {
      invites,
      // The accounts admin reaches it by this name to show a user's invites (decision 026 "User care in the operator
      // console"); reviewers decide held rewards through it (docs/console/reviewer.md, Invite rings).
      admin: { invites: new InvitesAdmin(db, invitesRepository, invites, rings, audit, notifications) },
    };
  },
  routes: (endpoints, services, config) => {
    registerInviteRoutes(endpoints, { invites: services.invites, config });
    registerInvitesConsoleRoutes(endpoints, services);
  },
  personalData: ({ invites }) => [invites.personalData()],
});
