import { describe, expect, it } from 'vitest';
import { handOverReset, takeResetHandoff } from './reset-handoff';

describe('the reset handoff to login', () => {
  it('gives the account once', () => {
    expect(takeResetHandoff()).toBeUndefined();
    handOverReset('13800138000');
    expect(takeResetHandoff()).toBe('13800138000');
    expect(takeResetHandoff()).toBeUndefined();
  });
});
