import type { HistoryDay } from '@stride/contract';
import { describe, expect, it } from 'vitest';
import { addDays, goalOf, periodsOf, rangeOf, weekStart } from './periods';

const day = (date: string, steps: number, goal = 6_000): HistoryDay => ({
  day: date,
  steps,
  goal,
  goalMet: steps >= goal,
  reviewStatus: null,
});

describe('history periods', () => {
  it('asks for the last 30 days, 12 whole weeks from a Monday, and 12 months from the 1st', () => {
    // 22 November 2026 is a Sunday.
    expect(rangeOf('day', '2026-11-22')).toEqual({ from: '2026-10-24', to: '2026-11-22' });
    expect(weekStart('2026-11-22')).toBe('2026-11-16');
    expect(weekStart('2026-11-16')).toBe('2026-11-16');
    expect(rangeOf('week', '2026-11-22')).toEqual({ from: '2026-08-31', to: '2026-11-22' });
    expect(rangeOf('month', '2026-11-22')).toEqual({ from: '2025-12-01', to: '2026-11-22' });
    expect(rangeOf('month', '2026-03-31')).toEqual({ from: '2025-04-01', to: '2026-03-31' });
  });

  it('fills the days without steps with zeros and the goal the server gives them', () => {
    const today = '2026-11-22';
    const periods = periodsOf(
      'day',
      {
        defaultGoal: 6_000,
        goals: [{ from: '2026-11-19', to: '2026-11-22', goal: 8_000 }],
        firstDay: '2026-01-01',
        days: [day('2026-11-19', 9_000, 8_000), day('2026-11-22', 8_500, 8_000)],
      },
      today,
    );
    expect(periods).toHaveLength(30);
    expect(periods[0]).toMatchObject({ start: '2026-10-24', total: 0, goal: 6_000, goalDays: 0 });
    expect(periods.slice(-4)).toEqual([
      { start: '2026-11-19', end: '2026-11-19', total: 9_000, average: 9_000, goal: 8_000, goalDays: 1 },
      { start: '2026-11-20', end: '2026-11-20', total: 0, average: 0, goal: 8_000, goalDays: 0 },
      { start: '2026-11-21', end: '2026-11-21', total: 0, average: 0, goal: 8_000, goalDays: 0 },
      { start: '2026-11-22', end: '2026-11-22', total: 8_500, average: 8_500, goal: 8_000, goalDays: 1 },
    ]);
  });

  it('sums weeks and months, averaging over their days up to today', () => {
    const today = '2026-11-18'; // a Wednesday
    const days = [
      day('2026-11-16', 6_000),
      day('2026-11-17', 3_000),
      day('2026-11-18', 9_000),
      day('2026-11-09', 7_000),
    ];
    const weeks = periodsOf('week', { defaultGoal: 6_000, goals: [], firstDay: '2025-01-01', days }, today);
    expect(weeks).toHaveLength(12);
    expect(weeks.at(-1)).toEqual({
      start: '2026-11-16',
      end: '2026-11-22',
      total: 18_000,
      // Three days so far this week.
      average: 6_000,
      goal: 6_000,
      goalDays: 2,
    });
    expect(weeks.at(-2)).toMatchObject({ start: '2026-11-09', total: 7_000, average: 1_000 });
    const months = periodsOf('month', { defaultGoal: 6_000, goals: [], firstDay: '2025-01-01', days }, today);
    expect(months).toHaveLength(12);
    expect(months[0]?.start).toBe('2025-12-01');
    expect(months.at(-1)).toEqual({
      start: '2026-11-01',
      end: '2026-11-30',
      total: 25_000,
      average: Math.floor(25_000 / 18),
      goal: 6_000,
      goalDays: 3,
    });
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });

  it('gives a day without steps its card’s goal, not the default, as home does', () => {
    // A card of 5,000 from the 20th; no steps yet today.
    const history = {
      defaultGoal: 6_000,
      goals: [{ from: '2026-11-20', to: '2026-12-19', goal: 5_000 }],
      firstDay: '2026-11-01',
      days: [day('2026-11-20', 5_500, 5_000)],
    };
    const days = periodsOf('day', history, '2026-11-22');
    expect(days.slice(-3).map((period) => period.goal)).toEqual([5_000, 5_000, 5_000]);
    expect(days.at(-4)?.goal).toBe(6_000);
    expect(goalOf(history, '2026-11-22')).toBe(5_000);
    expect(goalOf(history, '2026-11-19')).toBe(6_000);
  });

  it('leaves out what came before the account: no bars, no zeros in an average', () => {
    const today = '2026-11-18'; // a Wednesday; the account is from Tuesday
    const history = { defaultGoal: 6_000, goals: [], firstDay: '2026-11-17', days: [day('2026-11-17', 4_000)] };
    const days = periodsOf('day', history, today);
    expect(days.map((period) => period.start)).toEqual(['2026-11-17', '2026-11-18']);
    const weeks = periodsOf('week', history, today);
    expect(weeks).toEqual([
      // Two days of the account this week: Tuesday and Wednesday.
      { start: '2026-11-16', end: '2026-11-22', total: 4_000, average: 2_000, goal: 6_000, goalDays: 0 },
    ]);
    expect(periodsOf('month', history, today)).toHaveLength(1);
  });
});
