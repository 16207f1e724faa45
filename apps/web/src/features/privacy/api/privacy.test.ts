import { describe, expect, it } from 'vitest';
import { exportFileName } from './privacy';

describe('the saved export’s file name (docs/product/rules.md, Your data)', () => {
  it('is the service day the server made it on, not the UTC date nor the device’s', () => {
    // 23:30 UTC on 1 December is 2 December in the business time zone.
    expect(exportFileName({ serviceDay: '2026-12-02' })).toBe('stride-data-2026-12-02.json');
    const made = { exportedAt: '2026-12-01T23:30:00.000Z', serviceDay: '2026-12-02' };
    expect(exportFileName(made)).not.toContain('2026-12-01');
  });
});
