import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { IdSchema, PageQuerySchema, TimestampSchema, pageOf } from '../common.js';

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

export type NoticeSummary = z.output<typeof NoticeSummarySchema>;
