/**
 * docs/product/rules.md, Accounts: a new password and a nickname, as plain functions for the web
 * app's forms (which load no schemas, decision 065 "The contract without its schemas in the browser"). The schemas in
 * endpoints/accounts.ts are built from the same constants, and rules/account-fields.test.ts holds the two to the same
 * answers.
 */

/**
 * Text without C0 control characters (U+0000–U+001F) or DEL: one line of anything a person can
 * type. A NUL would otherwise reach the database, which PostgreSQL refuses outright.
 */
// eslint-disable-next-line no-control-regex -- the pattern exists to name the control characters.
export const SINGLE_LINE_PATTERN = /^[^\u0000-\u001f\u007f]*$/;

/**
 * A mobile number (docs/product/rules.md, Accounts): 7 to 15 digits, the first not 0, with an
 * optional leading +. Sign-up, login and password reset take it alike (MobileSchema).
 */
export const MOBILE_PATTERN = /^\+?[1-9][0-9]{6,14}$/;

/** Whether a typed number (trimmed, as the server trims it) has the shape of a mobile number. */
export function isMobileNumber(value: string): boolean {
  return MOBILE_PATTERN.test(value.trim());
}

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 64;
export const PASSWORD_LETTER = /[A-Za-z]/;
export const PASSWORD_DIGIT = /[0-9]/;

/** 8–64 characters (UTF-16 units, as the server counts them), at least one letter and one digit. */
export function isNewPassword(value: string): boolean {
  return (
    SINGLE_LINE_PATTERN.test(value) &&
    value.length >= PASSWORD_MIN &&
    value.length <= PASSWORD_MAX &&
    PASSWORD_LETTER.test(value) &&
    PASSWORD_DIGIT.test(value)
  );
}

export const NICKNAME_MAX = 20;

/**
 * Characters a nickname refuses besides the control characters every text field refuses: line
 * and paragraph separators and the bidirectional overrides and isolates, which make a name read
 * differently from what it is. Counted in characters (code points), so an emoji counts once; the
 * 20 is `NICKNAME_MAX`.
 */
export const NICKNAME_PATTERN = /^[^\p{Cc}\u2028\u2029\u202a-\u202e\u2066-\u2069]{1,20}$/u;

/** A nickname as the server takes it: trimmed, then 1–20 characters with none of the above. */
export function isNickname(value: string): boolean {
  const trimmed = value.trim();
  return SINGLE_LINE_PATTERN.test(value) && NICKNAME_PATTERN.test(trimmed);
}
