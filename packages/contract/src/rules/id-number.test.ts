import { describe, expect, it } from 'vitest';
import {
  checkIdNumber,
  isIdNumberFormat,
  isValidIdNumber,
  latestCalendarDay,
  normalizeIdNumber,
  residentIdCheckCharacter,
  sameName,
} from './index.js';

const TODAY = '2026-11-22';

describe('resident ID numbers', () => {
  it('accept a correct check character and birth date', () => {
    expect(residentIdCheckCharacter('11010519491231002')).toBe('X');
    expect(checkIdNumber('11010519491231002X', TODAY)).toEqual({
      kind: 'resident-id',
      valid: true,
      birthDate: '1949-12-31',
    });
    expect(checkIdNumber(normalizeIdNumber('110105 19491231 002x'), TODAY).valid).toBe(true);
  });

  it('refuse a wrong check character, an impossible date and a future birth', () => {
    expect(checkIdNumber('110105194912310021', TODAY).valid).toBe(false);
    const feb30 = `11010519900230123`;
    expect(checkIdNumber(feb30 + residentIdCheckCharacter(feb30), TODAY).valid).toBe(false);
    const future = `11010520300101123`;
    expect(checkIdNumber(future + residentIdCheckCharacter(future), TODAY).valid).toBe(false);
    const old = `11010518991231123`;
    expect(checkIdNumber(old + residentIdCheckCharacter(old), TODAY).valid).toBe(false);
  });

  it('leave other document numbers to an operator, refusing junk', () => {
    expect(checkIdNumber('E12345678', TODAY)).toEqual({ kind: 'other', valid: true });
    expect(checkIdNumber('AB!', TODAY)).toEqual({ kind: 'other', valid: false });
  });

  it('look like 6 to 20 letters and digits once normalised, as the web form checks before sending', () => {
    expect(isIdNumberFormat(normalizeIdNumber('e12-345 678'))).toBe(true);
    expect(isIdNumberFormat('E1234')).toBe(false);
    expect(isIdNumberFormat('A'.repeat(21))).toBe(false);
    expect(isIdNumberFormat('E12345678!')).toBe(false);
  });

  it('compare names without case or extra spaces', () => {
    expect(sameName(' Li  Na ', 'LI NA')).toBe(true);
    expect(sameName('李娜', '李 娜')).toBe(false);
  });
});

describe('the one ID number rule of real-name and insurance gifts', () => {
  it('refuses an 18-digit resident ID with a bad check character and accepts it typed loosely', () => {
    expect(isValidIdNumber('110105194912310021', TODAY)).toBe(false);
    expect(isValidIdNumber(' 110105-19491231-002x ', TODAY)).toBe(true);
    expect(isValidIdNumber('E12345678', TODAY)).toBe(true);
    expect(isValidIdNumber('12345', TODAY)).toBe(false);
  });

  it('lets a client check against the latest calendar day anywhere', () => {
    expect(latestCalendarDay(Date.UTC(2026, 10, 22, 9, 59))).toBe('2026-11-22');
    expect(latestCalendarDay(Date.UTC(2026, 10, 22, 10, 0))).toBe('2026-11-23');
  });
});
