import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { DoneSchema, IdSchema, MobileSchema, TimestampSchema, text } from '../common.js';

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 64;

/** docs/product/rules.md, Accounts: 8–64 characters with at least one letter and one digit. */
export const NewPasswordSchema = text()
  .min(PASSWORD_MIN)
  .max(PASSWORD_MAX)
  .regex(/[A-Za-z]/, { error: 'rule.passwordLetter' })
  .regex(/[0-9]/, { error: 'rule.passwordDigit' });

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

export const RegisterBodySchema = z.strictObject({
  account: MobileSchema,
  password: NewPasswordSchema,
  captchaId: CaptchaIdSchema,
  captchaCode: CaptchaCodeSchema,
  inviteCode: InviteCodeSchema.optional(),
});

export const register = defineEndpoint({
  id: 'user.register',
  method: 'POST',
  path: '/api/user/register',
  access: 'none',
  summary: 'Create an account and start a session.',
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

export const PasswordKeyQuerySchema = z.strictObject({
  account: MobileSchema,
  captchaId: CaptchaIdSchema,
  captchaCode: CaptchaCodeSchema,
});

export const requestPasswordKey = defineEndpoint({
  id: 'user.passwordKey',
  method: 'GET',
  path: '/api/user/password/key',
  access: 'none',
  summary:
    'Send a 6-digit reset code to the account through the configured sender. The answer is the same whether or not the account exists.',
  query: PasswordKeyQuerySchema,
  response: z.object({ expiresIn: z.number().int(), resendIn: z.number().int() }),
});

export const RESET_CODE_LENGTH = 6;

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
