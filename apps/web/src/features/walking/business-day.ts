/**
 * Business days ('YYYY-MM-DD') at the server's fixed UTC offset (docs/product/rules.md, Steps and
 * points: days begin at midnight in the business time zone), as GET /api/home tells it.
 */
export const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

export function dayOf(ms: number, offsetMinutes: number): string {
  return new Date(ms + offsetMinutes * MINUTE_MS).toISOString().slice(0, 10);
}

export function startOfDay(day: string, offsetMinutes: number): number {
  return Date.parse(`${day}T00:00:00Z`) - offsetMinutes * MINUTE_MS;
}

export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}
