import { z } from 'zod';
import { DoneSchema, IdSchema, pageOf, PageQuerySchema, text, TimestampSchema } from '../common.js';
import { defineEndpoint, OPERATOR_ROLES } from '../endpoint.js';
import { WithdrawalSchema } from './payouts.js';

/** The operator console (decision 021): its own accounts and sessions, never a user's token. */

export const OperatorNameSchema = text()
  .trim()
  .min(2)
  .max(64)
  .regex(/^[a-z0-9._-]+$/, { error: 'rule.operatorName' });
export const OperatorRoleSchema = z.enum(OPERATOR_ROLES);
export const OperatorRolesSchema = z.array(OperatorRoleSchema).min(1).max(OPERATOR_ROLES.length);
export const OperatorPasswordSchema = text().min(12).max(128);
/** A six-digit TOTP code, or a one-time recovery code. */
export const SecondFactorCodeSchema = text().trim().min(6).max(32);
export const ReasonSchema = text().trim().min(1).max(500);

export const ConsoleMeSchema = z.object({
  id: IdSchema,
  name: z.string(),
  roles: z.array(OperatorRoleSchema),
  /** Sent back in the `x-csrf-token` header of every state-changing console call. */
  csrfToken: z.string(),
  totpEnrolled: z.boolean(),
  /** `enrolment`: only me, logout, password and the TOTP enrolment until a second factor is confirmed. */
  stage: z.enum(['enrolment', 'full']),
});

export const OperatorSchema = z.object({
  id: IdSchema,
  name: z.string(),
  roles: z.array(OperatorRoleSchema),
  disabled: z.boolean(),
  totpEnrolled: z.boolean(),
  createdAt: TimestampSchema,
});

export const consoleLogin = defineEndpoint({
  id: 'console.login',
  method: 'POST',
  path: '/api/console/login',
  access: 'none',
  summary:
    'Operator login: name and password, and the TOTP or a recovery code once enrolled. Without the code an enrolled operator gets `secondFactorRequired` and no session; an operator without TOTP gets a session limited to enrolment. Sets the HttpOnly console cookie.',
  body: z.strictObject({
    name: OperatorNameSchema,
    password: text().min(1).max(128),
    code: SecondFactorCodeSchema.optional(),
  }),
  response: z.object({ secondFactorRequired: z.boolean(), me: ConsoleMeSchema.nullable() }),
});

export const consoleLogout = defineEndpoint({
  id: 'console.logout',
  method: 'POST',
  path: '/api/console/logout',
  access: 'console',
  enrolment: true,
  summary: 'Ends this console session.',
  response: DoneSchema,
});

export const consoleMe = defineEndpoint({
  id: 'console.me',
  method: 'GET',
  path: '/api/console/me',
  access: 'console',
  enrolment: true,
  summary: 'The signed-in operator: name, roles, the CSRF token, whether TOTP is enrolled.',
  response: ConsoleMeSchema,
});

export const consoleTotpEnrol = defineEndpoint({
  id: 'console.totp.enrol',
  method: 'POST',
  path: '/api/console/totp/enrol',
  access: 'console',
  enrolment: true,
  summary:
    'Starts TOTP enrolment: a new secret as an otpauth:// URI and a QR code (data URL). Confirmed by a first code.',
  response: z.object({ uri: z.string(), qr: z.string() }),
});

export const consoleTotpConfirm = defineEndpoint({
  id: 'console.totp.confirm',
  method: 'POST',
  path: '/api/console/totp/confirm',
  access: 'console',
  enrolment: true,
  summary: 'Confirms TOTP with a first valid code; answers the 10 one-time recovery codes, shown this once.',
  body: z.strictObject({ code: SecondFactorCodeSchema }),
  response: z.object({ recoveryCodes: z.array(z.string()) }),
});

export const consoleChangePassword = defineEndpoint({
  id: 'console.password',
  method: 'POST',
  path: '/api/console/password',
  access: 'console',
  enrolment: true,
  summary: "Changes the operator's own password; every console session of the operator ends.",
  body: z.strictObject({ current: text().min(1).max(128), password: OperatorPasswordSchema }),
  response: DoneSchema,
});

export const consoleOperators = defineEndpoint({
  id: 'console.operators.list',
  method: 'GET',
  path: '/api/console/operators',
  access: 'console',
  roles: ['admin'],
  summary: 'Every operator account.',
  response: z.array(OperatorSchema),
});

export const consoleCreateOperator = defineEndpoint({
  id: 'console.operators.create',
  method: 'POST',
  path: '/api/console/operators',
  access: 'console',
  roles: ['admin'],
  summary: 'Creates an operator with roles; answers a one-time initial password.',
  body: z.strictObject({ name: OperatorNameSchema, roles: OperatorRolesSchema }),
  response: z.object({ operator: OperatorSchema, initialPassword: z.string() }),
});

export const consoleSetOperatorRoles = defineEndpoint({
  id: 'console.operators.roles',
  method: 'POST',
  path: '/api/console/operators/{id}/roles',
  access: 'console',
  roles: ['admin'],
  summary: "Replaces an operator's roles.",
  params: z.strictObject({ id: IdSchema }),
  body: z.strictObject({ roles: OperatorRolesSchema }),
  response: OperatorSchema,
});

export const consoleSetOperatorDisabled = defineEndpoint({
  id: 'console.operators.disabled',
  method: 'POST',
  path: '/api/console/operators/{id}/disabled',
  access: 'console',
  roles: ['admin'],
  summary: 'Disables (ending its sessions) or enables an operator.',
  params: z.strictObject({ id: IdSchema }),
  body: z.strictObject({ disabled: z.boolean() }),
  response: OperatorSchema,
});

export const consoleResetOperatorSecondFactor = defineEndpoint({
  id: 'console.operators.reset-second-factor',
  method: 'POST',
  path: '/api/console/operators/{id}/second-factor/reset',
  access: 'console',
  roles: ['admin'],
  summary: "Removes an operator's TOTP and recovery codes and ends its sessions; the next login enrols again.",
  params: z.strictObject({ id: IdSchema }),
  response: OperatorSchema,
});

export const ConsoleIdentitySchema = z.object({
  userId: IdSchema,
  account: z.string(),
  name: z.string(),
  idNumberMasked: z.string(),
  status: z.string(),
  submittedAt: TimestampSchema,
});

export const consoleIdentityPending = defineEndpoint({
  id: 'console.identity.pending',
  method: 'GET',
  path: '/api/console/identity',
  access: 'console',
  roles: ['reviewer'],
  summary: 'Identity checks waiting for a decision, oldest first. The look is recorded.',
  response: z.array(ConsoleIdentitySchema),
});

export const consoleIdentityApprove = defineEndpoint({
  id: 'console.identity.approve',
  method: 'POST',
  path: '/api/console/identity/{userId}/approve',
  access: 'console',
  roles: ['reviewer'],
  summary: 'Approves a pending identity check.',
  params: z.strictObject({ userId: IdSchema }),
  response: DoneSchema,
});

export const consoleIdentityReject = defineEndpoint({
  id: 'console.identity.reject',
  method: 'POST',
  path: '/api/console/identity/{userId}/reject',
  access: 'console',
  roles: ['reviewer'],
  summary: 'Rejects a pending identity check with a reason the user sees.',
  params: z.strictObject({ userId: IdSchema }),
  body: z.strictObject({ reason: ReasonSchema }),
  response: DoneSchema,
});

/** A withdrawal as finance sees it: who asked (masked), and the four-eyes and payment records. */
export const ConsoleWithdrawalSchema = WithdrawalSchema.extend({
  userId: IdSchema,
  userMobileMasked: z.string(),
  /** Above WITHDRAWAL_SECOND_APPROVAL_ABOVE: one finance operator approves, a different one pays. */
  needsSecondApproval: z.boolean(),
  firstApprovedBy: z.string().nullable(),
  /** The operator reading gave the first approval, so another one must pay it. */
  firstApprovedByMe: z.boolean(),
  firstApprovedAt: TimestampSchema.nullable(),
  paidBy: z.string().nullable(),
  /** The bank's transfer reference, recorded when paid. */
  bankReference: z.string().nullable(),
});

export const BankReferenceSchema = text().trim().min(1).max(64);

export const consoleWithdrawalsPending = defineEndpoint({
  id: 'console.withdrawals.pending',
  method: 'GET',
  path: '/api/console/withdrawals',
  access: 'console',
  roles: ['finance'],
  summary:
    "Withdrawals waiting to be paid or rejected (oldest first), or the latest paid or rejected ones (newest first, with the bank's reference), with the user's masked mobile and the approval state.",
  query: z.strictObject({ status: z.enum(['pending', 'paid', 'rejected']).default('pending') }),
  response: z.array(ConsoleWithdrawalSchema),
});

export const consoleWithdrawalApprove = defineEndpoint({
  id: 'console.withdrawals.approve',
  method: 'POST',
  path: '/api/console/withdrawals/{id}/approve',
  access: 'console',
  roles: ['finance'],
  summary:
    'First approval of a large withdrawal (above WITHDRAWAL_SECOND_APPROVAL_ABOVE), once; it stays pending until a different finance operator pays it.',
  params: z.strictObject({ id: IdSchema }),
  response: ConsoleWithdrawalSchema,
});

export const consoleWithdrawalPay = defineEndpoint({
  id: 'console.withdrawals.pay',
  method: 'POST',
  path: '/api/console/withdrawals/{id}/pay',
  access: 'console',
  roles: ['finance'],
  summary:
    "Marks a pending withdrawal paid, once, with the bank's transfer reference. A large one needs a first approval by a different operator.",
  params: z.strictObject({ id: IdSchema }),
  body: z.strictObject({ reference: BankReferenceSchema }),
  response: ConsoleWithdrawalSchema,
});

export const consoleWithdrawalsExport = defineEndpoint({
  id: 'console.withdrawals.export',
  method: 'POST',
  path: '/api/console/withdrawals/export',
  access: 'console',
  roles: ['finance'],
  summary:
    'The pending withdrawals as CSV for a bank batch (id, holder, bank, full account number, amount to pay in yuan, reference). Success is the file itself; the look is recorded.',
  binary: true,
  response: z.string(),
});

export const consoleWithdrawalReject = defineEndpoint({
  id: 'console.withdrawals.reject',
  method: 'POST',
  path: '/api/console/withdrawals/{id}/reject',
  access: 'console',
  roles: ['finance'],
  summary: 'Rejects a pending withdrawal and refunds the whole amount, once.',
  params: z.strictObject({ id: IdSchema }),
  body: z.strictObject({ reason: ReasonSchema }),
  response: ConsoleWithdrawalSchema,
});

export const AuditEntrySchema = z.object({
  id: IdSchema,
  operator: z.string(),
  operatorId: z.string().nullable(),
  /** `console`, or `cli:<os user>` for the command line. */
  source: z.string().nullable(),
  action: z.string(),
  subjectType: z.string(),
  subjectId: z.string(),
  detail: z.unknown().nullable(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  at: TimestampSchema,
});

export const consoleAudit = defineEndpoint({
  id: 'console.audit',
  method: 'GET',
  path: '/api/console/audit',
  access: 'console',
  roles: ['admin'],
  summary: 'The record of operator actions, newest first, filtered by operator, action, target and time range.',
  query: PageQuerySchema.extend({
    operator: text().max(64).optional(),
    action: text().max(64).optional(),
    subjectType: text().max(32).optional(),
    subjectId: text().max(64).optional(),
    from: TimestampSchema.optional(),
    to: TimestampSchema.optional(),
  }),
  response: pageOf(AuditEntrySchema),
});

export type ConsoleMe = z.output<typeof ConsoleMeSchema>;
export type Operator = z.output<typeof OperatorSchema>;
export type AuditEntry = z.output<typeof AuditEntrySchema>;
export type ConsoleWithdrawal = z.output<typeof ConsoleWithdrawalSchema>;
