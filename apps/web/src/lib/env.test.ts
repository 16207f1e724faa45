import { describe, expect, it } from 'vitest';
import { parseApiBackups } from './env';

describe('VITE_API_BACKUPS', () => {
  it('splits, trims and keeps order', () => {
    expect(parseApiBackups(' https://a.test/ ,http://b.test:8080,, ')).toEqual([
      'https://a.test',
      'http://b.test:8080',
    ]);
    expect(parseApiBackups(undefined)).toEqual([]);
  });

  it('refuses anything but http(s) URLs at start-up', () => {
    expect(() => parseApiBackups('not a url')).toThrow('VITE_API_BACKUPS');
    expect(() => parseApiBackups('ftp://a.test')).toThrow('http(s)');
  });
});
