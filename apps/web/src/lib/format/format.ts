import type { Language } from '@stride/contract';
import { languageStore } from '../i18n/language';

/*
 * Numbers, money and times in the active language (docs/product/client.md, Layout and formatting):
 * each formatter takes the language, defaulting to the one the user chose, and formats with Intl,
 * so that French reads "8 578" and "1 817,00 ¥" where English reads "8,578" and "¥1,817.00".
 */

const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

/** The formatter kept under `key`, made the first time it is asked for: an Intl formatter is slow to make. */
function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => T): T {
  let format = cache.get(key) as T | undefined;
  if (!format) {
    format = make();
    cache.set(key, format);
  }
  return format;
}

const DATE_PARTS = { year: 'numeric', month: 'short', day: 'numeric' } as const;
const TIME_PARTS = { hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' } as const;

function numberFormat(language: Language, kind: 'number' | 'money'): Intl.NumberFormat {
  return cached(
    `${kind}:${language}`,
    () =>
      new Intl.NumberFormat(
        language,
        kind === 'money'
          ? { style: 'currency', currency: 'CNY', currencyDisplay: 'narrowSymbol', useGrouping: 'always' }
          : { maximumFractionDigits: 20, useGrouping: 'always' },
      ),
  );
}

function dateFormat(language: Language, withTime: boolean): Intl.DateTimeFormat {
  return cached(
    `${withTime ? 'time' : 'date'}:${language}`,
    () => new Intl.DateTimeFormat(language, { ...DATE_PARTS, ...(withTime ? TIME_PARTS : {}) }),
  );
}

/** `1234567.5` → `1,234,567.5` in English, `1 234 567,5` in French; the fraction is kept as given. */
export function formatNumber(value: number, language: Language = languageStore.get()): string {
  return numberFormat(language, 'number').format(value);
}

const TEN_THOUSAND = 10_000;

/**
 * A count where space is short (the demo's formatting sample): Chinese readers count in 万 from
 * 10,000 (`1.23万`); other languages keep the grouping. Step counts on home, walk and the card
 * progress all use `formatNumber`, one style side by side.
 */
export function formatCount(value: number, language: Language = languageStore.get()): string {
  if (language.startsWith('zh') && Math.abs(value) >= TEN_THOUSAND) {
    return `${formatNumber(Number((value / TEN_THOUSAND).toFixed(2)), language)}万`;
  }
  return formatNumber(value, language);
}

function toDate(value: string | number | Date): Date | undefined {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** A moment as the language writes a date and a 24-hour time, in the device's time zone. */
export function formatTime(value: string | number | Date, language: Language = languageStore.get()): string {
  const date = toDate(value);
  return date ? dateFormat(language, true).format(date) : '';
}

/** The date of a moment, as the language writes it, in the device's time zone. */
export function formatDate(value: string | number | Date, language: Language = languageStore.get()): string {
  const date = toDate(value);
  return date ? dateFormat(language, false).format(date) : '';
}

/** The device's time zone, as Intl names it (`Europe/Paris`), for labelling times shown in it. */
export function deviceTimeZone(): string {
  return new Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/**
 * A moment as the language writes a date and a 24-hour time in `timeZone` (the device's unless
 * given), with the zone's short name: `22 Nov 2026, 07:00:00 GMT+1`. Where a page also shows
 * service days, its times say which zone they are in (docs/product/client.md, Step day receipt).
 */
export function formatZonedTime(
  value: string | number | Date,
  language: Language = languageStore.get(),
  timeZone: string = deviceTimeZone(),
): string {
  const date = toDate(value);
  if (!date) return '';
  const format = cached(
    `zoned:${language}:${timeZone}`,
    () => new Intl.DateTimeFormat(language, { ...DATE_PARTS, ...TIME_PARTS, timeZone, timeZoneName: 'short' }),
  );
  return format.format(date);
}

/** The business time zone's offset as a name: `UTC+8`, `UTC-3:30`, `UTC`. */
export function utcOffsetName(offsetMinutes: number): string {
  if (offsetMinutes === 0) return 'UTC';
  const sign = offsetMinutes > 0 ? '+' : '-';
  const hours = Math.floor(Math.abs(offsetMinutes) / 60);
  const minutes = Math.abs(offsetMinutes) % 60;
  return `UTC${sign}${hours}${minutes ? `:${String(minutes).padStart(2, '0')}` : ''}`;
}

export const CURRENCY_SYMBOL = '¥';
const MINOR_DIGITS = 2;

/** Money arrives in minor units (fen) and shows in the language's way: `¥1,234.50`, `1 234,50 ¥`. */
export function formatMoney(minor: number, language: Language = languageStore.get()): string {
  return numberFormat(language, 'money').format(Math.trunc(minor) / 10 ** MINOR_DIGITS);
}

/** Minor units as an amount field takes them back: `1234.50`, no symbol or grouping. */
export function moneyInputText(minor: number): string {
  const abs = Math.abs(Math.trunc(minor));
  const divisor = 10 ** MINOR_DIGITS;
  const cents = String(abs % divisor).padStart(MINOR_DIGITS, '0');
  return `${minor < 0 ? '-' : ''}${Math.floor(abs / divisor)}.${cents}`;
}
