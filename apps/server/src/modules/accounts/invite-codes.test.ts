import { describe, expect, it } from 'vitest';
import {
  call,
  GOOD_PASSWORD,
  registerUser,
  requestSignUpCode,
  uniqueAccount,
  useTestApp,
  FIRST_POLICIES,
} from '../../../test/harness.js';

// The first four draws give one code, later ones fresh codes: sign-ups that collide draw again.
const draws: string[] = [];
function collidingCodes(): string {
  draws.push(draws.length < 4 ? 'SAMECODE' : `NEWCODE${'ABCDEFGHJKMNPQRSTUVWXYZ'[draws.length] ?? 'Z'}`);
  return draws[draws.length - 1] ?? '';
}

describe('invite codes of new accounts', () => {
  const t = useTestApp({}, { inviteCodes: collidingCodes });

  it('a sign-up whose fresh code is already taken draws another, never failing', async () => {
    const first = await registerUser(t);
    const signUps = [];
    for (let i = 0; i < 3; i += 1) {
      const account = uniqueAccount();
      signUps.push({
        account,
        password: GOOD_PASSWORD,
        smsCode: await requestSignUpCode(t, account),
        acceptedPolicies: FIRST_POLICIES,
      });
    }
    const racing = await Promise.all(
      signUps.map((body) => call<{ user: { inviteCode: string } }>(t.app, 'POST', '/api/user/register', { body })),
    );
    expect(racing.map((answer) => answer.code)).toEqual([1, 1, 1]);
    const info = await call<{ inviteCode: string }>(t.app, 'GET', '/api/user/info', { token: first.token });
    const codes = [info.data.inviteCode, ...racing.map((answer) => answer.data.user.inviteCode)];
    expect(codes[0]).toBe('SAMECODE');
    expect(new Set(codes).size).toBe(4);
    expect(draws.length).toBeGreaterThan(4);
  });
});
