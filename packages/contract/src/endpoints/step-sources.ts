import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { DaySchema, DoneSchema, IdParamsSchema, IdSchema, TimestampSchema, text } from '../common.js';
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

export const postDeviceSteps = defineEndpoint({
  id: 'stepSources.post',
  method: 'POST',
  path: '/api/device/steps',
  access: 'device',
  summary:
    "A step-source token posts a day's count (today when `day` is left out; today or yesterday otherwise). The only call such a token may make.",
  body: z.strictObject({
    day: DaySchema.optional(),
    steps: z.number().int().min(0).max(MAX_DAILY_STEPS),
  }),
  response: StepReportResultSchema,
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
export type HealthImportKind = z.output<typeof HealthImportKindSchema>;
export type HealthImport = z.output<typeof HealthImportSchema>;
