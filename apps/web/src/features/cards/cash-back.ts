import type { CardPlan, MyCard } from '@stride/contract';

type PlanTerms = Pick<CardPlan, 'days' | 'dailyCashBack' | 'price'>;

/**
 * What a card of this plan pays back over its whole term if every day's target is met: a day's
 * cash back for each day, never more than the price in total (docs/product/rules.md, Membership
 * cards). Usually below the price (90 × ¥3.00 = ¥270.00 of ¥299.00): that is the honest figure.
 */
export function termCashBack(plan: PlanTerms): number {
  return Math.min(plan.days * plan.dailyCashBack, plan.price);
}

/** Whether the user holds an active card of this plan (the same plan, or a version of it by name). */
export function holdsPlan(plan: Pick<CardPlan, 'id' | 'name'>, cards: readonly MyCard[]): boolean {
  return cards.some((card) => card.status === 'active' && (card.plan.id === plan.id || card.plan.name === plan.name));
}
