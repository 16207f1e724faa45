import { z } from 'zod';
import { text, TimestampSchema } from '../common.js';
import { defineEndpoint } from '../endpoint.js';

export const getDownload = defineEndpoint({
  id: 'download.get',
  method: 'GET',
  path: '/api/download',
  access: 'none',
  summary:
    'The companion package: version, version code and URL (1010 when none is configured; the version code is also at /download/version-code.txt).',
  response: z.object({ version: z.string(), versionCode: z.number().int(), url: z.string() }),
});

/** The package users are offered now, and where it comes from. */
export const ConsoleCompanionSchema = z.object({
  /** `upload`: uploaded in the console; `config`: COMPANION_* settings; null: none. */
  source: z.enum(['upload', 'config']).nullable(),
  current: z
    .object({
      version: z.string(),
      versionCode: z.number().int(),
      fileName: z.string(),
      size: z.number().int().nullable(),
      sha256: z.string().nullable(),
      uploadedBy: z.string().nullable(),
      uploadedAt: TimestampSchema.nullable(),
    })
    .nullable(),
  /** The largest package the upload accepts, in bytes. */
  maxBytes: z.number().int(),
});

/** The text fields of a package upload (multipart), checked by the server like any input. */
export const CompanionUploadFieldsSchema = z.strictObject({
  version: text().trim().min(1).max(32),
  versionCode: text()
    .regex(/^[1-9][0-9]{0,8}$/)
    .transform(Number),
});

export const consoleCompanion = defineEndpoint({
  id: 'console.companion.get',
  method: 'GET',
  path: '/api/console/companion',
  access: 'console',
  roles: ['editor'],
  summary: 'The companion package served now (uploaded or configured) and the upload limit.',
  response: ConsoleCompanionSchema,
});

export const consoleUploadCompanion = defineEndpoint({
  id: 'console.companion.upload',
  method: 'POST',
  path: '/api/console/companion',
  access: 'console',
  roles: ['editor'],
  summary:
    'Uploads a new companion package (multipart: field `file`, an .apk (a ZIP archive) within the limit; fields `version` and `versionCode`, higher than the current one). Written beside, then renamed into place; served from then on.',
  multipart: true,
  response: ConsoleCompanionSchema,
});

export type ConsoleCompanion = z.output<typeof ConsoleCompanionSchema>;
