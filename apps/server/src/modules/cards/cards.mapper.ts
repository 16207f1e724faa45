import type { CardPlan, ConsoleCardPlan, Language, MembershipOrder, MyCard, Policy } from '@stride/contract';
import { contentLanguages, localize, type TranslatedRow } from '../../lib/content-language.js';
import { isoTime } from '../../lib/clock.js';
import type {
  CardPlanRow,
  CardWithPlanRow,
  OrderRow,
  PlanForOperators,
  PolicyWithHolderRow,
} from './cards.repository.js';

/** Rows to API types, in one place. */

/** A plan's name in the user's language (decision 042 "Content in every language"). */
export function planName(plan: { name: string } & TranslatedRow, language: Language | undefined): string {
  return localize(language, plan, { name: plan.name }).name;
}

export function toCardPlan(row: CardPlanRow, insuranceCoverage: number, language: Language | undefined): CardPlan {
  return {
    id: row.id,
    name: planName(row, language),
    price: row.price,
    days: row.days,
    dailyTarget: row.daily_target,
    dailyCashBack: row.daily_cash_back,
    pointsMultiplier: row.multiplier_percent / 100,
    insuranceCoverage,
  };
}

export function toMyCard(
  row: CardWithPlanRow,
  today: {
    day: string;
    steps: number;
    daysLeft: number;
    cashBackEarned: boolean;
    cashBackCapped?: number;
    flagged?: boolean;
  },
  insuranceCoverage: number,
  language: Language | undefined,
): MyCard {
  return {
    id: row.id,
    plan: toCardPlan(row.plan, insuranceCoverage, language),
    status: row.ends_on >= today.day ? 'active' : 'expired',
    startsOn: row.starts_on,
    endsOn: row.ends_on,
    daysLeft: today.daysLeft,
    todaySteps: today.steps,
    todayCashBackEarned: today.cashBackEarned,
    // Held while today waits for review: what clearing would pay (decision 078 "A held step day is never a dead end").
    todayCashBackPending:
      today.flagged &&
      row.ends_on >= today.day &&
      row.starts_on <= today.day &&
      !today.cashBackEarned &&
      today.steps >= row.plan.daily_target
        ? Math.max(0, Math.min(row.plan.daily_cash_back, row.plan.price - row.cash_back_total))
        : 0,
    // Held by the daily cash cap, paid by a later day's settlement (decision 103 "A daily cap on cash back paid").
    todayCashBackCapped: today.cashBackCapped ?? 0,
    cashBackTotal: row.cash_back_total,
  };
}

/** A pending order past its expiry reads as expired even before a sweep has written it. */
export function toMembershipOrder(row: OrderRow, planName: string, now: number): MembershipOrder {
  const status = row.status === 'pending' && row.expires_at <= now ? 'expired' : row.status;
  return {
    id: row.id,
    planId: row.plan_id,
    planName,
    amount: row.amount,
    payWith: row.pay_with as MembershipOrder['payWith'],
    status: status as MembershipOrder['status'],
    createdAt: isoTime(row.created_at),
    paidAt: row.paid_at === null ? null : isoTime(row.paid_at),
    expiresAt: isoTime(row.expires_at),
  };
}

export function toPolicy(row: PolicyWithHolderRow, today: string): Policy {
  return {
    id: row.id,
    cardId: row.card_id,
    policyNumber: row.policy_number,
    status: row.ends_on < today ? 'expired' : row.claimed_at === null ? 'unclaimed' : 'active',
    coverage: row.coverage,
    // Claimed for oneself, the insured is the holder under the verified real name
    // (docs/product/rules.md, "Insurance").
    insuredName: row.relation === 'self' ? row.holder_name : row.insured_name,
    insuredIdNumber: row.insured_id_masked,
    relation: row.relation,
    startsOn: row.starts_on,
    endsOn: row.ends_on,
  };
}

export function toConsoleCardPlan(row: PlanForOperators): ConsoleCardPlan {
  return {
    id: row.id,
    familyId: row.family_id,
    version: row.version,
    name: row.name,
    ...contentLanguages(row),
    price: row.price,
    days: row.days,
    dailyTarget: row.daily_target,
    dailyCashBack: row.daily_cash_back,
    multiplierPercent: row.multiplier_percent,
    position: row.position,
    status: row.retired_at === null ? 'onSale' : 'retired',
    createdAt: isoTime(row.created_at),
    retiredAt: row.retired_at === null ? null : isoTime(row.retired_at),
    replacedBy: row.replaced_by,
    cardsSold: row.cards_sold,
    pendingOrders: row.pending_orders,
  };
}
