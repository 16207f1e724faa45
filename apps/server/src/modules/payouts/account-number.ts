/** Card numbers as people type them: spaces and hyphens between groups are dropped. */
export function normalizeAccountNumber(value: string): string {
  return value.replace(/[\s-]/g, '');
}

/** Payment card numbers (ISO/IEC 7812, UnionPay included) are 12 to 19 digits. */
export function isCardNumberFormat(value: string): boolean {
  return /^[0-9]{12,19}$/.test(value);
}

/** The Luhn check digit of ISO/IEC 7812 card numbers. */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  let isDoubled = false;
  for (let i = digits.length - 1; i >= 0; i -= 1) {
    let digit = Number(digits[i]);
    if (isDoubled) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
    isDoubled = !isDoubled;
  }
  return sum % 10 === 0;
}
