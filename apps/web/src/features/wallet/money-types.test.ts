import { describe, expect, it } from 'vitest';
import { formatMoney } from '../../lib/format';
import { moneyTypeLabel, signedMoney } from './money-types';

describe('money movement labels', () => {
  it('labels known types and shows unknown ones as they are', () => {
    const t = (key: string) => `<${key}>`;
    expect(moneyTypeLabel('card.buy', t)).toBe('<statement.type.cardBuy>');
    expect(moneyTypeLabel('withdraw.fee', t)).toBe('withdraw.fee');
  });

  it('signs amounts', () => {
    expect(signedMoney(300, formatMoney)).toBe('+¥3.00');
    expect(signedMoney(-9_900, formatMoney)).toBe('-¥99.00');
    expect(signedMoney(0, formatMoney)).toBe('¥0.00');
  });
});
