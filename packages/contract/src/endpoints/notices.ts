import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import {
  IdParamsSchema,
  IdSchema,
  LanguageSchema,
  multilineText,
  pageOf,
  PageQuerySchema,
  text,
  TimestampSchema,
  translationsSchema,
  VersionSchema,
} from '../common.js';

export const NoticeSummarySchema = z.object({ id: IdSchema, title: z.string(), publishedAt: TimestampSchema });

export const listNotices = defineEndpoint({
  id: 'notice.list',
  method: 'GET',
  path: '/api/notices',
  access: 'user',
  summary: 'Published notices, newest first.',
  query: PageQuerySchema,
  response: pageOf(NoticeSummarySchema),
});

export const getNotice = defineEndpoint({
  id: 'notice.get',
  method: 'GET',
  path: '/api/notice',
  access: 'user',
  summary: 'One notice; its body is sanitized HTML.',
  query: z.strictObject({ id: IdSchema }),
  response: NoticeSummarySchema.extend({ body: z.string() }),
});

/** A notice's title (as in `publish` of the command line: 1 to 140 characters). */
export const NoticeTitleSchema = text().trim().min(1).max(140);
/** A notice's body as the editor wrote it: HTML, sanitized by the server on save. */
export const NoticeBodySchema = multilineText().min(1).max(100_000);
/** The version the editor read; an edit against another version is refused (1017). */

/**
 * Title and body in other languages than the notice's default one (decision 042 "Content in every language"); bodies
 * are sanitized on save.
 */
export const NoticeTranslationsSchema = translationsSchema({
  title: text().trim().max(140),
  body: multilineText().max(100_000),
});

/** A notice as operators see it: drafts too, with the version to send back on edit. */
export const ConsoleNoticeSchema = z.object({
  id: IdSchema,
  defaultLanguage: LanguageSchema,
  translations: NoticeTranslationsSchema,
  title: z.string(),
  /** Sanitized HTML, exactly what users are answered. */
  body: z.string(),
  published: z.boolean(),
  publishedAt: TimestampSchema.nullable(),
  createdBy: z.string(),
  createdAt: TimestampSchema,
  updatedAt: TimestampSchema.nullable(),
  version: z.number().int(),
});

export const consoleNotices = defineEndpoint({
  id: 'console.notices.list',
  method: 'GET',
  path: '/api/console/notices',
  access: 'console',
  roles: ['editor'],
  summary: 'Every notice, drafts and unpublished ones too, newest first.',
  response: z.array(ConsoleNoticeSchema),
});

export const consoleNoticePreview = defineEndpoint({
  id: 'console.notices.preview',
  method: 'POST',
  path: '/api/console/notices/preview',
  access: 'console',
  roles: ['editor'],
  summary: 'The body as users will see it: sanitized exactly as on save. Stores nothing.',
  body: z.strictObject({ body: NoticeBodySchema }),
  response: z.object({ body: z.string() }),
});

export const consoleCreateNotice = defineEndpoint({
  id: 'console.notices.create',
  method: 'POST',
  path: '/api/console/notices',
  access: 'console',
  roles: ['editor'],
  summary: 'Saves a new notice as a draft (unpublished); the body is sanitized and the answer shows what was kept.',
  body: z.strictObject({
    title: NoticeTitleSchema,
    body: NoticeBodySchema,
    defaultLanguage: LanguageSchema.default('en'),
    translations: NoticeTranslationsSchema.default({}),
  }),
  response: ConsoleNoticeSchema,
});

export const consoleUpdateNotice = defineEndpoint({
  id: 'console.notices.update',
  method: 'PUT',
  path: '/api/console/notices/{id}',
  access: 'console',
  roles: ['editor'],
  summary: "Changes a notice's title and body (sanitized) if it is still at `version` (else 1017).",
  params: IdParamsSchema,
  body: z.strictObject({
    title: NoticeTitleSchema,
    body: NoticeBodySchema,
    version: VersionSchema,
    /** Without them, the notice keeps its default language and other languages. */
    defaultLanguage: LanguageSchema.optional(),
    translations: NoticeTranslationsSchema.optional(),
  }),
  response: ConsoleNoticeSchema,
});

export const consoleSetNoticePublished = defineEndpoint({
  id: 'console.notices.publish',
  method: 'POST',
  path: '/api/console/notices/{id}/published',
  access: 'console',
  roles: ['editor'],
  summary: 'Publishes (users see it, dated now) or unpublishes a notice if it is still at `version` (else 1017).',
  params: IdParamsSchema,
  body: z.strictObject({ published: z.boolean(), version: VersionSchema }),
  response: ConsoleNoticeSchema,
});

export type ConsoleNotice = z.output<typeof ConsoleNoticeSchema>;
export type NoticeSummary = z.output<typeof NoticeSummarySchema>;
