import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { FrameConfig, SettingsSlice } from '../config.js';
import type { Db } from '../db/database.js';
import type { EndpointRegistrar } from '../http/endpoints.js';
import type { Storage } from '../storage/storage.js';
import type { BusinessCalendar } from './business-day.js';
import type { Clock } from './clock.js';
import type { JobDefinition, JobRunner } from './jobs/runner.js';
import type { PersonalDataSection } from './personal-data.js';
import type { FieldCipher } from './secrets.js';

/**
 * What every module is built from (docs/architecture.md, "Modules"): the database, the clock,
 * the configuration, the business calendar, the field cipher and object storage. `C` is the part
 * of the configuration a module reads (its own settings, and any other module's it names); `O`
 * the stand-ins a test may hand it instead of a real provider.
 */
export interface Frame<C extends object = object, O extends object = object> {
  db: Db;
  clock: Clock;
  config: FrameConfig & C;
  calendar: BusinessCalendar;
  /** Personal data at rest (ID and account numbers), keyed by DATA_ENCRYPTION_KEY. */
  cipher: FieldCipher;
  /** Uploads and packages, on the disk or in S3 (docs/operations.md). */
  storage: Storage;
  /** Stand-ins for outside providers and generators (tests); empty in a real start. */
  options: Partial<O>;
  /** The server's log; absent when the services run without the HTTP app (the ops command line). */
  log?: FastifyBaseLogger;
  /** Every module's part of a user's data, in the export's order (decision 047 "Your data"); for the privacy module. */
  personalData(): PersonalDataSection[];
}

/** The services every module may name without a module building them. */
export interface FrameServices {
  db: Db;
  clock: Clock;
  config: FrameConfig;
  calendar: BusinessCalendar;
  cipher: FieldCipher;
  storage: Storage;
}

/**
 * One module's definition (docs/architecture.md, "Modules"): its settings, what it builds on by
 * name, what it builds (services, and under `admin` its operators' side), its endpoints, its other
 * HTTP routes, its background jobs and its part of a user's data. `modules/index.ts` lists every
 * module in the order they are built; nothing else names them.
 */
export interface ModuleDefinition<
  Name extends string,
  Settings extends object,
  F extends Frame<object, object>,
  Needs extends object,
  Built extends object,
> {
  name: Name;
  /** The contract module its endpoints belong to, when it is not `name` (packages/contract). */
  contract?: string;
  /** Its environment variables (each described; docs/configuration.md is generated from them). */
  settings?: SettingsSlice<Settings>;
  /** The services of modules listed before it that `build` uses; checked when the server starts. */
  needs?: readonly (keyof Needs & string)[];
  /**
   * Services of modules listed after it that its services call later (never while building):
   * a cycle of calls broken by looking them up at call time. Checked once every module is built.
   */
  later?: readonly string[];
  build(frame: F, needs: Needs): Built;
  /** Registers the contract endpoints it implements, the users' and the console's. */
  routes?(endpoints: EndpointRegistrar, services: Needs & Built, config: F['config']): void;
  /** Routes outside the contract: callbacks from providers, files, pages (registered after every endpoint). */
  http?(app: FastifyInstance, services: Needs & Built, config: F['config']): void;
  /**
   * Its background jobs (decision 055 "Background jobs in a queue"): the scheduler runs one table made of every
   * module's.
   */
  jobs?(services: Needs & Built, config: F['config']): JobDefinition[];
  /** Its sections of the data export and the account deletion (decision 047 "Your data"). */
  personalData?(services: Needs & Built): PersonalDataSection[];
  /**
   * What it does once the HTTP app runs, before it listens: wait for a provider's keys, seed a
   * first record, hand its services the app's log and a way to trigger its jobs.
   */
  start?(services: Needs & Built, runtime: ModuleRuntime, config: F['config']): void | Promise<void>;
}

/** What `start` is given: the app's log, and the job runner (to trigger a job now). */
export interface ModuleRuntime {
  log: FastifyBaseLogger;
  jobs: Pick<JobRunner, 'trigger'>;
}

/** Declares a module; the type parameters are inferred from the definition, never written. */
export function defineModule<
  const Name extends string,
  Settings extends object,
  F extends Frame<object, object>,
  Needs extends object,
  Built extends object,
>(definition: ModuleDefinition<Name, Settings, F, Needs, Built>): ModuleDefinition<Name, Settings, F, Needs, Built> {
  return definition;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any module, whatever it builds
export type AnyModule = ModuleDefinition<string, any, any, any, any>;

/** `A | B` as `A & B`: the services of every module as one object type. */
export type UnionToIntersection<U> = (U extends unknown ? (value: U) => void : never) extends (value: infer I) => void
  ? I
  : never;

/** What the listed modules build, as one object type (the `Services` the app runs with). */
export type BuiltBy<M extends readonly AnyModule[]> = UnionToIntersection<
  { [K in keyof M]: M[K] extends { build(...args: never[]): infer B } ? B : never }[number]
>;

/** What the listed modules' settings add to the configuration. */
export type SettingsOf<M extends readonly AnyModule[]> = UnionToIntersection<
  { [K in keyof M]: M[K] extends { settings?: SettingsSlice<infer S> } ? S : never }[number]
>;

/** The stand-ins the listed modules accept (tests). */
export type OptionsOf<M extends readonly AnyModule[]> = UnionToIntersection<
  {
    [K in keyof M]: M[K] extends { build(frame: infer F, ...rest: never[]): unknown }
      ? F extends Frame<object, infer O>
        ? O
        : never
      : never;
  }[number]
>;
