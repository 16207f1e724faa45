import { defineModule, type Frame } from '../../lib/module.js';
import type { AddressesService } from '../addresses/addresses.service.js';
import type { CardsService } from '../cards/cards.service.js';
import type { NotificationsService } from '../notifications/notifications.service.js';
import type { AuditService } from '../audit/audit.service.js';
import { MailingsAdmin } from './mailings.admin.js';
import { registerMailingConsoleRoutes } from './mailings.console.js';
import { MailingsRepository } from './mailings.repository.js';
import { registerMailingRoutes } from './mailings.routes.js';
import { MailingsService } from './mailings.service.js';
import { mailingsSettings, type MailingsSettings } from './mailings.settings.js';

/**
 * Physical card mailings: a member's request to have a card posted, and its shipping (decisions 012 "Points shop,
 * orders, addresses, mailing, invites, notices", 024 "The merchant's console").
 */
export const mailingsModule = defineModule({
  name: 'mailings',
  settings: mailingsSettings,
  needs: ['cards', 'addresses', 'audit', 'notifications'],
  build: (
    { db, clock, config, calendar }: Frame<MailingsSettings>,
    {
      cards,
      addresses,
      audit,
      notifications,
    }: {
      cards: CardsService;
      addresses: AddressesService;
      audit: AuditService;
      notifications: NotificationsService;
    },
  ) => {
    const mailingsRepository = new MailingsRepository();
    return {
      mailings: new MailingsService(db, mailingsRepository, cards, addresses, clock, calendar, config),
      admin: { mailings: new MailingsAdmin(db, mailingsRepository, audit, notifications) },
    };
  },
  routes: (endpoints, services) => {
    registerMailingRoutes(endpoints, services);
    registerMailingConsoleRoutes(endpoints, services);
  },
  personalData: ({ mailings }) => [mailings.personalData()],
});
