import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { DoneSchema, IdSchema, PageQuerySchema, TimestampSchema, VersionSchema, pageOf, text } from '../common.js';
import { ReasonSchema } from './operators.js';

// Moderation of user content (docs/product/moderation.md, decision 096 "Moderation of user content").

/**
 * What can be reported, each a kind of content with an id: a person's nickname or avatar (the user's id), a club's
 * name (the club's id), the title of a challenge a user made (the challenge's id). A new kind is one more name here and one target registered with the server's moderation.
 */
export const MODERATION_KINDS = ['nickname', 'avatar', 'club', 'challenge'] as const;
export const ModerationKindSchema = z.enum(MODERATION_KINDS);
export const REPORT_REASONS = ['spam', 'offensive', 'impersonation', 'other'] as const;
export const ReportReasonSchema = z.enum(REPORT_REASONS);
export const REPORT_NOTE_MAX = 200;
/** Reports one user may send in an hour (1006 past it). */
export const REPORTS_PER_HOUR = 30;
export const MODERATION_DECISIONS = ['hide', 'freeze', 'dismiss'] as const;
export const ModerationDecisionSchema = z.enum(MODERATION_DECISIONS);

export const reportContent = defineEndpoint({
  id: 'moderation.report',
  method: 'POST',
  path: '/api/reports/content',
  access: 'user',
  summary:
    'Report content I can see (a friend’s or a club member’s nickname, a friend’s avatar, a club I belong to, a challenge another user made that I can open) for a reviewer to look at. Anything else answers 1004; my own content 1007; a repeat while my report is open changes nothing; at most 30 an hour (1006).',
  body: z.strictObject({
    kind: ModerationKindSchema,
    id: IdSchema,
    reason: ReportReasonSchema,
    note: text().trim().max(REPORT_NOTE_MAX).optional(),
  }),
  response: DoneSchema,
});

/** One reported piece of content in the reviewers' queue, with its open reports, and the content as it is now. */
export const ConsoleModerationItemSchema = z.object({
  kind: ModerationKindSchema,
  id: IdSchema,
  /** The account that owns the content (a freeze acts on it), by masked number; null once it is gone. */
  ownerId: IdSchema.nullable(),
  ownerMobileMasked: z.string().nullable(),
  /** The nickname, club name or challenge title as it is now; null when there is none (already cleared, or an avatar). */
  text: z.string().nullable(),
  /** Where the console loads the avatar from (with its cookie); null when there is no image. */
  imageUrl: z.string().nullable(),
  /** Open reports, and how many give each reason. */
  reports: z.number().int(),
  reasons: z.array(z.object({ reason: ReportReasonSchema, count: z.number().int() })),
  /** The reporters' notes, newest first (at most 5). */
  notes: z.array(z.string()),
  firstReportedAt: TimestampSchema,
  /** For the decision's compare-and-set: a new report or another decision moves it on (1017). */
  version: z.number().int(),
});

export const consoleModerationQueue = defineEndpoint({
  id: 'console.moderation.queue',
  method: 'GET',
  path: '/api/console/moderation',
  access: 'console',
  roles: ['reviewer'],
  summary: 'Reported content with open reports, one item per content, oldest report first, paged.',
  query: PageQuerySchema,
  response: pageOf(ConsoleModerationItemSchema),
});

export const consoleModerationDecide = defineEndpoint({
  id: 'console.moderation.decide',
  method: 'POST',
  path: '/api/console/moderation/{kind}/{id}/decide',
  access: 'console',
  roles: ['reviewer'],
  summary:
    'Hides the content, freezes the account that owns it, or dismisses the reports, with a reason; every open report of it closes. Once per version: another decision or a new report meanwhile answers 1017.',
  params: z.strictObject({ kind: ModerationKindSchema, id: IdSchema }),
  body: z.strictObject({ decision: ModerationDecisionSchema, reason: ReasonSchema, version: VersionSchema }),
  response: z.object({ decision: ModerationDecisionSchema, closedReports: z.number().int() }),
});

export const consoleModerationAvatar = defineEndpoint({
  id: 'console.moderation.avatar',
  method: 'GET',
  path: '/api/console/moderation/avatars/{id}',
  access: 'console',
  roles: ['reviewer'],
  summary: 'The avatar of a user while it has open reports, for the reviewer (the image itself). Otherwise 1004.',
  params: z.strictObject({ id: IdSchema }),
  binary: true,
  response: z.string(),
});

export type ModerationKind = z.output<typeof ModerationKindSchema>;
export type ReportReason = z.output<typeof ReportReasonSchema>;
export type ModerationDecision = z.output<typeof ModerationDecisionSchema>;
export type ConsoleModerationItem = z.output<typeof ConsoleModerationItemSchema>;
