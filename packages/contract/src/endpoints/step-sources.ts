import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { DaySchema, DoneSchema, IdParamsSchema, IdSchema, TimestampSchema, text } from '../common.js';
import { ReasonBodySchema } from './operators.js';
import { MAX_DAILY_STEPS, StepReportResultSchema } from './walking.js';

// Step sources besides the in-app counter (docs/product/rules.md, Step sources): tokens that may
// only post steps, and health exports that fill history.

/** Active tokens a user may hold at once. */
export const DEVICE_TOKENS_MAX = 10;

export const DeviceTokenSchema = z.object({
  id: IdSchema,
  name: z.string(),
  /** The token's last four characters, to tell tokens apart; the token itself is shown once. */
  hint: z.string(),
  createdAt: TimestampSchema,
  lastUsedAt: TimestampSchema.nullable(),
});

export const listDeviceTokens = defineEndpoint({
  id: 'stepSources.tokens',
  method: 'GET',
  path: '/api/step-sources/tokens',
  access: 'user',
  summary: "The user's step-source tokens that are not revoked, newest first.",
  response: z.array(DeviceTokenSchema),
});

export const createDeviceToken = defineEndpoint({
  id: 'stepSources.createToken',
  method: 'POST',
  path: '/api/step-sources/tokens',
  access: 'user',
  summary: `Creates a token that may only post steps for this user (at most ${DEVICE_TOKENS_MAX} at once). The token is answered once.`,
  body: z.strictObject({ name: text().trim().min(1).max(40) }),
  response: DeviceTokenSchema.extend({ token: z.string() }),
});

export const revokeDeviceToken = defineEndpoint({
  id: 'stepSources.revokeToken',
  method: 'POST',
  path: '/api/step-sources/tokens/{id}/revoke',
  access: 'user',
  summary: 'Revokes a token for good: its next post answers 1001. Steps it posted stay.',
  params: IdParamsSchema,
  response: DoneSchema,
});

/**
 * How a bucket's steps were recorded, as the phone's health store says it: counted by a sensor
 * (`automatic`; HealthKit samples not "user entered", Health Connect's automatic recording),
 * during a workout the user started (`active`), typed in by hand (`manual`: refused), or not said.
 */
export const STEP_BUCKET_RECORDINGS = ['automatic', 'active', 'manual', 'unknown'] as const;
export const StepBucketRecordingSchema = z.enum(STEP_BUCKET_RECORDINGS);

/** Buckets one post may carry (a day of hours, with room for a resend of yesterday). */
export const STEP_BUCKETS_PER_POST = 200;
/** The longest bucket: an hour. */
export const STEP_BUCKET_MAX_MINUTES = 60;
/** The most steps one bucket may hold (an hour of running). */
export const STEP_BUCKET_MAX_STEPS = 30_000;

export const StepBucketSchema = z.strictObject({
  /** The bucket's start and end (ISO 8601 with an offset): within one service day, at most an hour apart, end after start. */
  start: z.iso.datetime({ offset: true }),
  end: z.iso.datetime({ offset: true }),
  steps: z.number().int().min(0).max(STEP_BUCKET_MAX_STEPS),
  recorded: StepBucketRecordingSchema.default('unknown'),
});

/** Why a bucket was not counted (the day's receipt says the same). */
export const STEP_BUCKET_OUTCOMES = [
  'counted',
  'unchanged',
  'manual',
  'overlap',
  'late',
  'future',
  'invalid',
  'refused',
] as const;

export const StepBucketsResultSchema = z.object({
  /** One entry per bucket sent, in the order sent. */
  buckets: z.array(
    z.object({
      start: TimestampSchema,
      /** `counted`: new or grown; `unchanged`: the same bucket again; the rest are refusals. */
      outcome: z.enum(STEP_BUCKET_OUTCOMES),
    }),
  ),
  /** Each day the post touched, as a plain `steps` post answers it. */
  days: z.array(StepReportResultSchema),
});

export const postDeviceSteps = defineEndpoint({
  id: 'stepSources.post',
  method: 'POST',
  path: '/api/device/steps',
  access: 'device',
  summary:
    "A step-source token posts a day's count (today when `day` is left out; today or yesterday otherwise), or hourly buckets (`buckets`), each counted once however often it is sent. The only call such a token may make.",
  body: z.union([
    z.strictObject({
      day: DaySchema.optional(),
      steps: z.number().int().min(0).max(MAX_DAILY_STEPS),
    }),
    z.strictObject({
      buckets: z.array(StepBucketSchema).min(1).max(STEP_BUCKETS_PER_POST),
    }),
  ]),
  response: z.union([StepReportResultSchema, StepBucketsResultSchema]),
});

// ---- Connected wearable accounts (docs/product/step-sources.md, Connected accounts) ----

/** Wearable clouds a user can connect: Huawei Health Kit and the Fitbit Web API. */
export const STEP_PROVIDERS = ['huawei', 'fitbit'] as const;
export const StepProviderSchema = z.enum(STEP_PROVIDERS);

/** `active`: syncing; `revoked`: the provider no longer lets Stride read (the user withdrew it there): reconnect. */
export const STEP_CONNECTION_STATUSES = ['active', 'revoked'] as const;

/** Why the latest sync failed; the message says it in the user's language. */
export const STEP_SYNC_ERRORS = ['rateLimited', 'providerUnavailable', 'providerAnswerInvalid', 'revoked'] as const;
export const StepSyncErrorSchema = z.enum(STEP_SYNC_ERRORS);

export const StepConnectionSchema = z.object({
  id: IdSchema,
  provider: StepProviderSchema,
  /** The account's name at the provider (its display name), as the receipt names the source. */
  accountName: z.string(),
  status: z.enum(STEP_CONNECTION_STATUSES),
  connectedAt: TimestampSchema,
  lastSyncAt: TimestampSchema.nullable(),
  /** Today's count from this connection. */
  todaySteps: z.number().int(),
  lastError: z.object({ code: StepSyncErrorSchema, message: z.string(), at: TimestampSchema }).nullable(),
  /** When the next sync is due (null once revoked). */
  nextSyncAt: TimestampSchema.nullable(),
});

export const listStepConnections = defineEndpoint({
  id: 'stepSources.connections',
  method: 'GET',
  path: '/api/step-sources/connections',
  access: 'user',
  summary: "The providers this server can connect, and the user's connected accounts with their sync state.",
  response: z.object({ available: z.array(StepProviderSchema), connections: z.array(StepConnectionSchema) }),
});

export const startStepConnection = defineEndpoint({
  id: 'stepSources.connect',
  method: 'POST',
  path: '/api/step-sources/connections',
  access: 'user',
  summary:
    "Starts connecting a provider account: answers the provider's authorization address (OAuth 2.0 code flow with PKCE and a state bound to this user, valid 10 minutes). One connection per provider.",
  body: z.strictObject({ provider: StepProviderSchema }),
  response: z.object({ authorizeUrl: z.string() }),
});

export const finishStepConnection = defineEndpoint({
  id: 'stepSources.connected',
  method: 'POST',
  path: '/api/step-sources/connections/finish',
  access: 'user',
  summary:
    "Finishes a connection with what the provider's redirect carried (`state` and `code`, or `error`): the state must be this user's, unused and fresh. One provider account connects to one Stride account.",
  body: z.strictObject({
    state: text().min(1).max(200),
    code: text().min(1).max(2000).optional(),
    error: text().max(200).optional(),
  }),
  response: StepConnectionSchema,
});

export const syncStepConnection = defineEndpoint({
  id: 'stepSources.sync',
  method: 'POST',
  path: '/api/step-sources/connections/{id}/sync',
  access: 'user',
  summary: 'Syncs a connection now (at most once a minute); answers its state after the sync.',
  params: IdParamsSchema,
  response: StepConnectionSchema,
});

export const disconnectStepConnection = defineEndpoint({
  id: 'stepSources.disconnect',
  method: 'POST',
  path: '/api/step-sources/connections/{id}/disconnect',
  access: 'user',
  summary: 'Disconnects an account: its access is revoked at the provider and syncing stops. Steps it reported stay.',
  params: IdParamsSchema,
  response: DoneSchema,
});

export const ConsoleStepConnectionSchema = z.object({
  id: IdSchema,
  provider: StepProviderSchema,
  accountName: z.string(),
  /** `disconnected`: by the user, an operator or account deletion. */
  status: z.enum([...STEP_CONNECTION_STATUSES, 'disconnected']),
  connectedAt: TimestampSchema,
  disconnectedAt: TimestampSchema.nullable(),
  lastSyncAt: TimestampSchema.nullable(),
  lastError: StepSyncErrorSchema.nullable(),
  lastErrorAt: TimestampSchema.nullable(),
  nextSyncAt: TimestampSchema.nullable(),
  /** Failed syncs in a row. */
  failures: z.number().int(),
});

export const consoleUserStepConnections = defineEndpoint({
  id: 'console.users.stepConnections',
  method: 'GET',
  path: '/api/console/users/{id}/step-connections',
  access: 'console',
  roles: ['support', 'admin'],
  summary: "A user's connected wearable accounts, current and past (never their tokens), newest first.",
  params: z.strictObject({ id: IdSchema }),
  response: z.array(ConsoleStepConnectionSchema),
});

export const consoleDisconnectStepConnection = defineEndpoint({
  id: 'console.stepConnections.disconnect',
  method: 'POST',
  path: '/api/console/step-connections/{id}/disconnect',
  access: 'console',
  roles: ['support', 'admin'],
  summary:
    "Disconnects a user's wearable account with a reason (revoked at the provider, audited). Steps it reported stay.",
  params: IdParamsSchema,
  body: ReasonBodySchema,
  response: ConsoleStepConnectionSchema,
});

export const StepSyncHealthSchema = z.object({
  provider: StepProviderSchema,
  /** Whether this server is configured for the provider. */
  configured: z.boolean(),
  active: z.number().int(),
  revoked: z.number().int(),
  /** Active connections whose latest sync failed. */
  failing: z.number().int(),
  /** Syncs in the last 24 hours, by result. */
  last24h: z.object({ ok: z.number().int(), errors: z.number().int(), rateLimited: z.number().int() }),
  /** How long the most overdue active connection has waited past its due time, in seconds (0 when none is late). */
  lagSeconds: z.number().int(),
});

export const consoleStepSyncHealth = defineEndpoint({
  id: 'console.stepConnections.health',
  method: 'GET',
  path: '/api/console/step-connections/health',
  access: 'console',
  summary: 'Per provider: connections, failing syncs, rate limits and lag.',
  response: z.array(StepSyncHealthSchema),
});

/** `appleHealth`: the Health app's `export.zip`; `googleFit`: a Google Takeout archive with Fit's daily metrics. */
export const HEALTH_IMPORT_KINDS = ['appleHealth', 'googleFit'] as const;
export const HealthImportKindSchema = z.enum(HEALTH_IMPORT_KINDS);

/** The largest export accepted, in bytes. */
export const HEALTH_IMPORT_MAX_BYTES = 1024 * 1024 * 1024;

export const HealthImportSchema = z.object({
  id: IdSchema,
  kind: HealthImportKindSchema,
  fileName: z.string(),
  /** Days with steps found in the file. */
  days: z.number().int(),
  firstDay: DaySchema.nullable(),
  lastDay: DaySchema.nullable(),
  createdAt: TimestampSchema,
});

export const uploadHealthImport = defineEndpoint({
  id: 'stepSources.import',
  method: 'POST',
  path: '/api/step-sources/imports',
  access: 'user',
  multipart: true,
  summary:
    'Imports a health export (multipart: `kind`, then `file`), streamed. It fills history; only today and yesterday can still earn. The same file twice adds nothing and answers the first import.',
  response: HealthImportSchema.extend({ duplicate: z.boolean() }),
});

export const listHealthImports = defineEndpoint({
  id: 'stepSources.imports',
  method: 'GET',
  path: '/api/step-sources/imports',
  access: 'user',
  summary: "The user's imports, newest first.",
  response: z.array(HealthImportSchema),
});

export type DeviceToken = z.output<typeof DeviceTokenSchema>;
export type StepBucket = z.output<typeof StepBucketSchema>;
export type StepBucketsResult = z.output<typeof StepBucketsResultSchema>;
export type StepProvider = z.output<typeof StepProviderSchema>;
export type StepSyncError = z.output<typeof StepSyncErrorSchema>;
export type StepConnection = z.output<typeof StepConnectionSchema>;
export type ConsoleStepConnection = z.output<typeof ConsoleStepConnectionSchema>;
export type StepSyncHealth = z.output<typeof StepSyncHealthSchema>;
export type HealthImportKind = z.output<typeof HealthImportKindSchema>;
export type HealthImport = z.output<typeof HealthImportSchema>;
