import type { Language } from '@stride/contract';

const TEN_THOUSAND = 10_000;

/** `1234567.5` → `1,234,567.5`; the fraction is kept as given. */
export function formatNumber(value: number): string {
  const [whole = '0', fraction] = String(Math.abs(value)).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${value < 0 ? '-' : ''}${grouped}${fraction ? `.${fraction}` : ''}`;
}

/** Chinese readers count in 万: 12,345 shows as `1.23万`; other languages keep the grouping. */
export function formatCount(value: number, language: Language): string {
  if (language.startsWith('zh') && Math.abs(value) >= TEN_THOUSAND) {
    return `${formatNumber(Number((value / TEN_THOUSAND).toFixed(2)))}万`;
  }
  return formatNumber(value);
}

const pad = (value: number) => String(value).padStart(2, '0');

/** `YYYY-MM-DD HH:mm:ss` in the device's time zone (docs/product/client.md, Layout and formatting). */
export function formatTime(value: string | number | Date): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return (
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ` +
    `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`
  );
}

export function formatDate(value: string | number | Date): string {
  return formatTime(value).slice(0, 10);
}

export const CURRENCY_SYMBOL = '¥';
const MINOR_DIGITS = 2;

/** Money arrives in minor units (fen); integer arithmetic avoids float rounding. */
export function formatMoney(minor: number): string {
  const negative = minor < 0;
  const abs = Math.abs(Math.trunc(minor));
  const divisor = 10 ** MINOR_DIGITS;
  const major = Math.floor(abs / divisor);
  const cents = String(abs % divisor).padStart(MINOR_DIGITS, '0');
  return `${negative ? '-' : ''}${CURRENCY_SYMBOL}${formatNumber(major)}.${cents}`;
}
