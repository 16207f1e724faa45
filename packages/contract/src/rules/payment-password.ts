// The payment password's rules (docs/product/payment-password.md).

export const PAYMENT_PASSWORD_LENGTH = 6;
/** Wrong payment passwords in a row before the password is locked. */
export const PAYMENT_PASSWORD_MAX_TRIES = 5;
/** How long a locked payment password stays locked. */
export const PAYMENT_PASSWORD_LOCK_MINUTES = 15;

/** Six digits. */
export const PAYMENT_PASSWORD_PATTERN = /^[0-9]{6}$/;

/** Too easy to guess: all one digit, or a run up or down (123456, 987654). */
export function isSimplePaymentPassword(password: string): boolean {
  const digits = [...password].map(Number);
  const steps = new Set(digits.slice(1).map((digit, index) => digit - (digits[index] ?? 0)));
  return steps.size === 1 && [0, 1, -1].includes([...steps][0] ?? 2);
}
