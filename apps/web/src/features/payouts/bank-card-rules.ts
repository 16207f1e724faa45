/** The server's rules for payout methods (decision 011), checked before sending. */

/** Card numbers as people type them: spaces and hyphens between groups are dropped. */
export function normalizeAccountNumber(value: string): string {
  return value.replace(/[\s-]/g, '');
}

/** The Luhn check digit of ISO/IEC 7812 card numbers. */
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
  if (!/^\d{12,19}$/.test(digits)) return 'format';
  return passesLuhn(digits) ? undefined : 'checksum';
}

/** Names compare without case and with runs of spaces as one, as the server compares them. */
export function sameName(a: string, b: string): boolean {
  const normal = (value: string) => value.trim().replace(/\s+/g, ' ').toLocaleLowerCase('en');
  return normal(a) === normal(b);
}

export type HolderNameProblem = 'empty' | 'mismatch';

export function checkHolderName(value: string, realName: string | null | undefined): HolderNameProblem | undefined {
  if (value.trim() === '') return 'empty';
  if (realName && !sameName(value, realName)) return 'mismatch';
  return undefined;
}

/** Decision 011: at most five live payout methods. */
export const BANK_CARDS_MAX = 5;
