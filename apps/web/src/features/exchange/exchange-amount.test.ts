import { describe, expect, it } from 'vitest';
import {
  checkExchange,
  exchangeAmount,
  maxExchangeablePoints,
  minExchangeablePoints,
  parsePoints,
  type ExchangeRule,
} from './exchange-amount';

// The server's defaults: 100 points = ¥1.00, at least 100 points.
const DEFAULT: ExchangeRule = { exchangePointsPerUnit: 100, exchangeCashPerUnit: 100, exchangeMinPoints: 100 };
// An operator's rule: 50 points = ¥0.30, at least 120 points.
const OTHER: ExchangeRule = { exchangePointsPerUnit: 50, exchangeCashPerUnit: 30, exchangeMinPoints: 120 };

describe('exchange amounts', () => {
  it('gives ¥1.00 (100 minor units) per 100 points', () => {
    expect(exchangeAmount(DEFAULT, 100)).toBe(100);
    expect(exchangeAmount(DEFAULT, 2_500)).toBe(2_500);
    expect(exchangeAmount(DEFAULT, 0)).toBe(0);
    expect(exchangeAmount(DEFAULT, 150)).toBe(100);
  });

  it('offers the whole hundreds of a balance at most', () => {
    expect(maxExchangeablePoints(DEFAULT, 5_099)).toBe(5_000);
    expect(maxExchangeablePoints(DEFAULT, 99)).toBe(0);
    expect(maxExchangeablePoints(DEFAULT, -5)).toBe(0);
  });

  it('reads typed numbers, with grouping, and nothing else', () => {
    expect(parsePoints('1,200')).toBe(1_200);
    expect(parsePoints(' 300 ')).toBe(300);
    expect(parsePoints('')).toBeUndefined();
    expect(parsePoints('1.5')).toBeUndefined();
    expect(parsePoints('-100')).toBeUndefined();
    expect(parsePoints('1e3')).toBeUndefined();
  });

  it('accepts at least 100, in whole hundreds, within the balance', () => {
    expect(checkExchange(DEFAULT, undefined, 500)).toBe('notNumber');
    expect(checkExchange(DEFAULT, 0, 500)).toBe('belowMinimum');
    expect(checkExchange(DEFAULT, 99, 500)).toBe('belowMinimum');
    expect(checkExchange(DEFAULT, 250, 500)).toBe('notWholeUnits');
    expect(checkExchange(DEFAULT, 600, 500)).toBe('notEnoughPoints');
    expect(checkExchange(DEFAULT, 100, 500)).toBeUndefined();
    expect(checkExchange(DEFAULT, 500, 500)).toBeUndefined();
  });

  it('follows the rule the server answers', () => {
    expect(exchangeAmount(OTHER, 175)).toBe(90);
    expect(maxExchangeablePoints(OTHER, 199)).toBe(150);
    expect(minExchangeablePoints(OTHER)).toBe(150);
    expect(minExchangeablePoints(DEFAULT)).toBe(100);
    expect(checkExchange(OTHER, 100, 500)).toBe('belowMinimum');
    expect(checkExchange(OTHER, 175, 500)).toBe('notWholeUnits');
    expect(checkExchange(OTHER, 150, 500)).toBeUndefined();
  });
});
