import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { IdParamsSchema, IdSchema, TimestampSchema, VersionSchema, multilineText, paged, text } from '../common.js';
import { ConsoleFlaggedDaySchema } from './walking.js';
import { ConsoleInviteRewardSchema } from './invites.js';
import { ModerationKindSchema, ReportReasonSchema } from './moderation.js';

// Appeals with a deadline (docs/product/appeals.md, decision 102 "Appeals with a deadline").

/**
 * What can be appealed, once each: `step-day`, a day of mine whose review holds its rewards (flagged) or refused them
 * (rejected), its subject the day; `report`, a report of mine that a reviewer dismissed, its subject the report's id;
 * `invite-reward`, the reward of an invitation I am a side of that a referral-ring rule held or a reviewer refused, its
 * subject the invitee's id. An invite reward that waits with the invitee's held day is appealed with the day.
 */
export const APPEAL_KINDS = ['step-day', 'report', 'invite-reward'] as const;
export const AppealKindSchema = z.enum(APPEAL_KINDS);
export const APPEAL_NOTE_MAX = 500;

/** `open`: waiting for a reviewer, due by `dueAt`; `granted`: the decision was changed; `refused`: it stands. */
export const APPEAL_STATUSES = ['open', 'granted', 'refused'] as const;
export const AppealStatusSchema = z.enum(APPEAL_STATUSES);

/**
 * Why an appeal was decided as it was, each shown to the user in their language: granted because what the user sent
 * convinced the reviewer, or because the first review was a mistake; refused because the evidence does not outweigh
 * what the rules saw, because the rule applies to the day as it was, or because the reported content is within the rules.
 */
export const APPEAL_GRANT_REASONS = ['evidenceConvincing', 'reviewMistake'] as const;
export const APPEAL_REFUSE_REASONS = ['evidenceInsufficient', 'ruleApplies', 'contentAllowed'] as const;
export const APPEAL_REASONS = [...APPEAL_GRANT_REASONS, ...APPEAL_REFUSE_REASONS] as const;
export const AppealReasonSchema = z.enum(APPEAL_REASONS);

/** An appeal as its author sees it: what they sent, when the decision is due, and the decision with its reason. */
export const AppealSchema = z.object({
  id: IdSchema,
  kind: AppealKindSchema,
  /** The day (`step-day`) or the report's id (`report`). */
  subject: z.string(),
  note: z.string(),
  /** The picture sent with it (an authenticated API path, loaded with the bearer token), or null. */
  imageUrl: z.string().nullable(),
  status: AppealStatusSchema,
  createdAt: TimestampSchema,
  /** When a decision is due: the appeal's time plus the service's decision time (`decisionHours`). */
  dueAt: TimestampSchema,
  decisionHours: z.number().int(),
  /** Open past `dueAt`: the decision is late. */
  overdue: z.boolean(),
  decidedAt: TimestampSchema.nullable(),
  reason: AppealReasonSchema.nullable(),
  /** The reviewer's own words to the user, as written, or null. */
  reply: z.string().nullable(),
});

export const createAppeal = defineEndpoint({
  id: 'appeals.create',
  method: 'POST',
  path: '/api/appeals',
  access: 'user',
  summary:
    'Appeal a held or rejected day of mine (`step-day`, by its day), a report of mine that was dismissed (`report`, by its id) or a held or refused reward of an invitation I am a side of (`invite-reward`, by the invitee’s id), with a note and optionally a picture uploaded before (purpose `other`). Once per item: another appeal of it answers 1005. Anything not mine or not appealable answers 1004 or 1007.',
  body: z.strictObject({
    kind: AppealKindSchema,
    subject: text().trim().min(1).max(64),
    note: multilineText().trim().min(1).max(APPEAL_NOTE_MAX),
    fileId: IdSchema.optional(),
  }),
  response: AppealSchema,
});

export const listAppeals = defineEndpoint({
  id: 'appeals.list',
  method: 'GET',
  path: '/api/appeals',
  access: 'user',
  summary: 'My appeals, newest first (at most 100), open and decided.',
  response: z.object({ items: z.array(AppealSchema), decisionHours: z.number().int() }),
});

/** The report an appeal of a dismissal is about: what was reported, why, and what the content is now. */
export const AppealedReportSchema = z.object({
  kind: ModerationKindSchema,
  targetId: IdSchema,
  reason: ReportReasonSchema,
  note: z.string().nullable(),
  /** The nickname, club name or challenge title as it is now; null when there is none (or an avatar). */
  text: z.string().nullable(),
  reportedAt: TimestampSchema,
  dismissedAt: TimestampSchema.nullable(),
});

/** An appeal in the reviewers' queue, beside the evidence the first decision used. */
export const ConsoleAppealSchema = z.object({
  id: IdSchema,
  kind: AppealKindSchema,
  subject: z.string(),
  userId: IdSchema,
  /** Masked as everywhere in the console. */
  mobile: z.string(),
  note: z.string(),
  /** Whether a picture came with it (GET console.appeals.image). */
  hasImage: z.boolean(),
  status: AppealStatusSchema,
  createdAt: TimestampSchema,
  dueAt: TimestampSchema,
  /** Open past its due time. */
  overdue: z.boolean(),
  decidedAt: TimestampSchema.nullable(),
  reason: AppealReasonSchema.nullable(),
  reply: z.string().nullable(),
  /** `step-day`: the day's review as the flagged-days queue shows it (reasons, sources, held rewards). */
  day: ConsoleFlaggedDaySchema.nullable(),
  /** `report`: the dismissed report. */
  report: AppealedReportSchema.nullable(),
  /** `invite-reward`: the held reward as the Invite rings screen shows it (the signals that held it). */
  inviteReward: ConsoleInviteRewardSchema.nullable(),
  version: z.number().int(),
});

export const consoleAppeals = defineEndpoint({
  id: 'console.appeals',
  method: 'GET',
  path: '/api/console/appeals',
  access: 'console',
  roles: ['reviewer'],
  summary: 'Appeals, open ones by their due time (the overdue first), decided ones newest first, paged.',
  ...paged(ConsoleAppealSchema, { status: z.enum(['open', 'decided']).default('open') }),
});

export const consoleAppealImage = defineEndpoint({
  id: 'console.appeals.image',
  method: 'GET',
  path: '/api/console/appeals/{id}/image',
  access: 'console',
  roles: ['reviewer'],
  summary: 'The picture sent with an appeal (the image itself); a look the audit records. None: 1004.',
  params: IdParamsSchema,
  binary: true,
  response: z.string(),
});

export const consoleDecideAppeal = defineEndpoint({
  id: 'console.appeals.decide',
  method: 'POST',
  path: '/api/console/appeals/{id}/decide',
  access: 'console',
  roles: ['reviewer'],
  summary:
    "Grants an appeal (a held or rejected day is cleared and its rewards paid; a dismissed report's content is hidden; a held or refused invite reward is paid to both sides) or refuses it (a held day or reward is refused; a rejected day, a refused reward and the content stay), with a reason from the list (the grant reasons for a grant, the refusal reasons for a refusal) and optionally a reply in the reviewer's words. The user is told. Once: a decided appeal or a stale version answers 1017.",
  params: IdParamsSchema,
  body: z.strictObject({
    decision: z.enum(['grant', 'refuse']),
    reason: AppealReasonSchema,
    reply: multilineText().trim().max(APPEAL_NOTE_MAX).optional(),
    version: VersionSchema,
  }),
  response: ConsoleAppealSchema,
});

export type Appeal = z.output<typeof AppealSchema>;
export type AppealKind = z.output<typeof AppealKindSchema>;
export type AppealReason = z.output<typeof AppealReasonSchema>;
export type AppealStatus = z.output<typeof AppealStatusSchema>;
export type ConsoleAppeal = z.output<typeof ConsoleAppealSchema>;
export type AppealedReport = z.output<typeof AppealedReportSchema>;
