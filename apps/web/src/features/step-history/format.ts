import type { Language } from '@stride/contract';

const numberFormats = new Map<Language, Intl.NumberFormat>();

/** A count with the language's own grouping: 12,345 · 12.345 · 12 345. */
export function formatSteps(value: number, language: Language): string {
  let format = numberFormats.get(language);
  if (!format) {
    format = new Intl.NumberFormat(language, { maximumFractionDigits: 0, useGrouping: 'always' });
    numberFormats.set(language, format);
  }
  return format.format(value);
}

/** Metres as kilometres with one decimal, in the language's own digits and separators. */
export function formatKm(metres: number, language: Language): string {
  return new Intl.NumberFormat(language, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(
    Math.floor(metres / 100) / 10,
  );
}

/** A business day (YYYY-MM-DD) as the language writes a short date; the day is shown as written, in UTC. */
export function formatDay(day: string, language: Language, withYear = false): string {
  return new Intl.DateTimeFormat(language, {
    timeZone: 'UTC',
    month: 'short',
    day: 'numeric',
    ...(withYear ? { year: 'numeric' } : {}),
  }).format(new Date(`${day}T00:00:00Z`));
}

export function formatMonth(day: string, language: Language): string {
  return new Intl.DateTimeFormat(language, { timeZone: 'UTC', month: 'short', year: 'numeric' }).format(
    new Date(`${day}T00:00:00Z`),
  );
}

/** An axis label: day and month as numbers, the shortest form. */
export function formatAxisDay(day: string, language: Language): string {
  return new Intl.DateTimeFormat(language, { timeZone: 'UTC', month: 'numeric', day: 'numeric' }).format(
    new Date(`${day}T00:00:00Z`),
  );
}

/** A multiplier such as 1.5 from its integer percent, in the language's own decimals (1,5 in French). */
export function formatMultiplier(percent: number, language: Language): string {
  return new Intl.NumberFormat(language, { maximumFractionDigits: 2 }).format(percent / 100);
}
