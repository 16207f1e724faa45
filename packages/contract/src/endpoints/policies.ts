import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { LanguageSchema, multilineText, text, TimestampSchema, translationsSchema } from '../common.js';

/** The two policies a user accepts to have an account (decision 046 "Policies and consent"). */
export const POLICY_KINDS = ['terms', 'privacy'] as const;
export type PolicyKind = (typeof POLICY_KINDS)[number];
export const PolicyKindSchema = z.enum(POLICY_KINDS);

/** What a user agrees to apart from the policies: ID card photos and the face check. */
export const CONSENT_KINDS = ['id_photos', 'face'] as const;
export type ConsentKind = (typeof CONSENT_KINDS)[number];
export const ConsentKindSchema = z.enum(CONSENT_KINDS);
/** The body of a consent's grant or withdrawal: which consent. */
export const ConsentBodySchema = z.strictObject({ kind: ConsentKindSchema });

export const PolicyVersionNumberSchema = z.number().int().min(1);

/**
 * One version of a policy in the caller's language (each field falls back as content does, decision 042 "Content in
 * every language").
 */
export const PolicyTextSchema = z.object({
  kind: PolicyKindSchema,
  version: z.number().int(),
  title: z.string(),
  /** Plain text: paragraphs apart by a blank line; a paragraph starting with "## " is a heading. */
  body: z.string(),
  /** What changed since the previous version ('' for the first). */
  changes: z.string(),
  publishedAt: TimestampSchema,
});

export const getPolicy = defineEndpoint({
  id: 'policy.get',
  method: 'GET',
  path: '/api/policies/{kind}',
  access: 'none',
  summary:
    'The current version of the terms of service or the privacy policy (or the `version` asked for), in the caller’s language.',
  params: z.strictObject({ kind: PolicyKindSchema }),
  query: z.strictObject({ version: z.coerce.number().int().min(1).max(1_000_000).optional() }),
  response: PolicyTextSchema,
});

/** The versions a sign-up accepts: the current ones. */
export const PolicyVersionsSchema = z.strictObject({
  terms: PolicyVersionNumberSchema,
  privacy: PolicyVersionNumberSchema,
});

export const currentPolicyVersions = defineEndpoint({
  id: 'policy.current',
  method: 'GET',
  path: '/api/policies',
  access: 'none',
  summary: 'The current version numbers of the terms of service and the privacy policy, as sign-up accepts them.',
  response: PolicyVersionsSchema,
});

/** A user's consents: the policies' current and accepted versions, and the other consents in force. */
export const ConsentStatusSchema = z.object({
  terms: z.object({ current: z.number().int(), accepted: z.number().int().nullable() }),
  privacy: z.object({ current: z.number().int(), accepted: z.number().int().nullable() }),
  /** True when a policy changed since the user last accepted it: the app asks again before anything else. */
  needsAcceptance: z.boolean(),
  idPhotos: z.boolean(),
  face: z.boolean(),
});

export const getConsents = defineEndpoint({
  id: 'consent.status',
  method: 'GET',
  path: '/api/consents',
  access: 'user',
  summary:
    'Which policy versions the user accepted, which are current, and whether ID photo and face consents are in force.',
  response: ConsentStatusSchema,
});

export const acceptPolicies = defineEndpoint({
  id: 'consent.acceptPolicies',
  method: 'POST',
  path: '/api/consents/policies',
  access: 'user',
  summary:
    'Accepts the current terms and privacy versions (after a policy changed). A version other than the current one is refused (1003); accepting again what is already accepted records nothing new.',
  body: PolicyVersionsSchema,
  response: ConsentStatusSchema,
});

export const grantConsent = defineEndpoint({
  id: 'consent.grant',
  method: 'POST',
  path: '/api/consents',
  access: 'user',
  summary:
    'Agrees to the use of ID card photos (before uploading them) or to the face check (before its photo). Recorded once while in force.',
  body: ConsentBodySchema,
  response: ConsentStatusSchema,
});

export const withdrawConsent = defineEndpoint({
  id: 'consent.withdraw',
  method: 'POST',
  path: '/api/consents/withdraw',
  access: 'user',
  summary:
    'Withdraws the ID photo or face consent: later uploads of that kind are refused until it is given again. Photos already sent for a decided check stay with that check.',
  body: ConsentBodySchema,
  response: ConsentStatusSchema,
});

/** Title, body and changes in the other languages (decision 042 "Content in every language"). */
export const PolicyTranslationsSchema = translationsSchema({
  title: text().trim().max(200),
  body: multilineText().max(100_000),
  changes: multilineText().max(10_000),
});

export const ConsolePolicySchema = z.object({
  id: z.string(),
  kind: PolicyKindSchema,
  version: z.number().int(),
  defaultLanguage: LanguageSchema,
  translations: PolicyTranslationsSchema,
  title: z.string(),
  body: z.string(),
  changes: z.string(),
  publishedAt: TimestampSchema,
  createdBy: z.string(),
});

export const consolePolicies = defineEndpoint({
  id: 'console.policies.list',
  method: 'GET',
  path: '/api/console/policies',
  access: 'console',
  roles: ['editor'],
  summary: 'Every version of both policies: the privacy policy then the terms, each newest first.',
  response: z.array(ConsolePolicySchema),
});

export const consolePublishPolicy = defineEndpoint({
  id: 'console.policies.publish',
  method: 'POST',
  path: '/api/console/policies',
  access: 'console',
  roles: ['editor'],
  summary:
    'Publishes a new version of a policy, current at once: every user is asked to accept it on their next open. `basedOn` is the version the editor read; if another was published meanwhile, nothing is saved (1017).',
  body: z.strictObject({
    kind: PolicyKindSchema,
    basedOn: z.number().int().min(0),
    title: text().trim().min(1).max(200),
    body: multilineText().trim().min(1).max(100_000),
    changes: multilineText().trim().max(10_000).default(''),
    defaultLanguage: LanguageSchema.default('en'),
    translations: PolicyTranslationsSchema.default({}),
  }),
  response: ConsolePolicySchema,
});

export type PolicyText = z.output<typeof PolicyTextSchema>;
export type ConsentStatus = z.output<typeof ConsentStatusSchema>;
export type ConsolePolicy = z.output<typeof ConsolePolicySchema>;
