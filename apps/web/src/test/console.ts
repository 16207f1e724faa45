import { vi, type MockInstance } from 'vitest';

let spy: MockInstance<typeof console.error> | undefined;
let isAllowed = false;

/** Installed before each test: console.error is recorded instead of printed. */
export function watchConsoleErrors(): void {
  isAllowed = false;
  spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
}

/** For a test that provokes an error React reports (an error boundary catching). */
export function allowConsoleErrors(): void {
  isAllowed = true;
}

/** After each test: any unexpected console.error fails it. */
export function assertNoConsoleErrors(): void {
  const calls = spy?.mock.calls ?? [];
  spy?.mockRestore();
  spy = undefined;
  if (!isAllowed && calls.length > 0) {
    throw new Error(`Unexpected console.error:\n${calls.map((args) => args.map(String).join(' ')).join('\n')}`);
  }
}
