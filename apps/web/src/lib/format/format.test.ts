import { describe, expect, it } from 'vitest';
import {
  formatCount,
  formatDate,
  formatMoney,
  formatNumber,
  formatTime,
  formatZonedTime,
  moneyInputText,
  utcOffsetName,
} from './format';

// Intl separates French thousands with a narrow no-break space.
const NNBSP = '\u202f';

describe('formatters', () => {
  it('writes a time in a given zone with the zone’s name, and the business offset as a name', () => {
    // 23:30 UTC on 1 December: 07:30 the next morning in China, 00:30 in Paris.
    expect(formatZonedTime('2026-12-01T23:30:00Z', 'en', 'Asia/Shanghai')).toBe('Dec 2, 2026, 07:30:00 GMT+8');
    expect(formatZonedTime('2026-12-01T23:30:00Z', 'en', 'Europe/Paris')).toBe('Dec 2, 2026, 00:30:00 GMT+1');
    expect(formatZonedTime('2026-12-01T23:30:00Z', 'en', 'UTC')).toBe('Dec 1, 2026, 23:30:00 UTC');
    expect(formatZonedTime('not a time', 'en', 'UTC')).toBe('');
    expect(utcOffsetName(480)).toBe('UTC+8');
    expect(utcOffsetName(-210)).toBe('UTC-3:30');
    expect(utcOffsetName(0)).toBe('UTC');
  });

  it('groups thousands in the language’s own way', () => {
    expect(formatNumber(0, 'en')).toBe('0');
    expect(formatNumber(999, 'en')).toBe('999');
    expect(formatNumber(1234567, 'en')).toBe('1,234,567');
    expect(formatNumber(-1234.5, 'en')).toBe('-1,234.5');
    expect(formatNumber(8578, 'fr')).toBe(`8${NNBSP}578`);
    expect(formatNumber(8578, 'es')).toBe('8.578');
    expect(formatNumber(25800, 'zh-Hans')).toBe('25,800');
  });

  it('uses the chosen language when none is given', () => {
    // The test browser speaks English.
    expect(formatNumber(1234567)).toBe('1,234,567');
    expect(formatMoney(181700)).toBe('¥1,817.00');
  });

  it('shows 万 with two decimals from 10,000 in Chinese counts, grouping elsewhere', () => {
    expect(formatCount(9999, 'zh-Hans')).toBe('9,999');
    expect(formatCount(10000, 'zh-Hans')).toBe('1万');
    expect(formatCount(12345, 'zh-Hant')).toBe('1.23万');
    expect(formatCount(123456789, 'zh-Hans')).toBe('12,345.68万');
    expect(formatCount(12345, 'en')).toBe('12,345');
  });

  it('formats times as the language writes a date and a 24-hour time, in local time', () => {
    const local = new Date(2024, 0, 5, 7, 8, 9);
    expect(formatTime(local, 'en')).toBe('Jan 5, 2024, 07:08:09');
    expect(formatTime(local.getTime(), 'zh-Hans')).toBe('2024年1月5日 07:08:09');
    expect(formatTime(local, 'fr')).toBe('5 janv. 2024, 07:08:09');
    expect(formatDate(local, 'en')).toBe('Jan 5, 2024');
    expect(formatDate(local, 'zh-Hant')).toBe('2024年1月5日');
    expect(formatTime('not a date', 'en')).toBe('');
  });

  it('formats money from minor units with the currency where the language puts it', () => {
    expect(formatMoney(0, 'en')).toBe('¥0.00');
    expect(formatMoney(5, 'en')).toBe('¥0.05');
    expect(formatMoney(123456789, 'en')).toBe('¥1,234,567.89');
    expect(formatMoney(-100, 'en')).toBe('-¥1.00');
    expect(formatMoney(181700, 'fr')).toBe(`1${NNBSP}817,00${'\u00a0'}¥`);
    expect(formatMoney(181700, 'zh-Hans')).toBe('¥1,817.00');
  });

  it('writes an amount back as an input field takes it', () => {
    expect(moneyInputText(181750)).toBe('1817.50');
    expect(moneyInputText(5)).toBe('0.05');
  });
});
