import { ENDPOINTS } from '@stride/contract';
import { describe, expect, it } from 'vitest';
import { SCREENS, screensFor } from './screens';

// The menu reads each screen's list endpoint by its id and roles only (decision 022 "The operator console"): they
// must be the contract's.

describe('console screens', () => {
  it('name list endpoints the contract has, with its roles', () => {
    for (const screen of SCREENS) {
      const endpoint = ENDPOINTS.find(({ id }) => id === screen.endpoint.id);
      expect(endpoint?.access, screen.key).toBe('console');
      expect(screen.endpoint.roles, screen.key).toEqual(endpoint?.roles);
    }
  });

  it('show a reviewer Appeals after Reported content, then Invite rings', () => {
    expect(screensFor(['reviewer']).map(({ key }) => key)).toEqual([
      'identity',
      'face',
      'flagged-days',
      'moderation',
      'appeals',
      'invite-rings',
    ]);
  });
});
