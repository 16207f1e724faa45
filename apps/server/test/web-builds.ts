import { rmSync } from 'node:fs';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll } from 'vitest';

/** Folders a test file made (builds laid out as Vite lays them out), removed once its tests are done. */
export function removedAfterwards<T extends string[]>(...dirs: T): T {
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });
  return dirs;
}

/** The directives of a Content-Security-Policy header, by name. */
export function cspDirectives(response: LightMyRequestResponse): Map<string, string> {
  const header = String(response.headers['content-security-policy'] ?? '');
  return new Map(
    header
      .split(';')
      .map((directive) => directive.trim())
      .filter(Boolean)
      .map((directive) => {
        const [name = '', ...values] = directive.split(/\s+/);
        return [name, values.join(' ')] as const;
      }),
  );
}
