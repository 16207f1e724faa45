import { defineModule, type Frame } from '../../lib/module.js';
import type { LedgerService } from '../ledger/ledger.service.js';
import type { NotificationsService } from '../notifications/notifications.service.js';
import type { RuleBook } from '../rules/rules.book.js';
import { InvitesAdmin } from './invites.admin.js';
import { InvitesRepository } from './invites.repository.js';
import { registerInviteRoutes } from './invites.routes.js';
import { InvitesService } from './invites.service.js';
import { invitesSettings, type InvitesSettings } from './invites.settings.js';

/**
 * Invites: a user's code and link, and the one-level reward when an invitee first walks (decision 012 "Points shop,
 * orders, addresses, mailing, invites, notices").
 */
export const invitesModule = defineModule({
  name: 'invites',
  settings: invitesSettings,
  needs: ['ledger', 'notifications', 'ruleBook'],
  build: (
    { db, clock, config, calendar }: Frame<InvitesSettings>,
    {
      ledger,
      notifications,
      ruleBook,
    }: { ledger: LedgerService; notifications: NotificationsService; ruleBook: RuleBook },
  ) => {
    const invitesRepository = new InvitesRepository();
    return {
      invites: new InvitesService(db, invitesRepository, ledger, clock, calendar, config, notifications, ruleBook),
      // The accounts admin reaches it by this name to show a user's invites (decision 026 "User care in the operator
      // console").
      admin: { invites: new InvitesAdmin(db, invitesRepository) },
    };
  },
  routes: (endpoints, { invites }, config) => registerInviteRoutes(endpoints, { invites, config }),
  personalData: ({ invites }) => [invites.personalData()],
});
