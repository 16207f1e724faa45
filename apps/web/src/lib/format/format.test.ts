import { describe, expect, it } from 'vitest';
import { formatCount, formatDate, formatMoney, formatNumber, formatTime } from './format';

describe('formatters', () => {
  it('groups thousands', () => {
    expect(formatNumber(0)).toBe('0');
    expect(formatNumber(999)).toBe('999');
    expect(formatNumber(1234567)).toBe('1,234,567');
    expect(formatNumber(-1234.5)).toBe('-1,234.5');
  });

  it('shows 万 with two decimals from 10,000 in Chinese, grouping elsewhere', () => {
    expect(formatCount(9999, 'zh-Hans')).toBe('9,999');
    expect(formatCount(10000, 'zh-Hans')).toBe('1万');
    expect(formatCount(12345, 'zh-Hant')).toBe('1.23万');
    expect(formatCount(123456789, 'zh-Hans')).toBe('12,345.68万');
    expect(formatCount(12345, 'en')).toBe('12,345');
  });

  it('formats times as YYYY-MM-DD HH:mm:ss in local time', () => {
    const local = new Date(2024, 0, 5, 7, 8, 9);
    expect(formatTime(local)).toBe('2024-01-05 07:08:09');
    expect(formatTime(local.getTime())).toBe('2024-01-05 07:08:09');
    expect(formatDate(local)).toBe('2024-01-05');
    expect(formatTime('not a date')).toBe('');
  });

  it('formats money from minor units with the currency symbol and 2 decimals', () => {
    expect(formatMoney(0)).toBe('¥0.00');
    expect(formatMoney(5)).toBe('¥0.05');
    expect(formatMoney(123456789)).toBe('¥1,234,567.89');
    expect(formatMoney(-100)).toBe('-¥1.00');
  });
});
