import { describe, expect, it } from 'vitest';
import { maskMiddle } from './mask.js';

describe('maskMiddle', () => {
  it('keeps the first 3 and last 4 characters of a mobile or ID number', () => {
    expect(maskMiddle('13800138000')).toBe('138****8000');
    expect(maskMiddle('+8613800138000')).toBe('+86*******8000');
    expect(maskMiddle('110105199003071239')).toBe('110***********1239');
  });

  it('keeps only the first character of a short value', () => {
    expect(maskMiddle('1234567')).toBe('1******');
    expect(maskMiddle('')).toBe('');
  });
});
