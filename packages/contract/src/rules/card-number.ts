/**
 * Payout card numbers, checked the same way by the server and, before sending, by the web app
 * (docs/product/rules.md, "Payout methods").
 */

/** Card numbers as people type them: spaces and hyphens between groups are dropped. */
export function normalizeAccountNumber(value: string): string {
  return value.replace(/[\s-]/g, '');
}

/** Payment card numbers (ISO/IEC 7812, UnionPay included) are 12 to 19 digits. */
export function isCardNumberFormat(value: string): boolean {
  return /^[0-9]{12,19}$/.test(value);
}

/** The Luhn check digit of ISO/IEC 7812 card numbers; anything but digits fails. */
export function passesLuhn(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  let isDoubled = false;
  for (let index = digits.length - 1; index >= 0; index -= 1) {
    let digit = Number(digits[index]);
    if (isDoubled) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
    isDoubled = !isDoubled;
  }
  return sum % 10 === 0;
}

export type AccountNumberProblem = 'empty' | 'format' | 'checksum';

/** 12–19 digits (spaces and hyphens allowed) with a right check digit. */
export function checkAccountNumber(value: string): AccountNumberProblem | undefined {
  const digits = normalizeAccountNumber(value);
  if (digits === '') return 'empty';
  if (!isCardNumberFormat(digits)) return 'format';
  return passesLuhn(digits) ? undefined : 'checksum';
}
