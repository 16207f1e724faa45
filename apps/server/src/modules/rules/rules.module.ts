import type { EarningRules } from '@stride/contract';
import { job, nonZero } from '../../lib/jobs/runner.js';
import { defineModule, type Frame } from '../../lib/module.js';
import type { AuditService } from '../audit/audit.service.js';
import type { InvitesSettings } from '../invites/invites.settings.js';
import type { NotificationsService } from '../notifications/notifications.service.js';
import type { PayoutsSettings } from '../payouts/payouts.settings.js';
import type { WalkingSettings } from '../walking/walking.settings.js';
import { RulesAdmin } from './rules.admin.js';
import { RuleBook } from './rules.book.js';
import { registerRulesConsoleRoutes } from './rules.console.js';
import { RulesRepository } from './rules.repository.js';
import { registerRulesVersionRoutes } from './rules.routes.js';
import { rulesSettings, type RulesSettings } from './rules.settings.js';
import { RulesTidings } from './rules.tidings.js';

/** The job that tells every user of a newly published version. */
export const RULES_TELL_JOB = 'rules.tell';

/** The configuration the first version is written from: the environment's defaults. */
type DefaultsConfig = Pick<WalkingSettings, 'points' | 'exchange'> &
  Pick<InvitesSettings, 'invite'> &
  Pick<PayoutsSettings, 'withdraw'>;

function defaultsOf(config: DefaultsConfig): EarningRules {
  return {
    stepsPerPoint: config.points.stepsPerPoint,
    pointsDailyMax: config.points.dailyMax,
    exchangePointsPerUnit: config.exchange.pointsPerUnit,
    exchangeCashPerUnit: config.exchange.cashPerUnit,
    exchangeMinPoints: config.exchange.minPoints,
    inviteRewardPoints: config.invite.points,
    inviteQualifyingSteps: config.invite.steps,
    withdrawFeePermille: config.withdraw.feePermille,
    withdrawFeeMin: config.withdraw.feeMin,
    withdrawMin: config.withdraw.min,
    withdrawDailyMax: config.withdraw.dailyMax,
  };
}

/**
 * The earning rules as published versions (docs/product/earning-rules.md, decision 098 "Earning rules as published
 * versions"): points per step and per day, the exchange, the invite reward and the withdrawal's fee and limits, each
 * computation reading the version in force on the day it concerns; published by finance in the console
 * (docs/console/earning-rules.md), told to every user.
 */
export const rulesModule = defineModule({
  name: 'rules',
  settings: rulesSettings,
  needs: ['audit', 'notifications'],
  build: (
    { db, clock, config, calendar }: Frame<RulesSettings & DefaultsConfig>,
    { audit, notifications }: { audit: AuditService; notifications: NotificationsService },
  ) => {
    const repository = new RulesRepository();
    const ruleBook = new RuleBook(db, repository, clock, calendar, defaultsOf(config));
    return {
      ruleBook,
      rulesTidings: new RulesTidings(db, repository, notifications, clock),
      admin: { rules: new RulesAdmin(db, repository, ruleBook, audit, clock, calendar, config.rulesNoticeDays) },
    };
  },
  routes: (endpoints, services, config) => {
    registerRulesVersionRoutes(endpoints, { ruleBook: services.ruleBook, noticeDays: config.rulesNoticeDays });
    registerRulesConsoleRoutes(endpoints, services);
  },
  // The first version is written as the server gets ready, not by the first request that reads the rules: a request
  // that read nothing else writes nothing, and is run again when its connection is lost (decision 098).
  http: (app, services) => {
    app.addHook('onReady', async () => {
      await services.ruleBook.versions();
    });
  },
  jobs: (services, config) => [
    job({
      name: RULES_TELL_JOB,
      everyMs: config.rulesTellSeconds * 1000,
      retryLimit: 3,
      retryDelaySeconds: 30,
      expireInSeconds: 30 * 60,
      handler: () => services.rulesTidings.tell(),
      summary: (result) => nonZero(result),
    }),
  ],
});
