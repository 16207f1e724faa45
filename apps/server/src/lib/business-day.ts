import { DAY_MS, MINUTE_MS } from './clock.js';

/**
 * Business days are 'YYYY-MM-DD' in a fixed UTC offset (configuration), computed here rather than
 * in SQL so that SQLite and PostgreSQL agree.
 */
export class BusinessCalendar {
  constructor(private readonly offsetMinutes: number) {}

  dayOf(ms: number): string {
    return new Date(ms + this.offsetMinutes * MINUTE_MS).toISOString().slice(0, 10);
  }

  /** The instant the day starts. */
  startOf(day: string): number {
    return Date.parse(`${day}T00:00:00Z`) - this.offsetMinutes * MINUTE_MS;
  }

  addDays(day: string, days: number): string {
    return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
  }

  /** Whole days from `from` to `to` (negative when `to` is earlier). */
  daysBetween(from: string, to: string): number {
    return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
  }
}

/** The Monday of `day`'s week (service days): the week a board and a week's total are of. */
export function mondayOf(day: string): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  const date = new Date(Date.parse(`${day}T00:00:00Z`) - ((weekday + 6) % 7) * DAY_MS);
  return date.toISOString().slice(0, 10);
}
