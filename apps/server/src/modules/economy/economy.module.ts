import { defineModule, type Frame } from '../../lib/module.js';
import type { AuditService } from '../audit/audit.service.js';
import type { LedgerService } from '../ledger/ledger.service.js';
import type { RuleBook } from '../rules/rules.book.js';
import { EconomyAdmin } from './economy.admin.js';
import { CashCap, PointsCap } from './economy.caps.js';
import { registerEconomyConsoleRoutes } from './economy.console.js';
import { EconomyRepository } from './economy.repository.js';
import { EconomyService } from './economy.service.js';
import { economySettings, type EconomySettings } from './economy.settings.js';

/**
 * The economy ahead (docs/console/economy.md, decision 100 "The economy page"): what the service owes against its
 * reserve, the cost of the last weeks and a forecast of the next, the weeks of cover (the dashboard's alert and a
 * metric), a simulator of other earning rules, topping up the reserve, the daily points cap walking's collection
 * takes from, and the daily cash cap cards' cash back takes from (decision 103 "A daily cap on cash back paid").
 */
export const economyModule = defineModule({
  name: 'economy',
  settings: economySettings,
  needs: ['audit', 'ledger', 'ruleBook'],
  build: (
    { db, clock, config, calendar }: Frame<EconomySettings>,
    { audit, ledger, ruleBook }: { audit: AuditService; ledger: LedgerService; ruleBook: RuleBook },
  ) => {
    const repository = new EconomyRepository();
    const economy = new EconomyService(db, repository, ledger, ruleBook, clock, calendar, {
      utcOffsetMinutes: config.businessUtcOffsetMinutes,
      alertWeeks: config.economy.alertWeeks,
    });
    const pointsCap = new PointsCap(repository, calendar, config.economy.pointsDailyCap);
    const cashCap = new CashCap(repository, calendar, config.economy.cashDailyCap);
    return {
      economy,
      pointsCap,
      cashCap,
      admin: {
        economy: new EconomyAdmin(
          db,
          repository,
          economy,
          ledger,
          ruleBook,
          pointsCap,
          cashCap,
          audit,
          clock,
          calendar,
        ),
      },
    };
  },
  routes: (endpoints, services) => registerEconomyConsoleRoutes(endpoints, services),
});
