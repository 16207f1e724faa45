import type { ConsoleLanguage } from '../locales';

/**
 * Numbers, money and dates as the operator's browser writes them in the console's language
 * (decision 080 "A console a new operator can read"): the region comes from the browser's own languages, so an en-US
 * browser reads 12/31/2026 and 1,234,567, an en-GB one 31/12/2026, a Chinese one 2026/12/31.
 */

function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages.length > 0 ? navigator.languages : [navigator.language];
}

function canonical(tag: string): string | undefined {
  try {
    return Intl.getCanonicalLocales(tag)[0];
  } catch {
    return undefined;
  }
}

function regionOf(tag: string): string | undefined {
  try {
    return new Intl.Locale(tag).region;
  } catch {
    return undefined;
  }
}

/**
 * The locale the console formats with: the browser's first language of the console's language
 * (its region kept: en-US, en-GB; Chinese always in Simplified script), else the console's
 * language with the region of the browser's first language, else the console's language alone.
 */
export function formatLocale(language: ConsoleLanguage, languages: readonly string[] = browserLanguages()): string {
  const base = language === 'zh-Hans' ? 'zh' : 'en';
  const withRegion = (region: string | undefined) =>
    canonical(language === 'zh-Hans' ? `zh-Hans${region ? `-${region}` : '-CN'}` : `en${region ? `-${region}` : ''}`);
  const same = languages.find((tag) => tag.toLowerCase().split('-')[0] === base);
  if (same) {
    const chosen = withRegion(regionOf(same) ?? (base === 'zh' ? 'CN' : undefined));
    if (chosen) return chosen;
  }
  const first = languages[0];
  return withRegion(first ? regionOf(first) : undefined) ?? (language === 'zh-Hans' ? 'zh-Hans-CN' : 'en');
}

const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => T): T {
  let found = cache.get(key) as T | undefined;
  if (!found) {
    found = make();
    cache.set(key, found);
  }
  return found;
}

/** A count or a number of points, grouped: 1,234,567 (en), 1.234.567 (en-DE). */
export function count(value: number, language: ConsoleLanguage): string {
  const locale = formatLocale(language);
  return cached(`n:${locale}`, () => new Intl.NumberFormat(locale, { maximumFractionDigits: 0 })).format(value);
}

/**
 * Minor units (fen) as yuan with two decimals, grouped: `¥1,234.50`; a negative amount reads
 * `-¥12.50` (system accounts go below zero). Computed from the integer, never from a float sum.
 */
export function money(fen: number, language: ConsoleLanguage): string {
  const locale = formatLocale(language);
  const yuan = cached(
    `m:${locale}`,
    () => new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
  );
  const abs = Math.abs(fen);
  return `${fen < 0 ? '-' : ''}¥${yuan.format(abs / 100)}`;
}

/** A signed amount of an asset: money for CNY, a grouped count for points; `+` on gains when `signed`. */
export function amountOf(asset: 'CNY' | 'POINTS', value: number, language: ConsoleLanguage, signed = false): string {
  const text = asset === 'CNY' ? money(value, language) : count(value, language);
  return signed && value > 0 ? `+${text}` : text;
}

/**
 * A moment in the browser's time zone, named (`12/31/2026, 11:05 PM GMT+8`): operators in
 * different places read the same record.
 */
export function dateTime(iso: string, language: ConsoleLanguage, options: { seconds?: boolean } = {}): string {
  const locale = formatLocale(language);
  const format = cached(
    `t:${locale}:${options.seconds ? 's' : ''}`,
    () =>
      new Intl.DateTimeFormat(locale, {
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        ...(options.seconds ? { second: '2-digit' } : {}),
        timeZoneName: 'short',
      }),
  );
  return format.format(new Date(iso));
}

/**
 * A calendar day (`2026-12-31`, the product's day, decision 080 "A console a new operator can read") in the browser's
 * order, without a zone.
 */
export function day(ymd: string, language: ConsoleLanguage): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(ymd);
  if (!match) return ymd;
  const locale = formatLocale(language);
  const format = cached(
    `d:${locale}`,
    () => new Intl.DateTimeFormat(locale, { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: 'UTC' }),
  );
  return format.format(new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))));
}
