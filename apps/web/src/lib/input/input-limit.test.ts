import { describe, expect, it } from 'vitest';
import { DEFAULT_MAX_LENGTH, limitInput, normaliseMaxLength } from './input-limit';

describe('input limits', () => {
  it('cuts to 140 characters by default', () => {
    expect(DEFAULT_MAX_LENGTH).toBe(140);
    expect(limitInput('a'.repeat(200))).toBe('a'.repeat(140));
    expect(limitInput('a'.repeat(140))).toBe('a'.repeat(140));
  });

  it('cuts to a given limit and never splits a character', () => {
    expect(limitInput('abcdef', 3)).toBe('abc');
    expect(limitInput('😀😀😀', 2)).toBe('😀😀');
  });

  it('treats a missing or non-positive limit as the default', () => {
    expect(normaliseMaxLength(undefined)).toBe(140);
    expect(normaliseMaxLength(0)).toBe(140);
    expect(normaliseMaxLength(-5)).toBe(140);
    expect(normaliseMaxLength(20)).toBe(20);
  });
});
