import { z } from 'zod';
import { MOBILE_PATTERN, SINGLE_LINE_PATTERN } from './rules/account-fields.js';
import { PAYMENT_PASSWORD_PATTERN } from './rules/payment-password.js';

/** Input limit for free text (docs/product/client.md, Gestures and components: text input). */
export const INPUT_MAX_LENGTH = 140;

/* eslint-disable no-control-regex -- these patterns exist to name the control characters. */
/** Multi-line text: as the single-line pattern, but line feeds and tabs are allowed. */
export const MULTI_LINE_PATTERN = /^[^\u0000-\u0008\u000b-\u001f\u007f]*$/;
/* eslint-enable no-control-regex */

/**
 * The start of every free-text input field: a string that refuses control characters first
 * (later rules are not checked then). Chain length, trim and format rules after it.
 */
export function text() {
  return z.string().regex(SINGLE_LINE_PATTERN, { error: 'rule.controlCharacters', abort: true });
}

/** The start of a multi-line input field (a text area): line feeds and tabs allowed. */
export function multilineText() {
  return z.string().regex(MULTI_LINE_PATTERN, { error: 'rule.controlCharacters', abort: true });
}

export const IdSchema = text().min(1).max(64);
export const IdParamsSchema = z.strictObject({ id: IdSchema });

/** Money in minor units (fen, cents). Never a float. */
export const MoneySchema = z.number().int();
/** Points are whole numbers. */
export const PointsSchema = z.number().int();

/** ISO 8601 instant in UTC. */
export const TimestampSchema = z.iso.datetime();

/** Business day, YYYY-MM-DD in the configured business time zone. */
export const DaySchema = z.iso.date();

/** A client-chosen key that makes a money-moving call safe to repeat. */
export const IdempotencyKeySchema = text()
  .min(8)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/);

export const PageQuerySchema = z.strictObject({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(20),
});

export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    page: z.number().int(),
    pageSize: z.number().int(),
    total: z.number().int(),
    hasMore: z.boolean(),
  });
}

/**
 * A filtered paged list read's query and answer, spread into its endpoint: the page query with
 * the endpoint's own filters, and a page of `item`.
 */
export function paged<T extends z.ZodType, F extends z.core.$ZodLooseShape>(item: T, filters: F) {
  return { query: PageQuerySchema.extend(filters), response: pageOf(item) };
}

export const DoneSchema = z.object({ done: z.literal(true) });

/** International mobile number: optional +, 7 to 15 digits, no leading zero. */
export const MobileSchema = text().trim().regex(MOBILE_PATTERN, { error: 'rule.mobile' });

export const PersonNameSchema = text().trim().min(1).max(64);

/** Every page of the web app (docs/product/client.md, Pages). Links the server hands out must point at one of them. */
export const APP_ROUTES = [
  '/pages/index/index',
  '/pages/edit-password/index',
  '/pages/invest/index',
  '/pages/invite/index',
  '/pages/login/index',
  '/pages/my/index',
  '/pages/shop/index',
  '/pages-sub/address/edit',
  '/pages-sub/address/index',
  '/pages-sub/asset/index',
  '/pages-sub/card/index',
  '/pages-sub/change-password/index',
  // Challenges (docs/product/challenges.md).
  '/pages-sub/challenges/index',
  // Clubs (docs/product/clubs.md).
  '/pages-sub/clubs/index',
  '/pages-sub/demo/index',
  '/pages-sub/exchange-record/index',
  '/pages-sub/face-recognition/index',
  // Friends and their board (docs/product/friends.md).
  '/pages-sub/friends/index',
  '/pages-sub/insurance/index',
  '/pages-sub/notifications/index',
  '/pages-sub/official-community/index',
  '/pages-sub/order/list',
  '/pages-sub/order/member',
  '/pages-sub/order/shop',
  // The payment password (docs/product/payment-password.md).
  '/pages-sub/payment-password/index',
  '/pages-sub/physical-card-mailing/index',
  // One points statement (decision 081 "One points statement").
  '/pages-sub/points-statement/index',
  '/pages-sub/profile/index',
  '/pages-sub/realname/index',
  // The earning rules and their changes (docs/product/earning-rules.md).
  '/pages-sub/rules/index',
  // Appeals with a deadline (docs/product/appeals.md).
  '/pages-sub/appeals/index',
  '/pages-sub/steps/sources',
  '/pages-sub/steps/day',
  '/pages-sub/steps/history',
  '/pages-sub/steps/walk',
  '/pages-sub/withdrawal/index',
  '/pages-sub/withdrawal-detail/index',
  '/pages-sub/withdrawal-type/edit',
  '/pages-sub/withdrawal-type/index',
  // Your data: export and account deletion (decision 047 "Your data").
  '/pages-sub/account-data/index',
  // Web Push settings (decision 048 "Web Push").
  '/pages-sub/push-settings/index',
  // Terms, privacy and the "updated policy" screen (decision 046 "Policies and consent").
  '/pages-sub/policy/terms',
  '/pages-sub/policy/privacy',
  '/pages-sub/policy/update',
] as const;

/** A console-edited row's edit counter: sent back with an edit, refused with 1017 when someone saved meanwhile. */
export const VersionSchema = z.number().int().min(1);
/** The body of a call that only names the version it acts on (a removal, a retirement). */
export const VersionBodySchema = z.strictObject({ version: VersionSchema });

/** The supported languages (docs/product/client.md, Dialogs, toasts and texts). */
export const LANGUAGES = ['en', 'es', 'fr', 'zh-Hans', 'zh-Hant'] as const;
export type Language = (typeof LANGUAGES)[number];
export const LanguageSchema = z.enum(LANGUAGES);

/**
 * Content an operator writes (plans, goods, categories, home items, notices, community channels)
 * has a default language, whose text is in the item's own fields, and texts in other languages
 * (decision 042 "Content in every language"). `translations` maps a language to its fields; an empty or missing field
 * falls back (the requested language, its Chinese sibling, the default language, then any).
 */
export function translationsSchema<T extends Record<string, z.ZodType>>(fields: T) {
  const entry = z.strictObject(
    Object.fromEntries(Object.entries(fields).map(([key, schema]) => [key, schema.optional()])) as {
      [K in keyof T]: z.ZodOptional<T[K]>;
    },
  );
  return z.partialRecord(LanguageSchema, entry);
}

/** The console's language fields on a content item: read back as saved (decision 042 "Content in every language"). */
export function contentLanguagesSchema<T extends Record<string, z.ZodType>>(fields: T) {
  return z.object({ defaultLanguage: LanguageSchema, translations: translationsSchema(fields) });
}

/** The payment password: six digits (docs/product/payment-password.md). */
export const PaymentPasswordSchema = text().regex(PAYMENT_PASSWORD_PATTERN, { error: 'rule.paymentPassword' });
