import { randomUUID } from 'node:crypto';
import fastifyCors from '@fastify/cors';
import fastifyMultipart from '@fastify/multipart';
import { ENDPOINTS, type Language } from '@stride/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import { runCleanup } from './cleanup.js';
import type { Config } from './config.js';
import { createDatabase, migrateToLatest, type Db } from './db/database.js';
import { EndpointRegistrar } from './http/endpoints.js';
import { answerFrameworkError, MAX_PARAM_LENGTH, registerErrorHandlers } from './http/error-handler.js';
import { registerJsonBodies } from './http/json-body.js';
import { registerRequestHooks } from './http/request-hooks.js';
import { registerStaticApps } from './http/static-apps.js';
import type { Translate } from './i18n/index.js';
import { systemClock, type Clock } from './lib/clock.js';
import { FieldCipher } from './lib/secrets.js';
import { createStorage, type Storage } from './storage/storage.js';
import { FilesRepository } from './modules/files/files.repository.js';
import { registerFileConsoleRoutes, registerFileRoutes, registerMediaFiles } from './modules/files/files.routes.js';
import { FilesService } from './modules/files/files.service.js';
import { FilesAdmin } from './modules/files/files.admin.js';
import { IdentityRepository } from './modules/identity/identity.repository.js';
import { registerIdentityRoutes } from './modules/identity/identity.routes.js';
import { IdentityService } from './modules/identity/identity.service.js';
import { IdentityAdmin } from './modules/identity/identity.admin.js';
import { registerIdentityConsoleRoutes } from './modules/identity/identity.console.js';
import { ReportsAdmin } from './modules/reports/reports.admin.js';
import { registerReportsConsoleRoutes } from './modules/reports/reports.console.js';
import { ReportsRepository } from './modules/reports/reports.repository.js';
import { ConsoleRepository } from './modules/console/console.repository.js';
import { registerConsoleRoutes } from './modules/console/console.routes.js';
import { ConsoleService } from './modules/console/console.service.js';
import { OperatorActionsRepository } from './modules/operators/operator-actions.repository.js';
import { OperatorOriginsRepository } from './modules/operators/operator-origins.repository.js';
import { OperatorsService } from './modules/operators/operators.service.js';
import { PayoutsRepository } from './modules/payouts/payouts.repository.js';
import { registerPayoutRoutes } from './modules/payouts/payouts.routes.js';
import { PayoutsService } from './modules/payouts/payouts.service.js';
import { PayoutsAdmin } from './modules/payouts/payouts.admin.js';
import { AccountsAdmin } from './modules/accounts/accounts.admin.js';
import { registerAccountsConsoleRoutes } from './modules/accounts/accounts.console.js';
import { CorrectionsRepository } from './modules/ledger/corrections.repository.js';
import { LedgerAdmin } from './modules/ledger/ledger.admin.js';
import { registerLedgerConsoleRoutes } from './modules/ledger/ledger.console.js';
import { AccountsRepository } from './modules/accounts/accounts.repository.js';
import { registerAccountRoutes } from './modules/accounts/accounts.routes.js';
import { AccountsService } from './modules/accounts/accounts.service.js';
import { PasswordHasher } from './modules/accounts/passwords.js';
import { PasswordResetsRepository } from './modules/accounts/password-resets.repository.js';
import { SessionsRepository } from './modules/accounts/sessions.repository.js';
import { SessionsService } from './modules/accounts/sessions.service.js';
import { ProfileService } from './modules/accounts/profile.service.js';
import { CaptchaRepository } from './modules/captcha/captcha.repository.js';
import { CaptchaService, rasterCaptchaGenerator, type CaptchaGenerator } from './modules/captcha/captcha.service.js';
import { BusinessCalendar } from './lib/business-day.js';
import { CardsRepository } from './modules/cards/cards.repository.js';
import { registerCardRoutes } from './modules/cards/cards.routes.js';
import { CardsService } from './modules/cards/cards.service.js';
import { LedgerService } from './modules/ledger/ledger.service.js';
import { AlipayProvider } from './modules/payments/alipay-provider.js';
import type { PaymentProvider } from './modules/payments/payment-provider.js';
import { PaymentsRepository } from './modules/payments/payments.repository.js';
import {
  registerPaymentCallbacks,
  registerPaymentRoutes,
  registerSandboxCheckout,
} from './modules/payments/payments.routes.js';
import { PaymentsService, type PaymentsLog } from './modules/payments/payments.service.js';
import { PaymentsAdmin } from './modules/payments/payments.admin.js';
import { SandboxProvider } from './modules/payments/sandbox-provider.js';
import { AddressesRepository } from './modules/addresses/addresses.repository.js';
import { registerAddressRoutes } from './modules/addresses/addresses.routes.js';
import { AddressesService } from './modules/addresses/addresses.service.js';
import { CommunityRepository } from './modules/community/community.repository.js';
import { registerCommunityRoutes } from './modules/community/community.routes.js';
import { CommunityService } from './modules/community/community.service.js';
import { CommunityAdmin } from './modules/community/community.admin.js';
import { registerDownloadFiles, registerDownloadRoutes } from './modules/download/download.routes.js';
import { DownloadService } from './modules/download/download.service.js';
import { InvitesAdmin } from './modules/invites/invites.admin.js';
import { DownloadRepository } from './modules/download/download.repository.js';
import { DownloadAdmin } from './modules/download/download.admin.js';
import { registerDownloadConsoleRoutes } from './modules/download/download.console.js';
import { registerNoticeConsoleRoutes } from './modules/notices/notices.console.js';
import { registerCommunityConsoleRoutes } from './modules/community/community.console.js';
import { InvitesRepository } from './modules/invites/invites.repository.js';
import { registerInviteRoutes } from './modules/invites/invites.routes.js';
import { InvitesService } from './modules/invites/invites.service.js';
import { MailingsRepository } from './modules/mailings/mailings.repository.js';
import { registerMailingRoutes } from './modules/mailings/mailings.routes.js';
import { registerMailingConsoleRoutes } from './modules/mailings/mailings.console.js';
import { MailingsService } from './modules/mailings/mailings.service.js';
import { MailingsAdmin } from './modules/mailings/mailings.admin.js';
import { NoticesRepository } from './modules/notices/notices.repository.js';
import { registerNoticeRoutes } from './modules/notices/notices.routes.js';
import { NoticesService } from './modules/notices/notices.service.js';
import { NoticesAdmin } from './modules/notices/notices.admin.js';
import { PoliciesAdmin } from './modules/policies/policies.admin.js';
import { registerPolicyConsoleRoutes } from './modules/policies/policies.console.js';
import { PoliciesRepository } from './modules/policies/policies.repository.js';
import { registerPolicyRoutes } from './modules/policies/policies.routes.js';
import { PoliciesService } from './modules/policies/policies.service.js';
import { ShopRepository } from './modules/shop/shop.repository.js';
import { registerShopRoutes } from './modules/shop/shop.routes.js';
import { registerShopConsoleRoutes } from './modules/shop/shop.console.js';
import { ShopService } from './modules/shop/shop.service.js';
import { ShopAdmin } from './modules/shop/shop.admin.js';
import { CardsAdmin } from './modules/cards/cards.admin.js';
import { registerCardConsoleRoutes } from './modules/cards/cards.console.js';
import { registerPaymentConsoleRoutes } from './modules/payments/payments.console.js';
import { WalkingAdmin } from './modules/walking/walking.admin.js';
import { registerWalkingConsoleRoutes } from './modules/walking/walking.console.js';
import { WalkingHistory } from './modules/walking/walking.history.js';
import { WalkingRepository } from './modules/walking/walking.repository.js';
import { registerWalkingRoutes } from './modules/walking/walking.routes.js';
import { WalkingService } from './modules/walking/walking.service.js';
import { registerDemoOutboxRoutes } from './modules/outbox/outbox.routes.js';
import { OutboxAdmin } from './modules/outbox/outbox.admin.js';
import { registerOutboxConsoleRoutes } from './modules/outbox/outbox.console.js';
import { OutboxRepository } from './modules/outbox/outbox.repository.js';
import { OutboxSender } from './modules/outbox/outbox.service.js';
import { OutboxDeliverer } from './modules/outbox/outbox.deliverer.js';
import { AliyunSmsProvider } from './modules/outbox/aliyun-sms.js';
import type { SmsProvider } from './modules/outbox/sms-provider.js';
import { PushRepository } from './modules/push/push.repository.js';
import { PushService } from './modules/push/push.service.js';
import { WebPushTransport } from './modules/push/push.delivery.js';
import { registerPushRoutes } from './modules/push/push.routes.js';
import { SmsCodesRepository } from './modules/sms-codes/sms-codes.repository.js';
import { SmsCodesService } from './modules/sms-codes/sms-codes.service.js';
import { RateLimitRepository } from './modules/rate-limit/rate-limit.repository.js';
import { RateLimitService } from './modules/rate-limit/rate-limit.service.js';
import { DEMO_ACCOUNT } from './seed/demo-seed.js';
import { registerSystemRoutes } from './modules/system/system.routes.js';
// Metrics and readiness (decision 056).
import { Readiness } from './http/readiness.js';
import { MetricsService } from './modules/metrics/metrics.service.js';
import { registerMetricsRoutes } from './modules/metrics/metrics.routes.js';
import { registerRulesRoutes } from './modules/system/rules.routes.js';
import { StepSourcesRepository } from './modules/step-sources/step-sources.repository.js';
import { registerStepSourceRoutes } from './modules/step-sources/step-sources.routes.js';
// Your data: export and account deletion (decision 047).
import { PrivacyService } from './modules/privacy/privacy.service.js';
import { registerPrivacyRoutes } from './modules/privacy/privacy.routes.js';
import { StepSourcesService } from './modules/step-sources/step-sources.service.js';
// Connected wearable accounts (decision 086).
import { createStepProviders } from './modules/step-connections/providers/index.js';
import { StepConnectionsAdmin } from './modules/step-connections/step-connections.admin.js';
import { registerStepConnectionConsoleRoutes } from './modules/step-connections/step-connections.console.js';
import { StepConnectionsRepository } from './modules/step-connections/step-connections.repository.js';
import {
  registerFitbitNotifications,
  registerConnectionRedirect,
  registerStepConnectionRoutes,
} from './modules/step-connections/step-connections.routes.js';
import { StepConnectionsService, type StepProviders } from './modules/step-connections/step-connections.service.js';
import { NotificationsRepository } from './modules/notifications/notifications.repository.js';
import { registerNotificationRoutes } from './modules/notifications/notifications.routes.js';
import { NotificationsService, type NotificationPusher } from './modules/notifications/notifications.service.js';
import { NotificationSweep } from './modules/notifications/notifications.sweep.js';
// Background jobs: one table, pg-boss on PostgreSQL, in-process on SQLite (decision 055).
import { createJobRunner } from './jobs.js';
import type { JobRunner } from './lib/jobs/runner.js';

declare module 'fastify' {
  interface FastifyRequest {
    language: Language;
    t: Translate;
  }
  interface FastifyInstance {
    services: Services;
    endpoints: EndpointRegistrar;
    /** `/readyz`'s state: checks other parts add, and the drain on shutdown (decision 056). */
    readiness: Readiness;
    /** The Prometheus metrics when METRICS_TOKEN or METRICS_PORT is set; `registerQueueMetrics` adds a job queue. */
    metrics: MetricsService | null;
    /** Background jobs (decision 055): started when the app is ready unless `JOBS_WORKER=false`. */
    jobs: JobRunner;
  }
}

export interface AppOptions {
  config: Config;
  clock?: Clock;
  captchaGenerator?: CaptchaGenerator;
  /** Where new invite codes come from (tests force collisions). */
  inviteCodes?: () => string;
  /** An already migrated database (tests share one per file). */
  db?: Db;
  /** Check every success answer against the contract (tests). */
  validateResponses?: boolean;
  /** Where uploads and packages live; the configured storage (STORAGE, decision 054) by default. */
  storage?: Storage;
  /** Log lines go here instead of stdout (tests read them). */
  logStream?: NodeJS.WritableStream;
  /** The SMS provider instead of the configured one (tests). */
  smsProvider?: SmsProvider;
  /** The payment provider instead of the configured one (tests script a provider's answers). */
  paymentProvider?: PaymentProvider;
  /** The wearable providers instead of the configured ones (tests script their answers). */
  stepProviders?: StepProviders;
}

export interface Services {
  db: Db;
  clock: Clock;
  config: Config;
  accounts: AccountsService;
  sessions: SessionsService;
  captcha: CaptchaService;
  outbox: OutboxSender;
  /**
   * Hands pending outbox messages to the SMS provider (when there is one: else SMS end in the
   * outbox and are never pending) and pushes to their push services (decision 048).
   */
  deliverer: OutboxDeliverer;
  /** Web Push subscriptions, preferences, sendToUser and the daily goal reminder (decision 048). */
  push: PushService;
  /** SMS codes for sign-up and password reset (decision 034). */
  smsCodes: SmsCodesService;
  ledger: LedgerService;
  limits: RateLimitService;
  calendar: BusinessCalendar;
  cards: CardsService;
  walking: WalkingService;
  /** Step-source tokens and health imports (decision 030). */
  stepSources: StepSourcesService;
  /** Connected wearable accounts: OAuth, sealed tokens, syncs through the job queue (decision 086). */
  stepConnections: StepConnectionsService;
  /** History, streaks and milestones, and each day's receipt (decision 031). */
  walkingHistory: WalkingHistory;
  payments: PaymentsService;
  cipher: FieldCipher;
  files: FilesService;
  identity: IdentityService;
  payouts: PayoutsService;
  /** Nickname and avatar (decision 043). */
  profile: ProfileService;
  operators: OperatorsService;
  addresses: AddressesService;
  shop: ShopService;
  mailings: MailingsService;
  invites: InvitesService;
  notices: NoticesService;
  community: CommunityService;
  download: DownloadService;
  /** Object storage: uploads and packages, on the disk or in S3 (decision 054); its check is /readyz's. */
  storage: Storage;
  /** The notifications inbox and the sweep of notifications that come from time (decision 044). */
  notifications: NotificationsService;
  notificationSweep: NotificationSweep;
  privacy: PrivacyService;
  /** Terms and privacy policy versions and users' consents (decision 046). */
  policies: PoliciesService;
  /** Operator accounts and console sessions (decision 021). */
  console: ConsoleService;
  /** Operators' actions: the ops command line (and any other operator tool) calls only these. */
  admin: AdminServices;
}

/** One per domain with operator actions; they take plain values (operator name, ids, inputs). */
export interface AdminServices {
  identity: IdentityAdmin;
  payouts: PayoutsAdmin;
  ledger: LedgerAdmin;
  payments: PaymentsAdmin;
  files: FilesAdmin;
  shop: ShopAdmin;
  mailings: MailingsAdmin;
  notices: NoticesAdmin;
  community: CommunityAdmin;
  accounts: AccountsAdmin;
  outbox: OutboxAdmin;
  reports: ReportsAdmin;
  cards: CardsAdmin;
  walking: WalkingAdmin;
  download: DownloadAdmin;
  policies: PoliciesAdmin;
  stepConnections: StepConnectionsAdmin;
}

/** The configured online payment provider; null when online payment is off (`none`). */
function paymentProvider(config: Config, clock: Clock): PaymentProvider | null {
  const { provider, sandboxSecret, alipay } = config.payments;
  if (provider === 'sandbox') return new SandboxProvider(sandboxSecret);
  if (provider === 'alipay' && alipay) return new AlipayProvider(alipay, clock);
  return null;
}

/** Every service over one database; the app and the ops command line share it. */
export function buildServices(
  config: Config,
  db: Db,
  options: Omit<AppOptions, 'config'> & { log?: PaymentsLog } = {},
): Services {
  const clock = options.clock ?? systemClock;
  // Shared by each domain's service and its operators' side.
  const identityRepository = new IdentityRepository();
  const payoutsRepository = new PayoutsRepository();
  const paymentsRepository = new PaymentsRepository();
  const shopRepository = new ShopRepository();
  const mailingsRepository = new MailingsRepository();
  const noticesRepository = new NoticesRepository();
  const communityRepository = new CommunityRepository();
  // Values sealed before DATA_ENCRYPTION_KEY existed were keyed by APP_SECRET; they still open.
  const cipher = new FieldCipher(config.dataKey, config.appSecret);
  const limits = new RateLimitService(db, new RateLimitRepository(), clock);
  const captcha = new CaptchaService(
    db,
    new CaptchaRepository(),
    clock,
    config.appSecret,
    options.captchaGenerator ?? rasterCaptchaGenerator,
    limits,
    config,
  );
  const outboxRepository = new OutboxRepository();
  const smsProvider = options.smsProvider ?? (config.sms.aliyun ? new AliyunSmsProvider(config.sms.aliyun) : null);
  const pushRepository = new PushRepository();
  const deliverer = new OutboxDeliverer(
    db,
    outboxRepository,
    smsProvider,
    clock,
    config.sms.delivery,
    new WebPushTransport(db, pushRepository, clock, config),
  );
  const outbox = new OutboxSender(db, outboxRepository, clock, smsProvider !== null, () => deliverer.wake());
  const smsCodes = new SmsCodesService(db, new SmsCodesRepository(), limits, outbox, clock, config);
  const hasher = new PasswordHasher(config.argon2);
  const policiesRepository = new PoliciesRepository();
  const policies = new PoliciesService(db, policiesRepository, clock);
  const accountsRepository = new AccountsRepository();
  const sessions = new SessionsService(
    db,
    new SessionsRepository(),
    clock,
    config.appSecret,
    config.sessionDays,
    config.sessionCacheMs,
  );
  const accounts = new AccountsService(
    db,
    accountsRepository,
    new PasswordResetsRepository(),
    sessions,
    hasher,
    captcha,
    limits,
    smsCodes,
    clock,
    config,
    options.inviteCodes,
    policies,
  );
  const ledger = new LedgerService(db, clock);
  // The notifications inbox (decision 044): every event is recorded through it.
  const notices = new NoticesService(db, noticesRepository, clock, config.contentCacheMs);
  // A new notification is pushed too (decision 048); push is built below (it needs walking,
  // which records notifications), and only called once the app runs.
  const notificationPusher: NotificationPusher = {
    sendToUser: (executor, userId, message) => push.sendToUser(executor, userId, message),
    nudge: () => push.nudge(),
  };
  const notifications = new NotificationsService(db, new NotificationsRepository(), notices, clock, notificationPusher);
  const calendar = new BusinessCalendar(config.businessUtcOffsetMinutes);
  const cardsRepository = new CardsRepository();
  const walkingRepository = new WalkingRepository();
  const cards = new CardsService(db, cardsRepository, ledger, cipher, clock, calendar, config, notifications);
  const operators = new OperatorsService(
    db,
    new OperatorActionsRepository(),
    clock,
    new OperatorOriginsRepository(),
    config.fourEyes.independenceDays,
  );
  const invitesRepository = new InvitesRepository();
  const invites = new InvitesService(db, invitesRepository, ledger, clock, calendar, config, notifications);
  const walkingHistory = new WalkingHistory(db, walkingRepository, cards, invites, clock, calendar, config);
  const addresses = new AddressesService(db, new AddressesRepository(), clock, config);
  const walking = new WalkingService(
    db,
    walkingRepository,
    cards,
    ledger,
    clock,
    calendar,
    config,
    invites,
    notices,
    addresses,
    notifications,
  );
  const stepSources = new StepSourcesService(db, new StepSourcesRepository(), walking, limits, clock, calendar, config);
  const stepConnectionsRepository = new StepConnectionsRepository();
  const stepConnections = new StepConnectionsService(
    db,
    stepConnectionsRepository,
    walking,
    notifications,
    limits,
    cipher,
    clock,
    calendar,
    config.stepConnections,
    options.stepProviders ?? createStepProviders(config.stepConnections),
    config.businessUtcOffsetMinutes,
  );
  const shop = new ShopService(db, shopRepository, addresses, cards, ledger, clock);
  const mailings = new MailingsService(db, mailingsRepository, cards, addresses, clock, calendar, config);
  const community = new CommunityService(db, communityRepository);
  const downloadRepository = new DownloadRepository();
  const storage = options.storage ?? createStorage(config);
  const download = new DownloadService(config, db, downloadRepository, storage.area('companion'));
  const provider = options.paymentProvider ?? paymentProvider(config, clock);
  const payments = new PaymentsService(db, paymentsRepository, cards, ledger, clock, config, provider, options.log);
  const files = new FilesService(db, new FilesRepository(), storage.area('uploads'), limits, clock, config, policies);
  const push = new PushService(db, pushRepository, outbox, walking, clock, config);
  // An identity decision changes what the session read carries (decision 049).
  const forgetSessions = (userId: string) => sessions.forgetUser(userId);
  const identity = new IdentityService(db, identityRepository, files, cipher, clock, calendar, config, forgetSessions);
  const payouts = new PayoutsService(db, payoutsRepository, identity, ledger, cipher, clock, calendar, config);
  // Your data (decision 047): one section per module, in the export's order; the deletion erases
  // them in this order too (identity before the uploads its photos are).
  const privacy = new PrivacyService(
    db,
    [
      accounts.personalData(),
      identity.personalData(),
      files.personalData(),
      walking.personalData(),
      // Connected accounts are part of the step-sources section (decision 086).
      stepConnections.withConnections(stepSources.personalData()),
      ledger.personalData(),
      walking.exchangesData(),
      cards.personalData(),
      payouts.personalData(),
      addresses.personalData(),
      shop.personalData(),
      mailings.personalData(),
      invites.personalData(),
      notifications.personalData(),
      policies.personalData(),
      push.personalData(),
    ],
    accounts,
    ledger,
    limits,
    clock,
    calendar,
  );
  const profile = new ProfileService(db, accountsRepository, files, forgetSessions);
  return {
    db,
    clock,
    config,
    accounts,
    sessions,
    captcha,
    outbox,
    deliverer,
    push,
    smsCodes,
    ledger,
    limits,
    calendar,
    cards,
    walking,
    stepSources,
    stepConnections,
    walkingHistory,
    payments,
    cipher,
    files,
    identity,
    payouts,
    profile,
    operators,
    addresses,
    shop,
    mailings,
    invites,
    notices,
    community,
    download,
    storage,
    notifications,
    notificationSweep: new NotificationSweep(cards, walking, clock, calendar, config),
    privacy,
    policies,
    console: new ConsoleService(db, new ConsoleRepository(), hasher, cipher, limits, operators, clock, config),
    admin: {
      identity: new IdentityAdmin(db, identityRepository, files, operators, notifications, cipher, forgetSessions),
      payouts: new PayoutsAdmin(
        db,
        payoutsRepository,
        ledger,
        operators,
        cipher,
        clock,
        config.withdraw.secondApprovalAbove,
        notifications,
      ),
      ledger: new LedgerAdmin(db, new CorrectionsRepository(), ledger, operators, clock),
      payments: new PaymentsAdmin(db, paymentsRepository, ledger, operators, clock, payments, cards),
      files: new FilesAdmin(db, files, new FilesRepository(), operators, clock, () =>
        runCleanup({ files, captcha, limits, smsCodes, stepConnections, config }),
      ),
      shop: new ShopAdmin(db, shopRepository, operators, clock, notifications),
      mailings: new MailingsAdmin(db, mailingsRepository, operators, notifications),
      notices: new NoticesAdmin(db, noticesRepository, operators, clock, notices),
      community: new CommunityAdmin(db, communityRepository, operators, clock),
      accounts: new AccountsAdmin(
        db,
        accountsRepository,
        operators,
        limits,
        { identity, cards, payouts, shop, invites: new InvitesAdmin(db, invitesRepository), ledger },
        clock,
        sessions,
      ),
      outbox: new OutboxAdmin(db, outboxRepository, operators),
      reports: new ReportsAdmin(db, new ReportsRepository(), clock, calendar, config.businessUtcOffsetMinutes),
      cards: new CardsAdmin(db, cardsRepository, operators, clock),
      walking: new WalkingAdmin(db, walkingRepository, operators, clock, walking),
      download: new DownloadAdmin(db, downloadRepository, download, operators, clock, config),
      policies: new PoliciesAdmin(db, policiesRepository, operators, clock),
      stepConnections: new StepConnectionsAdmin(db, stepConnectionsRepository, stepConnections, operators, clock),
    },
  };
}

/** Builds the whole app in a fixed order: infrastructure, services, routes. */
export async function createApp(options: AppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            ...(options.logStream ? { stream: options.logStream } : {}),
            // Provider tokens and PKCE verifiers never reach a log line, whatever logs them (decision 086).
            redact: [
              'req.headers.authorization',
              'req.headers.cookie',
              '*.accessToken',
              '*.refreshToken',
              '*.access_token',
              '*.refresh_token',
              '*.codeVerifier',
              '*.code_verifier',
            ],
            serializers: {
              // Query strings can carry phone numbers and codes: log the path only.
              req: (req: { method: string; url: string; id: string }) => ({
                id: req.id,
                method: req.method,
                path: req.url.split('?')[0],
              }),
            },
          },
    bodyLimit: config.bodyLimit,
    trustProxy: config.trustProxy,
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: MAX_PARAM_LENGTH },
    // The router's own refusals (bad percent-encoding, an overlong path parameter) come here
    // without any hook having run: answer them as the envelope any other bad input gets.
    frameworkErrors: (error, request, reply) => {
      answerFrameworkError(error, request, reply);
    },
  });

  const db =
    options.db ??
    createDatabase(config.database, {
      onConnectionError: (error) => app.log.warn({ err: error }, 'database connection lost; the pool replaces it'),
    });
  if (!options.db) {
    await migrateToLatest(db);
    app.addHook('onClose', () => db.destroy());
  }
  const services = buildServices(config, db, { ...options, log: app.log });
  if (!options.storage) app.addHook('onClose', () => services.storage.close());
  if (services.payments.provider instanceof AlipayProvider) await services.payments.provider.ready;
  // Sign-up accepts the current policies: a new installation starts with version 1 (decision 046).
  await services.policies.ensureInitial();
  app.decorate('services', services);
  // Background jobs (decision 055): outbox delivery, the payments sweep, the daily cash back,
  // notifications from time, goal reminders and the cleanup, from one table. The worker starts
  // when the app is ready; a close stops it taking jobs and waits (bounded) for the running ones.
  const jobs = createJobRunner(services, config, app.log);
  app.decorate('jobs', jobs);
  // Pending SMS and pushes go out from the delivery job, never inside a request (decisions 034, 048).
  services.deliverer.log = app.log;
  services.deliverer.onWake = () => void jobs.trigger('outbox.deliver');
  // A new connection or a Fitbit notification asks for a sync pass (decision 086); with the job
  // off (no schedule, as in tests) a pass runs only when run by hand.
  services.stepConnections.log = app.log;
  if (config.stepConnections.pollSeconds > 0) {
    services.stepConnections.onDue = () => void jobs.trigger('steps.connections-sync');
  }
  if (config.jobs.worker) {
    app.addHook('onReady', () => jobs.start());
  }
  app.addHook('onClose', () => jobs.stop());

  await registerRequestHooks(app, config);

  registerJsonBodies(app);

  if (config.corsOrigins.length > 0) {
    // Only for a web app served from another origin that lists this server as a backup host.
    await app.register(fastifyCors, {
      origin: config.corsOrigins,
      methods: ['GET', 'POST', 'PUT', 'DELETE'],
      allowedHeaders: ['authorization', 'content-type', 'platform', 'accept-language'],
      exposedHeaders: ['x-request-id'],
      maxAge: 600,
    });
  }

  // Uploads: one file within UPLOAD_MAX_BYTES and a few short fields; read in the route.
  await app.register(fastifyMultipart, {
    limits: { fileSize: config.uploads.maxBytes, files: 1, fields: 4, fieldSize: 256, parts: 5 },
  });

  registerErrorHandlers(app, config);

  const endpoints = new EndpointRegistrar(
    app,
    (token) => services.sessions.authenticate(token),
    options.validateResponses ?? false,
    (token) => services.console.authenticate(token),
    config.publicUrl ? [new URL(config.publicUrl).origin] : [],
    (token) => services.stepSources.authenticate(token),
  );
  app.decorate('endpoints', endpoints);

  // Readiness and metrics (decision 056): /readyz's checks and drain; /metrics when configured,
  // whose hooks count every request below.
  const readiness = new Readiness();
  app.decorate('readiness', readiness);
  // While draining, an answer to a request that was already running closes its connection, so the
  // client does not send the next one here (new requests are refused by Fastify's own drain).
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (readiness.draining) void reply.header('connection', 'close');
    done(null, payload);
  });
  const metrics = config.metrics.enabled
    ? new MetricsService(db, config.database.dialect, services.ledger, services.outbox)
    : null;
  app.decorate('metrics', metrics);
  if (metrics) {
    // The job queue's depth and failures (decision 055), read at every scrape.
    metrics.registerQueueMetrics(async () =>
      (await jobs.stats()).map(({ name, queued, active, failed }) => ({ name, waiting: queued, active, failed })),
    );
    // Connected wearable accounts (decision 086): connections and lag at each scrape, syncs as they end.
    metrics.registerStepConnectionMetrics(() => services.admin.stepConnections.health());
    services.stepConnections.onSyncResult = (provider, result) => metrics.countStepSync(provider, result);
    registerMetricsRoutes(app, metrics, config.metrics);
    app.addHook('onClose', () => metrics.close());
  }
  // Uploads and packages live in object storage (decision 054): a server that cannot reach it
  // takes no traffic. The cause goes to the log only.
  readiness.addCheck('storage', async () => {
    try {
      await services.storage.check();
    } catch (error) {
      app.log.warn({ err: (error as { reason?: unknown }).reason ?? error }, 'object storage unreachable');
      throw new Error('unreachable');
    }
  });
  registerSystemRoutes(app, db, readiness);
  registerAccountRoutes(endpoints.forModule('accounts'), services);
  registerAccountsConsoleRoutes(endpoints.forModule('accounts'), services);
  registerOutboxConsoleRoutes(endpoints.forModule('outbox'), services);
  registerWalkingRoutes(endpoints.forModule('walking'), services);
  registerWalkingConsoleRoutes(endpoints.forModule('walking'), services);
  registerStepSourceRoutes(endpoints.forModule('step-sources'), services);
  registerStepConnectionRoutes(endpoints.forModule('step-sources'), services);
  registerStepConnectionConsoleRoutes(endpoints.forModule('step-sources'), services);
  registerPrivacyRoutes(endpoints.forModule('privacy'), services);
  registerCardRoutes(endpoints.forModule('cards'), services);
  registerCardConsoleRoutes(endpoints.forModule('cards'), services);
  registerPaymentRoutes(endpoints.forModule('payments'), services);
  registerPaymentConsoleRoutes(endpoints.forModule('payments'), services);
  registerFileRoutes(endpoints.forModule('files'), services);
  registerFileConsoleRoutes(endpoints.forModule('files'), services);
  registerIdentityRoutes(endpoints.forModule('identity'), services);
  registerIdentityConsoleRoutes(endpoints.forModule('identity'), services);
  registerPayoutRoutes(endpoints.forModule('payouts'), services);
  registerAddressRoutes(endpoints.forModule('addresses'), services);
  registerShopRoutes(endpoints.forModule('shop'), services);
  registerShopConsoleRoutes(endpoints.forModule('shop'), services);
  registerMailingRoutes(endpoints.forModule('mailings'), services);
  registerMailingConsoleRoutes(endpoints.forModule('mailings'), services);
  registerInviteRoutes(endpoints.forModule('invites'), services);
  registerNoticeRoutes(endpoints.forModule('notices'), services);
  registerNoticeConsoleRoutes(endpoints.forModule('notices'), services);
  registerCommunityRoutes(endpoints.forModule('community'), services);
  registerPushRoutes(endpoints.forModule('push'), services);
  registerPolicyRoutes(endpoints.forModule('policies'), services);
  registerPolicyConsoleRoutes(endpoints.forModule('policies'), services);
  registerCommunityConsoleRoutes(endpoints.forModule('community'), services);
  registerDownloadRoutes(endpoints.forModule('download'), services);
  registerDownloadConsoleRoutes(endpoints.forModule('download'), services);
  registerRulesRoutes(endpoints.forModule('system'), services);
  registerConsoleRoutes(endpoints.forModule('console'), services);
  registerReportsConsoleRoutes(endpoints.forModule('reports'), services);
  registerLedgerConsoleRoutes(endpoints.forModule('ledger'), services);
  registerNotificationRoutes(endpoints.forModule('notifications'), services);
  registerDownloadFiles(app, services.download);
  registerMediaFiles(app, services.files);
  registerPaymentCallbacks(app, services);
  registerConnectionRedirect(app);
  registerFitbitNotifications(app, {
    stepConnections: services.stepConnections,
    fitbit: config.stepConnections.fitbit,
  });
  if (config.payments.provider === 'sandbox') registerSandboxCheckout(app, services);
  for (const endpoint of ENDPOINTS) {
    if (!endpoints.implemented.has(endpoint.id)) endpoints.notAvailable(endpoint);
  }
  if (config.mode === 'demo') {
    registerDemoOutboxRoutes(app, services.outbox, {
      recipient: config.demo.outboxAll ? null : DEMO_ACCOUNT.account,
    });
  }

  await registerStaticApps(app, config);

  return app;
}
