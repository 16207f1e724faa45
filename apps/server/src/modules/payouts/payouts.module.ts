import { defineModule, type Frame } from '../../lib/module.js';
import type { IdentityService } from '../identity/identity.service.js';
import type { LedgerService } from '../ledger/ledger.service.js';
import type { NotificationsService } from '../notifications/notifications.service.js';
import type { AuditService } from '../audit/audit.service.js';
import type { PaymentPasswordsService } from '../payment-passwords/payment-passwords.service.js';
import type { RuleBook } from '../rules/rules.book.js';
import { PayoutsAdmin } from './payouts.admin.js';
import { registerPayoutsConsoleRoutes } from './payouts.console.js';
import { PayoutsRepository } from './payouts.repository.js';
import { registerPayoutRoutes } from './payouts.routes.js';
import { PayoutsService } from './payouts.service.js';
import { payoutsSettings, type PayoutsSettings } from './payouts.settings.js';

/**
 * Payout methods and withdrawals, paid by finance operators with four eyes (decisions 011 "Payout methods, withdrawals
 * and the operator command line", 023 "Money under four eyes", 074 "Independent second approvers").
 */
export const payoutsModule = defineModule({
  name: 'payouts',
  settings: payoutsSettings,
  needs: ['identity', 'ledger', 'audit', 'notifications', 'ruleBook', 'paymentPasswords'],
  build: (
    { db, clock, config, calendar, cipher }: Frame<PayoutsSettings>,
    {
      identity,
      ledger,
      audit,
      notifications,
      ruleBook,
      paymentPasswords,
    }: {
      identity: IdentityService;
      ledger: LedgerService;
      audit: AuditService;
      notifications: NotificationsService;
      ruleBook: RuleBook;
      paymentPasswords: PaymentPasswordsService;
    },
  ) => {
    const payoutsRepository = new PayoutsRepository();
    return {
      payouts: new PayoutsService(
        db,
        payoutsRepository,
        identity,
        ledger,
        cipher,
        clock,
        calendar,
        config,
        ruleBook,
        paymentPasswords,
      ),
      admin: {
        payouts: new PayoutsAdmin(
          db,
          payoutsRepository,
          ledger,
          audit,
          cipher,
          clock,
          config.withdraw.secondApprovalAbove,
          notifications,
        ),
      },
    };
  },
  routes: (endpoints, services) => {
    registerPayoutRoutes(endpoints, services);
    registerPayoutsConsoleRoutes(endpoints, services);
  },
  personalData: ({ payouts }) => [payouts.personalData()],
});
