import { consolePolicies, consolePublishPolicy } from '@stride/contract';
import type { RoleCase } from './case.js';

/** Terms of service and privacy policy versions, for editors (decision 046 "Policies and consent"). */
export const POLICIES_CASES: readonly RoleCase[] = [
  { endpoint: consolePolicies, input: () => Promise.resolve({}) },
  {
    endpoint: consolePublishPolicy,
    input: async (t) => ({
      body: {
        kind: 'privacy',
        basedOn: (await t.app.services.policies.currentVersions()).privacy,
        title: 'Privacy policy',
        body: 'What we keep, why, and for how long.',
        changes: 'Step data is now kept for two years.',
      },
    }),
  },
];
