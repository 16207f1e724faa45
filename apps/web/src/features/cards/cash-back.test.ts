import type { CardPlan, MyCard } from '@stride/contract';
import { describe, expect, it } from 'vitest';
import { holdsPlan, termCashBack } from './cash-back';

const SILVER: CardPlan = {
  id: 'p-silver',
  name: 'Silver',
  price: 29_900,
  days: 90,
  dailyTarget: 8_000,
  dailyCashBack: 300,
  pointsMultiplier: 1.5,
  insuranceCoverage: 1_000_000,
};

const card = (plan: CardPlan, status: MyCard['status']): MyCard => ({
  id: `c-${plan.id}`,
  plan,
  status,
  startsOn: '2026-11-01',
  endsOn: '2027-01-29',
  daysLeft: 60,
  todaySteps: 0,
  todayCashBackEarned: false,
  todayCashBackPending: 0,
  todayCashBackCapped: 0,
  cashBackTotal: 0,
});

describe('card cash back', () => {
  it('is every day’s cash back over the term, below the price when the days fall short of it', () => {
    expect(termCashBack(SILVER)).toBe(27_000);
    expect(termCashBack({ days: 30, dailyCashBack: 300, price: 9_900 })).toBe(9_000);
    expect(termCashBack({ days: 365, dailyCashBack: 250, price: 99_900 })).toBe(91_250);
  });

  it('never exceeds the price', () => {
    expect(termCashBack({ days: 100, dailyCashBack: 500, price: 9_900 })).toBe(9_900);
  });

  it('marks plans held by an active card, by id or by a newer version’s name', () => {
    expect(holdsPlan(SILVER, [card(SILVER, 'active')])).toBe(true);
    expect(holdsPlan({ id: 'p-silver-2', name: 'Silver' }, [card(SILVER, 'active')])).toBe(true);
    expect(holdsPlan(SILVER, [card(SILVER, 'expired')])).toBe(false);
    expect(holdsPlan({ id: 'p-gold', name: 'Gold' }, [card(SILVER, 'active')])).toBe(false);
  });
});
