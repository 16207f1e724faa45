import { validate, version } from 'uuid';
import { describe, expect, it, vi } from 'vitest';
import { orderedId, recordId } from './ids.js';

describe('recordId', () => {
  it('makes distinct version-7 UUIDs, past the pool of random bytes being drawn again', () => {
    const ids = Array.from({ length: 1000 }, () => recordId());
    for (const id of ids) {
      expect(validate(id)).toBe(true);
      expect(version(id)).toBe(7);
    }
    expect(new Set(ids).size).toBe(ids.length);
    // The random parts differ too: the pool is not handed out twice.
    expect(new Set(ids.map((id) => id.slice(-12))).size).toBe(ids.length);
  });

  it('orders ids made in later milliseconds after earlier ones', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const made: string[] = [];
      for (let millisecond = 0; millisecond < 50; millisecond += 1) {
        vi.setSystemTime(Date.UTC(2026, 10, 29, 12, 0, 0, millisecond));
        made.push(recordId());
      }
      expect([...made].sort()).toEqual(made);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('orderedId', () => {
  it('orders ids made within one millisecond in the order they were made', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.UTC(2026, 11, 2, 12, 0, 0, 0));
      const made = Array.from({ length: 200 }, () => orderedId());
      expect(made.every((id) => version(id) === 7)).toBe(true);
      expect([...made].sort()).toEqual(made);
    } finally {
      vi.useRealTimers();
    }
  });
});
