import { describe, expect, it } from 'vitest';
import { clampQuantity, maxQuantity, orderTotal } from './order-total';

describe('order total and points left', () => {
  it('multiplies the unit price and subtracts it from the balance', () => {
    expect(orderTotal(1_200, 3, 5_000, 10)).toEqual({ total: 3_600, left: 1_400, isAffordable: true, isInStock: true });
  });

  it('is affordable when exactly all points are spent', () => {
    expect(orderTotal(2_500, 2, 5_000, 10)).toMatchObject({ left: 0, isAffordable: true });
  });

  it('shows a shortfall as a negative remainder', () => {
    expect(orderTotal(2_500, 3, 5_000, 10)).toMatchObject({ total: 7_500, left: -2_500, isAffordable: false });
  });

  it('flags a quantity beyond the stock', () => {
    expect(orderTotal(10, 4, 5_000, 3).isInStock).toBe(false);
  });

  it('keeps the quantity between 1 and the smaller of stock and 99', () => {
    expect(maxQuantity(500)).toBe(99);
    expect(maxQuantity(4)).toBe(4);
    expect(maxQuantity(0)).toBe(1);
    expect(clampQuantity(0, 10)).toBe(1);
    expect(clampQuantity(12, 10)).toBe(10);
    expect(clampQuantity(2.7, 10)).toBe(2);
    expect(clampQuantity(Number.NaN, 10)).toBe(1);
  });
});
