import type { EndpointDef } from '@stride/contract';
import type { TestApp } from '../harness.js';

/**
 * One case per console endpoint that needs a role: a call that would change something (or show
 * personal data) for an operator with the role. `console.test.ts` proves that every other role is
 * refused with 1015 and the database stays exactly as it was, and that the allowed role succeeds.
 * Each area keeps its cases in its own file here.
 */
export interface RoleCase {
  endpoint: EndpointDef;
  input: (
    t: TestApp,
  ) => Promise<{ params?: unknown; query?: unknown; body?: unknown; headers?: Record<string, string> }>;
}
