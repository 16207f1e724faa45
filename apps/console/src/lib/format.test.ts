import { afterEach, describe, expect, it, vi } from 'vitest';
import { amountOf, count, dateTime, day, formatLocale, money } from './format';

function browser(...languages: string[]) {
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(languages);
  vi.spyOn(navigator, 'language', 'get').mockReturnValue(languages[0] ?? '');
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the locale the console formats with (decision 080)', () => {
  it("keeps the region of the browser's language of the console's language", () => {
    expect(formatLocale('en', ['en-US'])).toBe('en-US');
    expect(formatLocale('en', ['en-GB', 'en-US'])).toBe('en-GB');
    expect(formatLocale('en', ['zh-CN', 'en-AU'])).toBe('en-AU');
    expect(formatLocale('zh-Hans', ['zh-CN'])).toBe('zh-Hans-CN');
    expect(formatLocale('zh-Hans', ['zh-TW'])).toBe('zh-Hans-TW');
    expect(formatLocale('zh-Hans', ['zh'])).toBe('zh-Hans-CN');
  });

  it("takes the browser's region for a language it does not list, and the language alone without one", () => {
    expect(formatLocale('en', ['zh-CN'])).toBe('en-CN');
    expect(formatLocale('zh-Hans', ['en-US'])).toBe('zh-Hans-US');
    expect(formatLocale('en', [])).toBe('en');
    expect(formatLocale('en', ['not a tag'])).toBe('en');
  });
});

describe('dates and times', () => {
  const at = '2026-12-31T15:04:05.000Z';

  it('reads month first in an en-US browser and day first in an en-GB one, with the zone named', () => {
    browser('en-US');
    expect(dateTime(at, 'en')).toMatch(/^12\/31\/2026, \d{2}:04\s?[AP]M [A-Z]/);
    expect(day('2026-03-04', 'en')).toBe('03/04/2026');
    browser('en-GB');
    expect(dateTime(at, 'en')).toMatch(/^31\/12\/2026, \d{2}:04 [A-Z]/);
    expect(day('2026-03-04', 'en')).toBe('04/03/2026');
  });

  it('names the time zone and keeps the seconds where they are asked for', () => {
    browser('en-GB');
    const text = dateTime(at, 'en', { seconds: true });
    expect(text).toMatch(/:04:05 /);
    expect(text).toMatch(/(UTC|GMT|[A-Z]{3,4})/);
  });

  it('writes Chinese dates year first', () => {
    browser('zh-CN');
    expect(day('2026-03-04', 'zh-Hans')).toBe('2026/03/04');
    expect(dateTime(at, 'zh-Hans')).toMatch(/^2026\/12\/31/);
  });

  it('leaves what is not a calendar day as it is', () => {
    expect(day('soon', 'en')).toBe('soon');
  });
});

describe('numbers and money from integer minor units', () => {
  it('groups counts and points by the locale', () => {
    browser('en-US');
    expect(count(1234567, 'en')).toBe('1,234,567');
    browser('zh-CN');
    expect(count(1234567, 'zh-Hans')).toBe('1,234,567');
    browser('en-DE');
    expect(count(1234567, 'en')).toBe('1.234.567');
  });

  it('shows yuan with two decimals and grouping, a minus before the sign', () => {
    browser('en-US');
    expect(money(123456789, 'en')).toBe('¥1,234,567.89');
    expect(money(5, 'en')).toBe('¥0.05');
    expect(money(0, 'en')).toBe('¥0.00');
    expect(money(-1250, 'en')).toBe('-¥12.50');
    expect(amountOf('CNY', 1250, 'en', true)).toBe('+¥12.50');
    expect(amountOf('POINTS', -12000, 'en', true)).toBe('-12,000');
  });
});
