import { describe, expect, it } from 'vitest';
import { checkAccountNumber, checkHolderName, passesLuhn, sameName } from './index.js';

describe('account numbers', () => {
  it('pass the Luhn check when their check digit is right', () => {
    expect(passesLuhn('4111111111111111')).toBe(true);
    expect(passesLuhn('6222020200112345679')).toBe(true);
    expect(passesLuhn('4111111111111112')).toBe(false);
    expect(passesLuhn('41111a1111111111')).toBe(false);
  });

  it('need 12–19 digits, spaces and hyphens allowed, and a right check digit', () => {
    expect(checkAccountNumber('6222 0202-0011 2345 679')).toBeUndefined();
    expect(checkAccountNumber('')).toBe('empty');
    expect(checkAccountNumber('42424242424')).toBe('format');
    expect(checkAccountNumber('42424242424242424242')).toBe('format');
    expect(checkAccountNumber('4111 1111 1111 111x')).toBe('format');
    expect(checkAccountNumber('6222020200112345678')).toBe('checksum');
  });
});

describe('holder names', () => {
  it('must equal the verified real name, ignoring case and extra spaces', () => {
    expect(sameName('  li   NA ', 'Li Na')).toBe(true);
    expect(checkHolderName('Demo Walker', 'Demo Walker')).toBeUndefined();
    expect(checkHolderName('demo  walker', 'Demo Walker')).toBeUndefined();
    expect(checkHolderName('Wang Wei', 'Demo Walker')).toBe('mismatch');
    expect(checkHolderName('  ', 'Demo Walker')).toBe('empty');
  });
});
