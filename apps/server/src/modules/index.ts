import { DATA_EXPORT_SECTIONS } from '@stride/contract';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { readConfig, type FrameConfig } from '../config.js';
import type { Db } from '../db/database.js';
import type { EndpointRegistrar } from '../http/endpoints.js';
import { BusinessCalendar } from '../lib/business-day.js';
import { systemClock, type Clock } from '../lib/clock.js';
import type { JobDefinition, JobRunner } from '../lib/jobs/runner.js';
import type { AnyModule, BuiltBy, Frame, FrameServices, OptionsOf, SettingsOf } from '../lib/module.js';
import type { PersonalDataSection } from '../lib/personal-data.js';
import { FieldCipher } from '../lib/secrets.js';
import { createStorage, type Storage } from '../storage/storage.js';
import { accountsModule } from './accounts/accounts.module.js';
import { addressesModule } from './addresses/addresses.module.js';
import { appealsModule } from './appeals/appeals.module.js';
import { auditModule } from './audit/audit.module.js';
import { captchaModule } from './captcha/captcha.module.js';
import { challengesModule } from './challenges/challenges.module.js';
import { clubsModule } from './clubs/clubs.module.js';
import { cardsModule } from './cards/cards.module.js';
import { communityModule } from './community/community.module.js';
import { downloadModule } from './download/download.module.js';
import { economyModule } from './economy/economy.module.js';
import { filesModule } from './files/files.module.js';
import { friendsModule } from './friends/friends.module.js';
import { identityModule } from './identity/identity.module.js';
import { invitesModule } from './invites/invites.module.js';
import { ledgerModule } from './ledger/ledger.module.js';
import { mailingsModule } from './mailings/mailings.module.js';
import { moderationModule } from './moderation/moderation.module.js';
import { noticesModule } from './notices/notices.module.js';
import { notificationsModule } from './notifications/notifications.module.js';
import { operatorsModule } from './operators/operators.module.js';
import { outboxModule } from './outbox/outbox.module.js';
import { paymentPasswordsModule } from './payment-passwords/payment-passwords.module.js';
import { paymentsModule } from './payments/payments.module.js';
import { payoutsModule } from './payouts/payouts.module.js';
import { policiesModule } from './policies/policies.module.js';
import { privacyModule } from './privacy/privacy.module.js';
import { pushModule } from './push/push.module.js';
import { rateLimitModule } from './rate-limit/rate-limit.module.js';
import { reportsModule } from './reports/reports.module.js';
import { rulesModule } from './rules/rules.module.js';
import { shopModule } from './shop/shop.module.js';
import { smsCodesModule } from './sms-codes/sms-codes.module.js';
import { stepConnectionsModule } from './step-connections/step-connections.module.js';
import { stepSourcesModule } from './step-sources/step-sources.module.js';
import { systemModule } from './system/system.module.js';
import { walkingModule } from './walking/walking.module.js';

/**
 * Every module, in the order they are built (docs/architecture.md, "Modules"): a module's `needs`
 * name only modules above it. Adding a module is its folder and one line here.
 */
export const MODULES = [
  rateLimitModule,
  captchaModule,
  auditModule,
  policiesModule,
  outboxModule,
  smsCodesModule,
  filesModule,
  accountsModule,
  paymentPasswordsModule,
  ledgerModule,
  noticesModule,
  notificationsModule,
  rulesModule,
  economyModule,
  cardsModule,
  invitesModule,
  friendsModule,
  clubsModule,
  moderationModule,
  challengesModule,
  addressesModule,
  walkingModule,
  appealsModule,
  stepSourcesModule,
  stepConnectionsModule,
  shopModule,
  mailingsModule,
  communityModule,
  downloadModule,
  paymentsModule,
  identityModule,
  payoutsModule,
  pushModule,
  operatorsModule,
  reportsModule,
  privacyModule,
  systemModule,
] as const satisfies readonly AnyModule[];

/** The configuration: the frame's settings and every module's (docs/configuration.md). */
export type Config = FrameConfig & SettingsOf<typeof MODULES>;

/** Every service the modules build, by name; operators' sides under `admin`. */
export type Services = Omit<FrameServices, 'config'> & BuiltBy<typeof MODULES> & { config: Config };

/** What a build may be handed instead of the real thing (tests): a clock, storage, providers' stand-ins. */
export type BuildOptions = { clock?: Clock; storage?: Storage; log?: FastifyBaseLogger } & Partial<
  OptionsOf<typeof MODULES>
>;

/** The configuration from the environment: the frame's variables, then each module's. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  return readConfig(
    env,
    MODULES.flatMap((module: AnyModule) => (module.settings ? [module.settings] : [])),
  );
}

const sectionOrder = (section: PersonalDataSection) =>
  (DATA_EXPORT_SECTIONS as readonly string[]).indexOf(section.name);

/** Every service over one database, module by module in MODULES' order; the app and the ops command line share it. */
export function buildServices(config: Config, db: Db, options: BuildOptions = {}): Services {
  const clock = options.clock ?? systemClock;
  // Values sealed before DATA_ENCRYPTION_KEY existed were keyed by APP_SECRET; they still open.
  const cipher = new FieldCipher(config.dataKey, config.appSecret);
  const calendar = new BusinessCalendar(config.businessUtcOffsetMinutes);
  const storage = options.storage ?? createStorage(config);
  const services: Record<string, unknown> & { admin: Record<string, unknown> } = {
    db,
    clock,
    config,
    calendar,
    cipher,
    storage,
    admin: {},
  };
  const built: AnyModule[] = [];
  // Your data (decision 047 "Your data"): each built module's sections, in the export's order; the deletion
  // erases them in this order too (identity before the uploads its photos are).
  const personalData = () =>
    built.flatMap((module) => module.personalData?.(services) ?? []).sort((a, b) => sectionOrder(a) - sectionOrder(b));
  const frame: Frame<Config, BuildOptions> = { db, clock, config, calendar, cipher, storage, options, personalData };
  if (options.log) frame.log = options.log;
  for (const module of MODULES as readonly AnyModule[]) {
    for (const name of module.needs ?? []) {
      if (!(name in services)) {
        throw new Error(`The ${module.name} module needs ${name}, which no module above it in MODULES builds.`);
      }
    }
    for (const [key, value] of Object.entries(module.build(frame, services) as Record<string, unknown>)) {
      if (key === 'admin') Object.assign(services.admin, value);
      else if (key in services) throw new Error(`The ${module.name} module builds ${key}, which is built already.`);
      else services[key] = value;
    }
    built.push(module);
  }
  for (const module of MODULES as readonly AnyModule[]) {
    for (const name of module.later ?? []) {
      // `admin.x`: an operators' side another module builds.
      const [scope, key] = name.startsWith('admin.') ? [services.admin, name.slice('admin.'.length)] : [services, name];
      if (!(key in scope)) {
        throw new Error(`The ${module.name} module calls ${name} later, which no module builds.`);
      }
    }
  }
  return services as unknown as Services;
}

/** Every module's endpoints (each registrar scoped to the module's contract name), then its other routes. */
export function registerModules(app: FastifyInstance, endpoints: EndpointRegistrar, services: Services): void {
  for (const module of MODULES as readonly AnyModule[]) {
    module.routes?.(endpoints.forModule(module.contract ?? module.name), services, services.config);
  }
  for (const module of MODULES as readonly AnyModule[]) module.http?.(app, services, services.config);
}

/** The one table of background jobs (decision 055 "Background jobs in a queue"), made of every module's. */
export function moduleJobs(services: Services): JobDefinition[] {
  return (MODULES as readonly AnyModule[]).flatMap((module) => module.jobs?.(services, services.config) ?? []);
}

/** What each module does once the app runs: wait for a provider's keys, wire its jobs and log. */
export async function startModules(services: Services, runtime: { log: FastifyBaseLogger; jobs: JobRunner }) {
  for (const module of MODULES as readonly AnyModule[]) await module.start?.(services, runtime, services.config);
}
