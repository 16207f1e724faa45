import type { CardPlan } from '@stride/contract';
import { termCashBack } from './cash-back';

export type PlanTermsForValue = Pick<
  CardPlan,
  'price' | 'days' | 'dailyTarget' | 'dailyCashBack' | 'pointsMultiplier' | 'insuranceCoverage'
>;

/**
 * What a plan's price buys (docs/product/client.md, Card plans): the cash back it can return, and
 * what the rest of the price pays for, from what the plan carries: its points multiplier (when
 * above ×1) and its walking-accident policy (when it covers anything).
 */
export function planValue(plan: PlanTermsForValue) {
  const cashBack = termCashBack(plan);
  const rest = Math.max(0, plan.price - cashBack);
  const hasMultiplier = plan.pointsMultiplier > 1;
  const hasInsurance = plan.insuranceCoverage > 0;
  const beyond =
    rest === 0
      ? 'whole'
      : hasMultiplier && hasInsurance
        ? 'both'
        : hasMultiplier
          ? 'multiplier'
          : hasInsurance
            ? 'insurance'
            : 'nothing';
  return { cashBack, rest, hasMultiplier, hasInsurance, beyond } as const;
}
