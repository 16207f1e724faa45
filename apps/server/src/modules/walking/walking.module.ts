import { HOUR_MS } from '../../lib/clock.js';
import { job, nonZero } from '../../lib/jobs/runner.js';
import { defineModule, type Frame } from '../../lib/module.js';
import type { AddressesService } from '../addresses/addresses.service.js';
import type { CardsService } from '../cards/cards.service.js';
import type { CashCap, PointsCap } from '../economy/economy.caps.js';
import type { InvitesService } from '../invites/invites.service.js';
import type { LedgerService } from '../ledger/ledger.service.js';
import type { NoticesService } from '../notices/notices.service.js';
import type { NoticesSettings } from '../notices/notices.settings.js';
import type { NotificationsService } from '../notifications/notifications.service.js';
import type { NotificationsSettings } from '../notifications/notifications.settings.js';
import { NotificationSweep } from '../notifications/notifications.sweep.js';
import type { AuditService } from '../audit/audit.service.js';
import type { ShopService } from '../shop/shop.service.js';
import type { RuleBook } from '../rules/rules.book.js';
import { HomeReadModel } from './home-read-model.js';
import { PointsExpiry } from './points-expiry.js';
import { WalkingRewards } from './rewards.js';
import { WalkingStatements } from './statements.js';
import { StepReports } from './step-reports.js';
import { WalkingAdmin } from './walking.admin.js';
import { registerWalkingConsoleRoutes } from './walking.console.js';
import { WalkingHistory } from './walking.history.js';
import { WalkingRepository } from './walking.repository.js';
import { registerWalkingRoutes } from './walking.routes.js';
import { walkingSettings, type WalkingSettings } from './walking.settings.js';

/** The daily cash back for cards whose owners did not report or collect after it was due. */
export const CASH_BACK_JOB = 'cards.cash-back';
/**
 * Notifications that come from time: cards ending in 3 days, points waiting (decision 044 "The notifications inbox").
 */
export const NOTIFICATIONS_SWEEP_JOB = 'notifications.sweep';
/** Points that expire, and their warnings (docs/product/points-expiry.md): each day's once, looked at every hour. */
export const POINTS_EXPIRY_JOB = 'points.expiry';

/**
 * Steps, points, the exchange and history, and the review of flagged days (decisions 009 "Steps, points, exchange,
 * member cards and cash back", 029 "Steps from every source", 031 "Step history, streaks and milestones", 078 "A held
 * step day is never a dead end").
 */
export const walkingModule = defineModule({
  name: 'walking',
  settings: walkingSettings,
  needs: [
    'cards',
    'ledger',
    'invites',
    'notices',
    'addresses',
    'notifications',
    'audit',
    'ruleBook',
    'pointsCap',
    'cashCap',
  ],
  // The points statement links goods orders through the shop (decision 081 "One points statement"), built after
  // walking.
  later: ['shop'],
  build: (
    { db, clock, config, calendar }: Frame<WalkingSettings & NoticesSettings & NotificationsSettings>,
    {
      cards,
      ledger,
      invites,
      notices,
      addresses,
      notifications,
      audit,
      ruleBook,
      pointsCap,
      cashCap,
    }: {
      cards: CardsService;
      ledger: LedgerService;
      invites: InvitesService;
      notices: NoticesService;
      addresses: AddressesService;
      notifications: NotificationsService;
      audit: AuditService;
      ruleBook: RuleBook;
      pointsCap: PointsCap;
      cashCap: CashCap;
      shop: ShopService;
    },
  ) => {
    const walkingRepository = new WalkingRepository();
    // One service per job over the one repository (decision 091 "Walking split by job").
    const stepReports = new StepReports(db, walkingRepository, cards, clock, calendar, config, invites, addresses);
    const walkingRewards = new WalkingRewards(
      db,
      walkingRepository,
      cards,
      ledger,
      clock,
      calendar,
      config,
      invites,
      notifications,
      ruleBook,
      pointsCap,
      cashCap,
    );
    const pointsExpiry = new PointsExpiry(db, ledger, notifications, clock, calendar, config.pointsExpiryDays);
    const homeReadModel = new HomeReadModel(
      db,
      walkingRepository,
      cards,
      notices,
      clock,
      calendar,
      config,
      ruleBook,
      pointsExpiry,
    );
    return {
      stepReports,
      walkingRewards,
      walkingStatements: new WalkingStatements(db, walkingRepository, cards, ledger, calendar),
      homeReadModel,
      pointsExpiry,
      walkingHistory: new WalkingHistory(db, walkingRepository, cards, invites, clock, calendar, config, ruleBook),
      // Built here, as it reads both cards and walking, which notifications (built first) cannot name.
      notificationSweep: new NotificationSweep(cards, walkingRewards, clock, calendar, config),
      admin: {
        walking: new WalkingAdmin(db, walkingRepository, audit, clock, stepReports, walkingRewards, homeReadModel),
      },
    };
  },
  routes: (endpoints, services) => {
    registerWalkingRoutes(endpoints, services);
    registerWalkingConsoleRoutes(endpoints, services);
  },
  // The first day with this expiry is kept as the server gets ready (decision 099 "Points that expire, never
  // silently").
  http: (app, services) => {
    app.addHook('onReady', () => services.pointsExpiry.begin());
  },
  jobs: (services, config) => {
    return [
      // The daily cash back for cards whose owners did not report or collect after it was due.
      job({
        name: CASH_BACK_JOB,
        everyMs: config.jobs.cashBackIntervalMs,
        retryLimit: 5,
        retryDelaySeconds: 60,
        expireInSeconds: 60 * 60,
        handler: () => services.walkingRewards.settleCashBack(),
        summary: (result) => nonZero({ users: result.users, credited: result.credited }),
      }),
      // Cards ending in 3 days, points waiting to be collected (decision 044 "The notifications inbox").
      job({
        name: NOTIFICATIONS_SWEEP_JOB,
        everyMs: config.notifications.sweepIntervalSeconds * 1000,
        retryLimit: 3,
        retryDelaySeconds: 30,
        expireInSeconds: 30 * 60,
        handler: () => services.notificationSweep.run(),
        summary: (result) => nonZero({ ...result }),
      }),
      // Points that expire, and their warnings 30 and 7 days before (docs/product/points-expiry.md).
      job({
        name: POINTS_EXPIRY_JOB,
        everyMs: config.pointsExpiryDays > 0 ? HOUR_MS : 0,
        retryLimit: 3,
        retryDelaySeconds: 60,
        expireInSeconds: 60 * 60,
        handler: () => services.pointsExpiry.run(),
        summary: (result) => nonZero(result),
      }),
    ];
  },
  personalData: ({ stepReports, walkingRewards }) => [stepReports.personalData(), walkingRewards.exchangesData()],
});
