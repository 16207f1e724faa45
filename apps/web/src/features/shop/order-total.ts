/** The contract's bounds for one order's quantity. */
export const QUANTITY_MIN = 1;
export const QUANTITY_MAX = 99;

export interface OrderTotal {
  /** Points the order costs. */
  readonly total: number;
  /** Points left after it; negative when the order costs more than the user has. */
  readonly left: number;
  readonly isAffordable: boolean;
  readonly isInStock: boolean;
}

/** Integer points only (docs/product/rules.md, Money and points): price × quantity, and what remains of the balance. */
export function orderTotal(unitPoints: number, quantity: number, availablePoints: number, stock: number): OrderTotal {
  const total = unitPoints * quantity;
  const left = availablePoints - total;
  return { total, left, isAffordable: left >= 0, isInStock: quantity <= stock };
}

/** The largest quantity worth offering: bounded by stock and the contract's 99, at least 1. */
export function maxQuantity(stock: number): number {
  return Math.max(QUANTITY_MIN, Math.min(QUANTITY_MAX, stock));
}

/** A typed or stepped quantity brought into range; anything unreadable becomes 1. */
export function clampQuantity(value: number, stock: number): number {
  if (!Number.isFinite(value)) return QUANTITY_MIN;
  return Math.min(maxQuantity(stock), Math.max(QUANTITY_MIN, Math.trunc(value)));
}
