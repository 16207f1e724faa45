import { afterEach, expect, vi } from 'vitest';

// Any unexpected console error fails the test that caused it.
const consoleError = vi.spyOn(console, 'error');
afterEach(() => {
  expect(consoleError).not.toHaveBeenCalled();
  consoleError.mockClear();
});
