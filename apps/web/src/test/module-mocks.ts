import { vi } from 'vitest';

/**
 * For a `vi.mock` factory: the module as it is, but for the functions named, each a fresh
 * `vi.fn()`. A test imports this before the module under test, so that it is loaded by the time
 * the mock is first asked for.
 */
export async function withMocked(importOriginal: <T>() => Promise<T>, ...names: readonly string[]) {
  return {
    ...(await importOriginal<Record<string, unknown>>()),
    ...Object.fromEntries(names.map((name) => [name, vi.fn()])),
  };
}
