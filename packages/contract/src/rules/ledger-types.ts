/**
 * Every kind of ledger transfer the server posts (decision 005 "A double-entry ledger for money and points"). The
 * server's ledger takes only these, so a new kind is added here first, and everything derived from this list follows.
 */
export const LEDGER_TYPES = [
  'card.buy',
  'card.pay',
  'card.cashback',
  'points.collect',
  'exchange',
  'invite.reward',
  'shop.order',
  'shop.refund',
  'withdraw.request',
  'withdraw.paid',
  'withdraw.refund',
  'payment.refund',
  /**
   * An operator cancelled an order paid online: its price waits in `system:refunds-due` (decision 037 "The payment
   * lifecycle").
   */
  'card.cancel',
  /** The provider sent money back: it leaves `system:refunds-due` for the gateway's account. */
  'gateway.refund',
  'demo.welcome',
  'adjustment.credit',
  'adjustment.debit',
  /** A deleted account's remaining balance and points, moved to `system:forfeited` (decision 047 "Your data"). */
  'account.forfeit',
  /**
   * A challenge's prize pool (docs/product/challenges.md): from a prize fund (`system:prizes:<fund>`) to the challenge
   * (`system:challenge:<id>`), from there to each winner, and what is left back to the fund.
   */
  'challenge.fund',
  'challenge.prize',
  'challenge.return',
  /**
   * Points that reached their expiry (docs/product/points-expiry.md, decision 099 "Points that expire, never
   * silently"): oldest first, from the user's points to `system:expired`, once per user and expiry day.
   */
  'points.expiry',
  /**
   * Finance set money aside for the economy's costs (docs/console/economy.md): from `system:deposits` (the outside) to
   * `system:reserve`.
   */
  'funding.deposit',
] as const;

export type LedgerType = (typeof LEDGER_TYPES)[number];

/**
 * The kinds that move a user's cash balance: the types of the funds statement
 * (`GET /api/user/money/statement`), its filter and its labels. The others move points or only
 * the product's own accounts.
 */
export const STATEMENT_TYPES = [
  'card.buy',
  'card.cashback',
  'exchange',
  'withdraw.request',
  'withdraw.refund',
  'payment.refund',
  'demo.welcome',
  'adjustment.credit',
  'adjustment.debit',
] as const satisfies readonly LedgerType[];

export type StatementType = (typeof STATEMENT_TYPES)[number];

export function isStatementType(value: string): value is StatementType {
  return (STATEMENT_TYPES as readonly string[]).includes(value);
}

/**
 * The lines of the points statement (`GET /api/user/points/statement`, decision 081 "One points statement"): every kind
 * that moves a user's points, by the label the app gives it. Each is a ledger kind but
 * `points.release`, which is how the statement names a `points.collect` that collected an earlier
 * day's points a review released (decision 078 "A held step day is never a dead end").
 */
export const POINTS_STATEMENT_TYPES = [
  'points.collect',
  'points.release',
  'invite.reward',
  'shop.order',
  'shop.refund',
  'exchange',
  'adjustment.credit',
  'adjustment.debit',
  /** Demo mode's welcome points (docs/product/rules.md, Demo mode). */
  'demo.welcome',
  /** A share of a challenge's prize pool (docs/product/challenges.md). */
  'challenge.prize',
  /** Points that expired, oldest first (docs/product/points-expiry.md). */
  'points.expiry',
] as const;

export type PointsStatementType = (typeof POINTS_STATEMENT_TYPES)[number];
