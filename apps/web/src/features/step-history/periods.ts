import type { HistoryDay } from '@stride/contract';

/** The history page's three views: the last 30 days, 12 weeks (Monday to Sunday), 12 months. */
export type HistoryView = 'day' | 'week' | 'month';

export const VIEW_LENGTHS: Readonly<Record<HistoryView, number>> = { day: 30, week: 12, month: 12 };

const DAY_MS = 86_400_000;
const toMs = (day: string) => Date.parse(`${day}T00:00:00Z`);
const toDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export function addDays(day: string, days: number): string {
  return toDay(toMs(day) + days * DAY_MS);
}

/** The Monday of a day's week. */
export function weekStart(day: string): string {
  const weekday = (new Date(toMs(day)).getUTCDay() + 6) % 7;
  return addDays(day, -weekday);
}

export function monthStart(day: string): string {
  return `${day.slice(0, 7)}-01`;
}

function addMonths(month: string, months: number): string {
  const date = new Date(toMs(month));
  date.setUTCMonth(date.getUTCMonth() + months);
  return toDay(date.getTime());
}

/** The business days a view asks history for, ending today. */
export function rangeOf(view: HistoryView, today: string): { from: string; to: string } {
  if (view === 'day') return { from: addDays(today, 1 - VIEW_LENGTHS.day), to: today };
  if (view === 'week') return { from: addDays(weekStart(today), -7 * (VIEW_LENGTHS.week - 1)), to: today };
  return { from: addMonths(monthStart(today), 1 - VIEW_LENGTHS.month), to: today };
}

/** One bar: a day, a week or a month. */
export interface Period {
  /** Its first day; a day's bar opens that day's receipt. */
  readonly start: string;
  readonly end: string;
  readonly total: number;
  /** Daily average over its days up to today (a day: its steps). */
  readonly average: number;
  /** The goal line: a day's own goal; for a week or month, the highest goal among its days. */
  readonly goal: number;
  /** Goal days in it. */
  readonly goalDays: number;
}

/**
 * Splits a history answer into the view's periods, oldest first, each including days without
 * steps (history leaves them out). A day without steps takes the goal of the closest earlier day
 * in the answer, else the default goal.
 */
export function periodsOf(
  view: HistoryView,
  history: { readonly days: readonly HistoryDay[]; readonly defaultGoal: number },
  today: string,
): Period[] {
  const { from } = rangeOf(view, today);
  const byDay = new Map(history.days.map((day) => [day.day, day]));
  const periods: Period[] = [];
  let start = from;
  let goal = history.defaultGoal;
  while (start <= today) {
    const next =
      view === 'day' ? addDays(start, 1) : view === 'week' ? addDays(start, 7) : addMonths(monthStart(start), 1);
    const end = addDays(next, -1);
    let total = 0;
    let goalDays = 0;
    let highestGoal = 0;
    let elapsed = 0;
    for (let day = start; day < next && day <= today; day = addDays(day, 1)) {
      const found = byDay.get(day);
      if (found) {
        goal = found.goal;
        total += found.steps;
        if (found.goalMet) goalDays += 1;
      }
      highestGoal = Math.max(highestGoal, goal);
      elapsed += 1;
    }
    periods.push({ start, end, total, average: Math.floor(total / Math.max(elapsed, 1)), goal: highestGoal, goalDays });
    start = next;
  }
  return periods;
}
