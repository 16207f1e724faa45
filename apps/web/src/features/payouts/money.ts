import type { WithdrawalRules } from '@stride/contract';

/** Two decimals at most; the whole part is capped so minor units stay far inside safe integers. */
const AMOUNT_PATTERN = /^(\d{1,9})(?:\.(\d{0,2}))?$/;

export type AmountParse =
  { readonly ok: true; readonly minor: number } | { readonly ok: false; readonly reason: 'empty' | 'format' };

/**
 * A typed amount (`"12"`, `"12.5"`, `"12.50"`, `"1,234.56"`) to integer minor units, from the
 * digits themselves: `Number("0.29") * 100` is 28.999…, so no float ever holds a money value.
 */
export function parseAmount(text: string): AmountParse {
  const compact = text.trim().replace(/,/g, '');
  if (compact === '') return { ok: false, reason: 'empty' };
  const match = AMOUNT_PATTERN.exec(compact);
  if (!match) return { ok: false, reason: 'format' };
  const whole = Number(match[1]);
  const cents = Number((match[2] ?? '').padEnd(2, '0'));
  return { ok: true, minor: whole * 100 + cents };
}

export type FeeRules = Pick<WithdrawalRules, 'feePermille' | 'feeMin'>;

/** The server's rule: max(feeMin, ceil(amount × permille / 1000)), in integers. */
export function withdrawalFee(amount: number, rules: FeeRules): number {
  const proportional = Math.floor((amount * rules.feePermille + 999) / 1000);
  return Math.max(rules.feeMin, proportional);
}

export interface WithdrawalQuote {
  readonly amount: number;
  readonly fee: number;
  /** What reaches the bank: the fee comes out of the amount. */
  readonly received: number;
}

export function quoteWithdrawal(amount: number, rules: FeeRules): WithdrawalQuote {
  const fee = withdrawalFee(amount, rules);
  return { amount, fee, received: amount - fee };
}

export type AmountProblem =
  | { readonly kind: 'empty' }
  | { readonly kind: 'format' }
  | { readonly kind: 'min'; readonly min: number }
  | { readonly kind: 'todayLeft'; readonly left: number }
  | { readonly kind: 'balance'; readonly balance: number };

/** The first rule a typed amount breaks, or the quote when it breaks none. */
export function checkAmount(
  text: string,
  rules: WithdrawalRules,
  balance: number | undefined,
): { readonly ok: true; readonly quote: WithdrawalQuote } | { readonly ok: false; readonly problem: AmountProblem } {
  const parsed = parseAmount(text);
  if (!parsed.ok) return { ok: false, problem: { kind: parsed.reason } };
  const quote = quoteWithdrawal(parsed.minor, rules);
  // The server also refuses an amount the fee would swallow; its minimum is then one cent above the fee.
  const min = Math.max(rules.min, quote.fee + 1);
  if (parsed.minor < min) return { ok: false, problem: { kind: 'min', min } };
  if (parsed.minor > rules.todayLeft) return { ok: false, problem: { kind: 'todayLeft', left: rules.todayLeft } };
  if (balance !== undefined && parsed.minor > balance) return { ok: false, problem: { kind: 'balance', balance } };
  return { ok: true, quote };
}
