import type { Rules } from '@stride/contract';

/**
 * The exchange rule (docs/product/rules.md, Exchange) as the server configures it and answers it
 * in GET /api/rules (decision 019 "Shared rules in the contract"); the app keeps no copy. The server checks again, and
 * the amount it credits is what the app shows afterwards.
 */
export type ExchangeRule = Pick<Rules, 'exchangePointsPerUnit' | 'exchangeCashPerUnit' | 'exchangeMinPoints'>;

export type ExchangeProblem = 'notNumber' | 'belowMinimum' | 'notWholeUnits' | 'notEnoughPoints';

/** The cash, in minor units, that `points` give. Integer arithmetic only. */
export function exchangeAmount(rule: ExchangeRule, points: number): number {
  return Math.floor(points / rule.exchangePointsPerUnit) * rule.exchangeCashPerUnit;
}

/** The most that can be exchanged from a balance of points. */
export function maxExchangeablePoints(rule: ExchangeRule, available: number): number {
  const unit = rule.exchangePointsPerUnit;
  return Math.max(0, Math.floor(available / unit) * unit);
}

/** The fewest points one exchange may take: the minimum, rounded up to whole units. */
export function minExchangeablePoints(rule: ExchangeRule): number {
  const unit = rule.exchangePointsPerUnit;
  return Math.ceil(rule.exchangeMinPoints / unit) * unit;
}

/** Reads what the user typed: digits only (grouping commas and spaces allowed). */
export function parsePoints(text: string): number | undefined {
  const digits = text.replace(/[\s,]/g, '');
  if (!/^\d{1,9}$/.test(digits)) return undefined;
  return Number(digits);
}

export function checkExchange(
  rule: ExchangeRule,
  points: number | undefined,
  available: number,
): ExchangeProblem | undefined {
  if (points === undefined) return 'notNumber';
  if (points < rule.exchangeMinPoints) return 'belowMinimum';
  if (points % rule.exchangePointsPerUnit !== 0) return 'notWholeUnits';
  if (points > available) return 'notEnoughPoints';
  return undefined;
}
