import { z } from 'zod';
import { DoneSchema, IdSchema, paged, text, TimestampSchema } from '../common.js';
import { defineEndpoint, OPERATOR_ROLES } from '../endpoint.js';

/**
 * The operator console (decision 021 "Operator accounts and console sessions"): its own accounts and sessions, never a
 * user's token.
 */

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
/** A body that gives only a reason (a rejection, a disconnection). */
export const ReasonBodySchema = z.strictObject({ reason: ReasonSchema });

export const ConsoleMeSchema = z.object({
  id: IdSchema,
  name: z.string(),
  roles: z.array(OperatorRoleSchema),
  /** Sent back in the `x-csrf-token` header of every state-changing console call. */
  csrfToken: z.string(),
  totpEnrolled: z.boolean(),
  /** `enrolment`: only me, logout, password and the TOTP enrolment until a second factor is confirmed. */
  stage: z.enum(['enrolment', 'full']),
  /**
   * A generated initial password must be replaced first: until then only me, logout and the
   * password change are served (decision 073 "Operator sign-in").
   */
  passwordChangeRequired: z.boolean(),
  /**
   * The last lock of this operator's sign-in, until the operator has dismissed its notice (decision 073 "Operator
   * sign-in").
   */
  signInLock: z.object({ at: TimestampSchema, failures: z.number().int(), addresses: z.number().int() }).nullable(),
});

/**
 * How an operator came to its roles (decision 074 "Independent second approvers"): who created it (null on the command
 * line without `--operator`), and who last gave it finance or admin, and when.
 */
export const OperatorOriginSchema = z.object({
  name: z.string(),
  createdBy: z.string().nullable(),
  createdAt: TimestampSchema,
  rolesChangedBy: z.string().nullable(),
  rolesChangedAt: TimestampSchema.nullable(),
});

/**
 * Why the operator reading may not give a four-eyes decision (decision 074 "Independent second approvers"): `operator`
 * was created (`created`) or given finance or admin (`roles`) by `by` at `at`, within
 * FOUR_EYES_INDEPENDENCE_DAYS. The console shows it instead of a button that would be refused.
 */
export const IndependenceConflictSchema = z.object({
  operator: z.string(),
  by: z.string(),
  how: z.enum(['created', 'roles']),
  at: TimestampSchema,
});

export const OperatorSchema = z.object({
  id: IdSchema,
  name: z.string(),
  roles: z.array(OperatorRoleSchema),
  disabled: z.boolean(),
  totpEnrolled: z.boolean(),
  createdAt: TimestampSchema,
  /** Still to replace the generated initial password (decision 073 "Operator sign-in"). */
  passwordChangeRequired: z.boolean(),
  /** Sign-in refused until then after repeated failures; null when not locked (decision 073 "Operator sign-in"). */
  signInLockedUntil: TimestampSchema.nullable(),
  /** Decision 074 "Independent second approvers": who created it, who last gave it finance or admin and when. */
  createdBy: z.string().nullable(),
  rolesChangedBy: z.string().nullable(),
  rolesChangedAt: TimestampSchema.nullable(),
  /** Finance or admin asked for it and waiting for a second admin (decision 074 "Independent second approvers"). */
  pendingRoles: z.array(OperatorRoleSchema),
});

export const consoleLogin = defineEndpoint({
  id: 'console.login',
  method: 'POST',
  path: '/api/console/login',
  access: 'none',
  summary:
    'Operator login: name and password, and the TOTP or a recovery code once enrolled. Without the code an enrolled operator gets `secondFactorRequired` and no session; an operator without TOTP gets a session limited to enrolment, and one with a generated initial password a session limited to changing it. Repeated failures on one operator from any addresses lock its sign-in for a while (1006), even with the right password and code. Sets the HttpOnly console cookie.',
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
  passwordChange: true,
  summary: 'Ends this console session.',
  response: DoneSchema,
});

export const consoleMe = defineEndpoint({
  id: 'console.me',
  method: 'GET',
  path: '/api/console/me',
  access: 'console',
  enrolment: true,
  passwordChange: true,
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
  passwordChange: true,
  summary:
    "Changes the operator's own password to a different one; every console session of the operator ends, except this one when it replaced a generated initial password (the session goes on to enrolment).",
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
  summary:
    'Creates an operator with roles; answers a one-time initial password. Finance and admin wait as a role grant for a different admin (decision 074); the operator starts with the other roles.',
  body: z.strictObject({ name: OperatorNameSchema, roles: OperatorRolesSchema }),
  response: z.object({ operator: OperatorSchema, initialPassword: z.string() }),
});

export const consoleSetOperatorRoles = defineEndpoint({
  id: 'console.operators.roles',
  method: 'POST',
  path: '/api/console/operators/{id}/roles',
  access: 'console',
  roles: ['admin'],
  summary:
    "Replaces an operator's roles. Removals and the other roles apply at once; adding finance or admin becomes a role grant for a different admin (decision 074).",
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

export const consoleLiftOperatorSignInLock = defineEndpoint({
  id: 'console.operators.lift-sign-in-lock',
  method: 'POST',
  path: '/api/console/operators/{id}/sign-in-lock/lift',
  access: 'console',
  roles: ['admin'],
  summary:
    "Lifts a lock of an operator's sign-in before it ends (decision 073), with its failure counts; refused with 1007 when the sign-in is not locked.",
  params: z.strictObject({ id: IdSchema }),
  response: OperatorSchema,
});

export const consoleDismissSignInLock = defineEndpoint({
  id: 'console.sign-in-lock.dismiss',
  method: 'POST',
  path: '/api/console/sign-in-lock/dismiss',
  access: 'console',
  summary: "Dismisses the notice of the last lock of the operator's own sign-in (decision 073).",
  response: DoneSchema,
});

export const ROLE_GRANT_STATUSES = ['pending', 'approved', 'rejected'] as const;

/**
 * An admin's request to give an operator finance or admin, waiting for a different admin (decision 074 "Independent
 * second approvers").
 */
export const RoleGrantSchema = z.object({
  id: IdSchema,
  operatorId: IdSchema,
  operatorName: z.string(),
  /** What the operator holds now, and what the grant adds. */
  currentRoles: z.array(OperatorRoleSchema),
  roles: z.array(OperatorRoleSchema),
  status: z.enum(ROLE_GRANT_STATUSES),
  requestedBy: z.string(),
  requestedByOrigin: OperatorOriginSchema.nullable(),
  /** The admin reading asked for it (so a different one decides). */
  mine: z.boolean(),
  /** The grant is for the admin reading (so a different one decides). */
  forMe: z.boolean(),
  /** Set while the admin reading and the asker are not independent, so the reader may not approve it. */
  notIndependent: IndependenceConflictSchema.nullable(),
  decidedBy: z.string().nullable(),
  createdAt: TimestampSchema,
  decidedAt: TimestampSchema.nullable(),
});

export const consoleRoleGrants = defineEndpoint({
  id: 'console.role-grants.list',
  method: 'GET',
  path: '/api/console/role-grants',
  access: 'console',
  roles: ['admin'],
  summary: 'Role grants (finance, admin) waiting for a second admin, oldest first, with who asked (decision 074).',
  response: z.array(RoleGrantSchema),
});

export const consoleRoleGrantApprove = defineEndpoint({
  id: 'console.role-grants.approve',
  method: 'POST',
  path: '/api/console/role-grants/{id}/approve',
  access: 'console',
  roles: ['admin'],
  summary:
    'Approves a pending role grant, once, by an admin other than the one who asked and the operator it is for, and independent of the asker (decision 074); the roles take effect now.',
  params: z.strictObject({ id: IdSchema }),
  response: RoleGrantSchema,
});

export const consoleRoleGrantReject = defineEndpoint({
  id: 'console.role-grants.reject',
  method: 'POST',
  path: '/api/console/role-grants/{id}/reject',
  access: 'console',
  roles: ['admin'],
  summary: 'Rejects a pending role grant, once; the admin who asked may withdraw it this way too.',
  params: z.strictObject({ id: IdSchema }),
  response: RoleGrantSchema,
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
  /**
   * The user the action concerns, where there is one (decision 080 "A console a new operator can read"): their page
   * links from the row.
   */
  userId: IdSchema.nullable(),
  /** That user's mobile number, first 3 and last 4 digits. */
  userMobileMasked: z.string().nullable(),
});

export const consoleAudit = defineEndpoint({
  id: 'console.audit',
  method: 'GET',
  path: '/api/console/audit',
  access: 'console',
  roles: ['admin'],
  summary: 'The record of operator actions, newest first, filtered by operator, action, target and time range.',
  ...paged(AuditEntrySchema, {
    operator: text().max(64).optional(),
    action: text().max(64).optional(),
    subjectType: text().max(32).optional(),
    subjectId: text().max(64).optional(),
    from: TimestampSchema.optional(),
    to: TimestampSchema.optional(),
  }),
});

export type ConsoleMe = z.output<typeof ConsoleMeSchema>;
export type Operator = z.output<typeof OperatorSchema>;
export type AuditEntry = z.output<typeof AuditEntrySchema>;
export type OperatorOrigin = z.output<typeof OperatorOriginSchema>;
export type IndependenceConflict = z.output<typeof IndependenceConflictSchema>;
export type RoleGrant = z.output<typeof RoleGrantSchema>;
