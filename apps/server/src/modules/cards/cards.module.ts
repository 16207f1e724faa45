import { defineModule, type Frame } from '../../lib/module.js';
import type { LedgerService } from '../ledger/ledger.service.js';
import type { NotificationsService } from '../notifications/notifications.service.js';
import type { AuditService } from '../audit/audit.service.js';
import type { CashCap } from '../economy/economy.caps.js';
import type { PaymentPasswordsService } from '../payment-passwords/payment-passwords.service.js';
import type { PaymentsService } from '../payments/payments.service.js';
import type { PaymentsSettings } from '../payments/payments.settings.js';
import { CardsAdmin } from './cards.admin.js';
import { registerCardConsoleRoutes } from './cards.console.js';
import { CardsRepository } from './cards.repository.js';
import { registerCardRoutes } from './cards.routes.js';
import { CardsService } from './cards.service.js';
import { cardsSettings, type CardsSettings } from './cards.settings.js';

/**
 * Membership cards: plans, orders, the daily cash back and the complimentary policy (decision 009 "Steps, points,
 * exchange, member cards and cash back", docs/product/rules.md).
 */
export const cardsModule = defineModule({
  name: 'cards',
  settings: cardsSettings,
  needs: ['ledger', 'notifications', 'audit', 'cashCap', 'paymentPasswords'],
  // The card routes pay an order through the payments service, which is built after cards.
  later: ['payments'],
  build: (
    { db, clock, config, calendar, cipher }: Frame<CardsSettings & PaymentsSettings>,
    {
      ledger,
      notifications,
      audit,
      cashCap,
      paymentPasswords,
    }: {
      ledger: LedgerService;
      notifications: NotificationsService;
      audit: AuditService;
      cashCap: CashCap;
      paymentPasswords: PaymentPasswordsService;
      payments: PaymentsService;
    },
  ) => {
    const cardsRepository = new CardsRepository();
    return {
      cards: new CardsService(
        db,
        cardsRepository,
        ledger,
        cipher,
        clock,
        calendar,
        config,
        notifications,
        cashCap,
        paymentPasswords,
      ),
      admin: { cards: new CardsAdmin(db, cardsRepository, audit, clock) },
    };
  },
  routes: (endpoints, services) => {
    registerCardRoutes(endpoints, services);
    registerCardConsoleRoutes(endpoints, services);
  },
  personalData: ({ cards }) => [cards.personalData()],
});
