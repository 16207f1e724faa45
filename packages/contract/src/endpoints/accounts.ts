import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import {
  DoneSchema,
  IdParamsSchema,
  IdSchema,
  MobileSchema,
  MoneySchema,
  paged,
  pageOf,
  PageQuerySchema,
  PointsSchema,
  text,
  TimestampSchema,
  VersionSchema,
} from '../common.js';
import {
  NICKNAME_PATTERN,
  PASSWORD_DIGIT,
  PASSWORD_LETTER,
  PASSWORD_MAX,
  PASSWORD_MIN,
} from '../rules/account-fields.js';
import { MyCardSchema } from './cards.js';
import { BankCardSchema, WithdrawalSchema } from './payouts.js';
import { OrderSummarySchema } from './shop.js';

/** docs/product/rules.md, Accounts: 8–64 characters with at least one letter and one digit. */
export const NewPasswordSchema = text()
  .min(PASSWORD_MIN)
  .max(PASSWORD_MAX)
  .regex(PASSWORD_LETTER, { error: 'rule.passwordLetter' })
  .regex(PASSWORD_DIGIT, { error: 'rule.passwordDigit' });

export const CaptchaIdSchema = text().min(1).max(64);
export const CaptchaCodeSchema = text().trim().min(1).max(8);
export const InviteCodeSchema = text()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{4,16}$/, { error: 'rule.inviteCode' });

export const RealNameStatusSchema = z.enum(['none', 'pending', 'verified', 'rejected']);

export const UserSchema = z.object({
  id: IdSchema,
  account: z.string(),
  inviteCode: z.string(),
  realNameStatus: RealNameStatusSchema,
  createdAt: TimestampSchema,
  /**
   * The name the user chose (decision 043 "Profile (nickname and avatar), My in groups with icons"), or null: then the
   * app shows the masked number.
   */
  nickname: z.string().nullable(),
  /**
   * The user's avatar, an authenticated API path like an upload's `url` (load it with the bearer
   * token), or null. Shown only to the user.
   */
  avatarUrl: z.string().nullable(),
});
export type User = z.output<typeof UserSchema>;

export const CaptchaSchema = z.object({
  captchaId: z.string(),
  /** The picture to read the answer from, as a data URL (a PNG). */
  image: z.string(),
  expiresIn: z.number().int(),
});

export const SessionSchema = z.object({ token: z.string(), user: UserSchema });

export const getCaptcha = defineEndpoint({
  id: 'captcha.get',
  method: 'GET',
  path: '/api/captcha',
  access: 'none',
  summary: 'A one-time image captcha that expires in a few minutes.',
  response: CaptchaSchema,
});

/** Every SMS code: 6 digits (docs/product/rules.md, Accounts). */
export const SMS_CODE_LENGTH = 6;
export const SmsCodeSchema = text()
  .trim()
  .regex(/^[0-9]{6}$/, { error: 'rule.smsCode' });

/** The answer to a request for an SMS code: its life and the wait before another, in seconds. */
export const SmsCodeSentSchema = z.object({ expiresIn: z.number().int(), resendIn: z.number().int() });

/** What asks for an SMS code (a sign-up's or a reset's): the number, and the image captcha solved. */
export const SmsCodeRequestSchema = z.strictObject({
  account: MobileSchema,
  captchaId: CaptchaIdSchema,
  captchaCode: CaptchaCodeSchema,
});

export const requestRegisterCode = defineEndpoint({
  id: 'user.registerCode',
  method: 'POST',
  path: '/api/user/register/code',
  access: 'none',
  summary:
    'Sign-up, step 1 (decision 035): after the image captcha, send a 6-digit code by SMS to the number (valid 5 minutes, 5 tries; one a minute per number, a daily cap per number and per address). The answer is the same whether or not the number already has an account; such a number gets no message.',
  body: SmsCodeRequestSchema,
  response: SmsCodeSentSchema,
});

export const RegisterBodySchema = z.strictObject({
  account: MobileSchema,
  password: NewPasswordSchema,
  smsCode: SmsCodeSchema,
  inviteCode: InviteCodeSchema.optional(),
  /**
   * The terms of service and privacy policy versions the user read and accepted (decision 046 "Policies and consent"):
   * both must be the current ones. Optional in shape only, so that a missing acceptance is
   * answered with its own clear sentence (1003).
   */
  acceptedPolicies: z.strictObject({ terms: z.number().int().min(1), privacy: z.number().int().min(1) }).optional(),
});

export const register = defineEndpoint({
  id: 'user.register',
  method: 'POST',
  path: '/api/user/register',
  access: 'none',
  summary:
    'Sign-up, step 2: create an account with the SMS code sent to its number and start a session. A wrong, expired or over-tried code is refused (1003); so is an acceptance of the terms and privacy policy that is missing or not of the current versions.',
  body: RegisterBodySchema,
  response: SessionSchema,
});

export const LoginBodySchema = z.strictObject({
  account: MobileSchema,
  password: text().min(1).max(PASSWORD_MAX),
  captchaId: CaptchaIdSchema.optional(),
  captchaCode: CaptchaCodeSchema.optional(),
});

export const login = defineEndpoint({
  id: 'user.login',
  method: 'POST',
  path: '/api/user/login',
  access: 'none',
  summary: 'Start a session. After 3 failures a captcha is required; attempts are rate limited.',
  body: LoginBodySchema,
  response: SessionSchema,
});

export const getUserInfo = defineEndpoint({
  id: 'user.info',
  method: 'GET',
  path: '/api/user/info',
  access: 'user',
  summary: 'The signed-in user.',
  response: UserSchema,
});

export const logout = defineEndpoint({
  id: 'user.logout',
  method: 'POST',
  path: '/api/user/logout',
  access: 'user',
  summary: 'End the calling session: its token is revoked, and any later call with it answers 1001.',
  body: z.strictObject({}).optional(),
  response: DoneSchema,
});

/** docs/product/rules.md, Profile: a nickname is 1–20 characters after trimming (rules/account-fields.ts). */
export const NicknameSchema = text().trim().regex(NICKNAME_PATTERN, { error: 'rule.nickname' });

export const ProfileBodySchema = z.strictObject({
  /** A new nickname; null clears it; left out keeps it. */
  nickname: NicknameSchema.nullable().optional(),
  /** One of the caller's own uploads of purpose `avatar`; null clears it; left out keeps it. */
  avatarFileId: IdSchema.nullable().optional(),
});

export const updateProfile = defineEndpoint({
  id: 'user.profile',
  method: 'POST',
  path: '/api/user/profile',
  access: 'user',
  summary:
    'Set the nickname and the avatar (decision 043). The avatar must be one of the caller’s own uploads with purpose `avatar`; any other file id, someone else’s or missing, is refused alike (1003). Answers the user as `user.info` does.',
  body: ProfileBodySchema,
  response: UserSchema,
});

export const requestPasswordKey = defineEndpoint({
  id: 'user.passwordKey',
  method: 'GET',
  path: '/api/user/password/key',
  access: 'none',
  summary:
    'Send a 6-digit reset code to the account through the configured sender. The answer is the same whether or not the account exists.',
  query: SmsCodeRequestSchema,
  response: SmsCodeSentSchema,
});

export const RESET_CODE_LENGTH = SMS_CODE_LENGTH;

export const PasswordBodySchema = z.discriminatedUnion('step', [
  z.strictObject({
    step: z.literal('verify'),
    account: MobileSchema,
    code: text().regex(/^[0-9]{6}$/, { error: 'rule.resetCode' }),
  }),
  z.strictObject({
    step: z.literal('reset'),
    resetKey: text().min(16).max(128),
    password: NewPasswordSchema,
  }),
]);

export const resetPassword = defineEndpoint({
  id: 'user.password',
  method: 'POST',
  path: '/api/user/password',
  access: 'none',
  summary:
    'Two steps: `verify` trades the code for a one-time reset key; `reset` sets the new password and revokes every session.',
  body: PasswordBodySchema,
  response: z.union([
    z.object({ step: z.literal('verify'), resetKey: z.string(), expiresIn: z.number().int() }),
    z.object({ step: z.literal('reset'), done: z.literal(true) }),
  ]),
});

export const ChangePasswordBodySchema = z.strictObject({
  oldPassword: text().min(1).max(PASSWORD_MAX),
  newPassword: NewPasswordSchema,
});

export const changePassword = defineEndpoint({
  id: 'user.passwordChange',
  method: 'POST',
  path: '/api/user/password/change',
  access: 'user',
  summary:
    'Change the password with the current one: a wrong current password answers 1011 and counts towards a limit (then 1006); on success every other session of the user ends (1001), the calling one stays, and step-source tokens stay.',
  body: ChangePasswordBodySchema,
  response: DoneSchema,
});

// ---------------------------------------------------------------------------------------------
// User care in the operator console (decision 026 "User care in the operator console"). Support reads (masked), admins
// also freeze, unfreeze; both reset login limits. Every answer about a user is a recorded look.

/** Part of a mobile number (at least 3 digits, matched anywhere in it), or a user id. */
export const UserSearchTermSchema = text()
  .trim()
  .min(3)
  .max(64)
  .regex(/^(\+?[0-9]{3,15}|[0-9a-fA-F-]{36})$/, { error: 'rule.userSearch' });

export const ConsoleUserStatusSchema = z.enum(['active', 'frozen']);

export const ConsoleUserRowSchema = z.object({
  id: IdSchema,
  /** The mobile number; first 3 and last 4 digits only when `masked`. */
  account: z.string(),
  realNameStatus: RealNameStatusSchema,
  status: ConsoleUserStatusSchema,
  createdAt: TimestampSchema,
});

export const consoleUsersSearch = defineEndpoint({
  id: 'console.users.search',
  method: 'GET',
  path: '/api/console/users',
  access: 'console',
  roles: ['support', 'admin'],
  summary:
    'Users whose mobile number contains the digits given, or the user of an id; newest first, paged. Numbers masked for support. A recorded look.',
  query: PageQuerySchema.extend({ q: UserSearchTermSchema }),
  response: pageOf(ConsoleUserRowSchema).extend({ masked: z.boolean() }),
});

export const ConsoleUserSchema = z.object({
  id: IdSchema,
  account: z.string(),
  inviteCode: z.string(),
  invitedBy: IdSchema.nullable(),
  createdAt: TimestampSchema,
  status: ConsoleUserStatusSchema,
  frozenAt: TimestampSchema.nullable(),
  /** The operator who froze the account. */
  frozenBy: z.string().nullable(),
  frozenReason: z.string().nullable(),
  /** Sent back with freeze and unfreeze: a stale page is refused with 1017. */
  version: z.number().int(),
});

export const ConsoleUserPageSchema = z.object({
  user: ConsoleUserSchema,
  /** True for an operator without the admin role: numbers and names are masked. */
  masked: z.boolean(),
  verification: z.object({
    status: RealNameStatusSchema,
    /** Masked for support (first character only). */
    name: z.string().nullable(),
    /** First 3 and last 4 characters, for every role. */
    idNumberMasked: z.string().nullable(),
    submittedAt: TimestampSchema.nullable(),
    reviewedAt: TimestampSchema.nullable(),
    faceVerified: z.boolean(),
  }),
  balances: z.object({ cash: MoneySchema, points: PointsSchema }),
  cards: z.array(MyCardSchema),
  bankCards: z.array(BankCardSchema),
  invitees: z.array(
    z.object({
      id: IdSchema,
      /** Always masked: the invitee is another person. */
      account: z.string(),
      joinedAt: TimestampSchema,
      qualified: z.boolean(),
      rewardPoints: PointsSchema,
    }),
  ),
});
export type ConsoleUserPage = z.output<typeof ConsoleUserPageSchema>;

export const consoleUserGet = defineEndpoint({
  id: 'console.users.get',
  method: 'GET',
  path: '/api/console/users/{id}',
  access: 'console',
  roles: ['support', 'admin'],
  summary:
    "A user's page: status, verification, balances, member cards, payout methods (masked), invitees. A recorded look.",
  params: IdParamsSchema,
  response: ConsoleUserPageSchema,
});

export const consoleUserOrders = defineEndpoint({
  id: 'console.users.orders',
  method: 'GET',
  path: '/api/console/users/{id}/orders',
  access: 'console',
  roles: ['support', 'admin'],
  summary: "A user's membership and goods orders, newest first, paged. A recorded look.",
  params: IdParamsSchema,
  query: PageQuerySchema,
  response: pageOf(OrderSummarySchema),
});

export const consoleUserWithdrawals = defineEndpoint({
  id: 'console.users.withdrawals',
  method: 'GET',
  path: '/api/console/users/{id}/withdrawals',
  access: 'console',
  roles: ['support', 'admin'],
  summary: "A user's withdrawals (account numbers masked), newest first, paged. A recorded look.",
  params: IdParamsSchema,
  query: PageQuerySchema,
  response: pageOf(WithdrawalSchema),
});

export const StatementAssetSchema = z.enum(['CNY', 'POINTS']);

export const ConsoleStatementEntrySchema = z.object({
  id: z.string(),
  /** The ledger transfer's kind (LEDGER_TYPES). */
  type: z.string(),
  /** Signed minor units (CNY) or points. */
  amount: z.number().int(),
  balanceAfter: z.number().int(),
  createdAt: TimestampSchema,
});

export const consoleUserStatement = defineEndpoint({
  id: 'console.users.statement',
  method: 'GET',
  path: '/api/console/users/{id}/statement',
  access: 'console',
  roles: ['support', 'admin'],
  summary:
    "Every ledger movement of a user's cash (CNY) or points, newest first, with the balance after. A recorded look.",
  params: IdParamsSchema,
  ...paged(ConsoleStatementEntrySchema, { asset: StatementAssetSchema }),
});

export const ConsoleFreezeBodySchema = z.strictObject({
  version: VersionSchema,
  reason: text().trim().min(1).max(500),
});

export const consoleUserFreeze = defineEndpoint({
  id: 'console.users.freeze',
  method: 'POST',
  path: '/api/console/users/{id}/freeze',
  access: 'console',
  roles: ['admin'],
  summary:
    'Freezes an account with a reason: every call with its tokens and every login answer 1018 until unfrozen. Refused with 1017 when the page was stale.',
  params: IdParamsSchema,
  body: ConsoleFreezeBodySchema,
  response: ConsoleUserSchema,
});

export const consoleUserUnfreeze = defineEndpoint({
  id: 'console.users.unfreeze',
  method: 'POST',
  path: '/api/console/users/{id}/unfreeze',
  access: 'console',
  roles: ['admin'],
  summary:
    'Unfreezes an account with a reason: login works again; the sessions from before the freeze stay ended. Refused with 1017 when the page was stale.',
  params: IdParamsSchema,
  body: ConsoleFreezeBodySchema,
  response: ConsoleUserSchema,
});

export const consoleUserResetLoginLimits = defineEndpoint({
  id: 'console.users.resetLoginLimits',
  method: 'POST',
  path: '/api/console/users/{id}/login-limits/reset',
  access: 'console',
  roles: ['support', 'admin'],
  summary:
    "Clears the account's failed-login counters (the captcha demand and the per-address lockout on this account), so its owner can log in at once.",
  params: IdParamsSchema,
  response: z.object({ cleared: z.number().int() }),
});
