/**
 * The envelope code catalogue. Every application outcome travels as HTTP 200 with one of these
 * codes, because the client moves to a backup host on any non-200 status (docs/product/client.md, Request layer).
 */
export const CODES = {
  OK: 1,
  SESSION_INVALID: 1001,
  REAL_NAME_REQUIRED: 1002,
  VALIDATION_FAILED: 1003,
  NOT_FOUND: 1004,
  CONFLICT: 1005,
  RATE_LIMITED: 1006,
  BUSINESS_RULE: 1007,
  CAPTCHA_REQUIRED: 1008,
  CAPTCHA_INVALID: 1009,
  NOT_AVAILABLE: 1010,
  CREDENTIALS_INVALID: 1011,
  INSUFFICIENT_FUNDS: 1012,
  /** The one-time face check (or its manual alternative) is needed before the first withdrawal. */
  FACE_CHECK_REQUIRED: 1013,
  /** The service is briefly unavailable (its database or its object storage is restarting or unreachable); try again shortly. */
  SERVICE_UNAVAILABLE: 1014,
  /** Refused for this caller: an operator without the role, a console call without its CSRF token. Nothing changed. */
  FORBIDDEN: 1015,
  /** No live console session (the operator console's own login, never a user's token). */
  CONSOLE_SESSION_INVALID: 1016,
  /** A console edit of a row someone else changed meanwhile (its `version` is old): nothing was written; reload. */
  STALE_EDIT: 1017,
  /** The account is frozen by an operator: every call is refused and the session has ended. */
  ACCOUNT_FROZEN: 1018,
  /**
   * Money leaving the balance (or a policy given away) needs the payment password: none is set yet (set one with an SMS
   * code), or none was given. A wrong one answers 1011 and counts; too many lock it (1006).
   */
  PAYMENT_PASSWORD_REQUIRED: 1019,
} as const;

export type CodeName = keyof typeof CODES;
export type Code = (typeof CODES)[CodeName];

const NAME_BY_CODE = new Map<number, CodeName>(
  (Object.entries(CODES) as [CodeName, Code][]).map(([name, code]) => [code, name]),
);

export function codeName(code: number): CodeName | undefined {
  return NAME_BY_CODE.get(code);
}
