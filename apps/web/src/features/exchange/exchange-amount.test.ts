import { describe, expect, it } from 'vitest';
import { checkExchange, exchangeAmount, maxExchangeablePoints, parsePoints } from './exchange-amount';

describe('exchange amounts', () => {
  it('gives ¥1.00 (100 minor units) per 100 points', () => {
    expect(exchangeAmount(100)).toBe(100);
    expect(exchangeAmount(2_500)).toBe(2_500);
    expect(exchangeAmount(0)).toBe(0);
    expect(exchangeAmount(150)).toBe(100);
  });

  it('offers the whole hundreds of a balance at most', () => {
    expect(maxExchangeablePoints(5_099)).toBe(5_000);
    expect(maxExchangeablePoints(99)).toBe(0);
    expect(maxExchangeablePoints(-5)).toBe(0);
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
    expect(checkExchange(undefined, 500)).toBe('notNumber');
    expect(checkExchange(0, 500)).toBe('belowMinimum');
    expect(checkExchange(99, 500)).toBe('belowMinimum');
    expect(checkExchange(250, 500)).toBe('notWholeHundreds');
    expect(checkExchange(600, 500)).toBe('notEnoughPoints');
    expect(checkExchange(100, 500)).toBeUndefined();
    expect(checkExchange(500, 500)).toBeUndefined();
  });
});
