import { afterEach, beforeEach, type MockInstance, type MockedFunction } from 'vitest';
import type { call } from '../lib/http';

type Answer = (input: Parameters<typeof call>[1]) => unknown;

/**
 * The mocked `call` answers each endpoint from `answers`, by its id, and refuses any other, so
 * that a test sees a request it did not expect.
 */
export function answerCalls(mocked: MockedFunction<typeof call>, answers: Readonly<Record<string, Answer>>): void {
  mocked.mockImplementation((endpoint, input) => {
    const answer = answers[endpoint.id];
    return answer ? Promise.resolve(answer(input)) : Promise.reject(new Error(`unexpected ${endpoint.id}`));
  });
}

/**
 * For every test of the file: before it, the mocked `call` answers from `answers` (`answerCalls`); after it, it and
 * the other mocks named are reset.
 */
export function answerCallsInEachTest(
  mocked: MockedFunction<typeof call>,
  answers: Readonly<Record<string, Answer>>,
  ...others: readonly MockInstance[]
): void {
  beforeEach(() => {
    answerCalls(mocked, answers);
  });
  afterEach(() => {
    mocked.mockReset();
    for (const other of others) other.mockReset();
  });
}

/** A paged list's only page. */
export const onePage = <T>(items: readonly T[]) => ({
  items,
  page: 1,
  pageSize: 20,
  total: items.length,
  hasMore: false,
});
