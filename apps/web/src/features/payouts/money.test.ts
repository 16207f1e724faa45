import { describe, expect, it } from 'vitest';
import { testWithdrawalRules } from '../../test/payout-fixtures';
import { checkAmount, parseAmount, quoteWithdrawal, withdrawalFee } from './money';

const RULES = testWithdrawalRules();

describe('parseAmount', () => {
  it('turns typed yuan into integer fen without floats', () => {
    expect(parseAmount('12')).toEqual({ ok: true, minor: 1200 });
    expect(parseAmount('12.5')).toEqual({ ok: true, minor: 1250 });
    expect(parseAmount('0.29')).toEqual({ ok: true, minor: 29 });
    expect(parseAmount('1,234.56')).toEqual({ ok: true, minor: 123456 });
    expect(parseAmount(' 10. ')).toEqual({ ok: true, minor: 1000 });
    expect(parseAmount('999999999.99')).toEqual({ ok: true, minor: 99999999999 });
  });

  it('refuses empty input, a third decimal, signs and letters', () => {
    expect(parseAmount('  ')).toEqual({ ok: false, reason: 'empty' });
    for (const text of ['1.234', '-5', '+5', '1e3', 'abc', '.5', '1.2.3', '1234567890']) {
      expect(parseAmount(text)).toEqual({ ok: false, reason: 'format' });
    }
  });
});

describe('fee and received', () => {
  it('takes 1% rounded up, at least the minimum, out of the amount', () => {
    expect(withdrawalFee(1000, RULES)).toBe(100);
    expect(withdrawalFee(10_000, RULES)).toBe(100);
    expect(withdrawalFee(10_001, RULES)).toBe(101);
    expect(withdrawalFee(500_000, RULES)).toBe(5000);
    expect(quoteWithdrawal(12_345, RULES)).toEqual({ amount: 12_345, fee: 124, received: 12_221 });
  });

  it('checks the minimum, what is left today and the balance', () => {
    expect(checkAmount('9.99', RULES, 100_000)).toEqual({ ok: false, problem: { kind: 'min', min: 1000 } });
    expect(checkAmount('50', { ...RULES, todayLeft: 2000 }, 100_000)).toEqual({
      ok: false,
      problem: { kind: 'todayLeft', left: 2000 },
    });
    expect(checkAmount('50', RULES, 4000)).toEqual({ ok: false, problem: { kind: 'balance', balance: 4000 } });
    expect(checkAmount('10', RULES, 4000)).toEqual({ ok: true, quote: { amount: 1000, fee: 100, received: 900 } });
    // A fee as large as the minimum moves the minimum one cent above the fee, as the server does.
    expect(checkAmount('1', { ...RULES, min: 100 }, undefined)).toEqual({
      ok: false,
      problem: { kind: 'min', min: 101 },
    });
  });
});
