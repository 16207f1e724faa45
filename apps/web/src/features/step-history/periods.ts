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

/** What periodsOf reads of a history answer. */
export interface HistoryForPeriods {
  readonly days: readonly HistoryDay[];
  readonly defaultGoal: number;
  /** Runs of days whose goal is a card's target rather than the default. */
  readonly goals: ReadonlyArray<{ readonly from: string; readonly to: string; readonly goal: number }>;
  /** The account's first day: nothing before it is counted or drawn. */
  readonly firstDay: string;
}

/** A day's goal as the server decides it (the runs of card targets, else the default), steps or not. */
export function goalOf(history: Pick<HistoryForPeriods, 'goals' | 'defaultGoal'>, day: string): number {
  return history.goals.find((run) => run.from <= day && day <= run.to)?.goal ?? history.defaultGoal;
}

/**
 * Splits a history answer into the view's periods, oldest first, each including days without
 * steps (history leaves them out), each day with its own goal. Periods that end before the
 * account's first day are left out, and a period's average counts only the days from it on.
 */
export function periodsOf(view: HistoryView, history: HistoryForPeriods, today: string): Period[] {
  const { from } = rangeOf(view, today);
  const byDay = new Map(history.days.map((day) => [day.day, day]));
  const periods: Period[] = [];
  let start = from;
  while (start <= today) {
    const next =
      view === 'day' ? addDays(start, 1) : view === 'week' ? addDays(start, 7) : addMonths(monthStart(start), 1);
    const end = addDays(next, -1);
    let total = 0;
    let goalDays = 0;
    let highestGoal = 0;
    let elapsed = 0;
    for (let day = start; day < next && day <= today; day = addDays(day, 1)) {
      if (day < history.firstDay) continue;
      const found = byDay.get(day);
      if (found) {
        total += found.steps;
        if (found.goalMet) goalDays += 1;
      }
      highestGoal = Math.max(highestGoal, found?.goal ?? goalOf(history, day));
      elapsed += 1;
    }
    if (elapsed > 0) {
      periods.push({ start, end, total, average: Math.floor(total / elapsed), goal: highestGoal, goalDays });
    }
    start = next;
  }
  return periods;
}
