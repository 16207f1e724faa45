import { isRequestError } from './errors';

/**
 * A key for a call that moves money or points (docs/product/rules.md, Money and points: every such call accepts one). Made
 * from crypto.getRandomValues, which, unlike randomUUID, also exists on plain-http origins.
 */
export function createIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export interface RetryKey {
  /** Runs one attempt with the key; a retry after a lost answer sends the same key again. */
  run<T>(attempt: (key: string) => Promise<T>): Promise<T>;
}

/**
 * One key per attempt, reused on retry: when no answer came back (network, timeout), the server may
 * have done the work, so the next attempt repeats the key and the server answers the first result.
 * Once the server has answered, success or refusal, the next attempt is a new one with a new key.
 */
export function createRetryKey(make: () => string = createIdempotencyKey): RetryKey {
  let current: string | undefined;
  return {
    async run(attempt) {
      const key = (current ??= make());
      try {
        const result = await attempt(key);
        current = undefined;
        return result;
      } catch (error) {
        const isAnswered = isRequestError(error) && error.kind === 'envelope';
        if (isAnswered) current = undefined;
        throw error;
      }
    },
  };
}
