import { describe, expect, it } from 'vitest';
import { isCardNumberFormat, normalizeAccountNumber, passesLuhn } from './index.js';

describe('card numbers', () => {
  it('pass the Luhn check when their check digit is right', () => {
    expect(passesLuhn('4111111111111111')).toBe(true);
    expect(passesLuhn('6222021234567890128')).toBe(true);
    expect(passesLuhn('4111111111111112')).toBe(false);
  });

  it('are 12 to 19 digits once spaces and hyphens are dropped', () => {
    expect(normalizeAccountNumber('6222 0212-3456 7890 128')).toBe('6222021234567890128');
    expect(isCardNumberFormat('62220212345')).toBe(false);
    expect(isCardNumberFormat('622202123456')).toBe(true);
    expect(isCardNumberFormat('62220212345678901234')).toBe(false);
    expect(isCardNumberFormat('6222a21234567890')).toBe(false);
  });
});
