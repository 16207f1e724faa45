/**
 * The exchange rule of PRODUCT.md. The contract does not expose the rate, so these are the
 * server's defaults (EXCHANGE_POINTS_PER_UNIT = 100, EXCHANGE_CASH_PER_UNIT = 100 minor units,
 * EXCHANGE_MIN_POINTS = 100): 100 points = ¥1.00, at least 100, in whole hundreds. The server
 * decides; an operator who changes the rate must change these too, and the server's answer (the
 * amount actually credited) is what the app shows afterwards.
 */
export const EXCHANGE_POINTS_PER_UNIT = 100;
export const EXCHANGE_CASH_PER_UNIT = 100;
export const EXCHANGE_MIN_POINTS = 100;

export type ExchangeProblem = 'notNumber' | 'belowMinimum' | 'notWholeHundreds' | 'notEnoughPoints';

/** The cash, in minor units, that `points` give. Integer arithmetic only. */
export function exchangeAmount(points: number): number {
  return Math.floor(points / EXCHANGE_POINTS_PER_UNIT) * EXCHANGE_CASH_PER_UNIT;
}

/** The most that can be exchanged from a balance of points. */
export function maxExchangeablePoints(available: number): number {
  return Math.max(0, Math.floor(available / EXCHANGE_POINTS_PER_UNIT) * EXCHANGE_POINTS_PER_UNIT);
}

/** Reads what the user typed: digits only (grouping commas and spaces allowed). */
export function parsePoints(text: string): number | undefined {
  const digits = text.replace(/[\s,]/g, '');
  if (!/^\d{1,9}$/.test(digits)) return undefined;
  return Number(digits);
}

export function checkExchange(points: number | undefined, available: number): ExchangeProblem | undefined {
  if (points === undefined) return 'notNumber';
  if (points < EXCHANGE_MIN_POINTS) return 'belowMinimum';
  if (points % EXCHANGE_POINTS_PER_UNIT !== 0) return 'notWholeHundreds';
  if (points > available) return 'notEnoughPoints';
  return undefined;
}
