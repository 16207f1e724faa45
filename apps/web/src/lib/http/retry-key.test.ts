import { describe, expect, it, vi } from 'vitest';
import { RequestError } from './errors';
import { createIdempotencyKey, createRetryKey } from './retry-key';

describe('createRetryKey', () => {
  it('sends the same key again after a lost answer and a new one after an answer', async () => {
    let next = 0;
    const retryKey = createRetryKey(() => `key-${(next += 1)}`);
    const seen: string[] = [];
    const attempt = vi.fn((key: string) => {
      seen.push(key);
      if (seen.length === 1) return Promise.reject(new RequestError('network', 0, 'network error'));
      if (seen.length === 2) return Promise.reject(new RequestError('timeout', 5, 'timeout'));
      if (seen.length === 3) return Promise.resolve('done');
      if (seen.length === 4) return Promise.reject(new RequestError('envelope', 1012, 'not enough'));
      return Promise.resolve('again');
    });
    await expect(retryKey.run(attempt)).rejects.toThrow('network error');
    await expect(retryKey.run(attempt)).rejects.toThrow('timeout');
    await expect(retryKey.run(attempt)).resolves.toBe('done');
    await expect(retryKey.run(attempt)).rejects.toThrow('not enough');
    await expect(retryKey.run(attempt)).resolves.toBe('again');
    expect(seen).toEqual(['key-1', 'key-1', 'key-1', 'key-2', 'key-3']);
  });

  it('makes keys the contract accepts', () => {
    const key = createIdempotencyKey();
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    expect(createIdempotencyKey()).not.toBe(key);
  });
});
