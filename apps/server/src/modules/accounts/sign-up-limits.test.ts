import { CODES, register } from '@stride/contract';
import { describe, expect, it } from 'vitest';
import { FIRST_POLICIES, GOOD_PASSWORD, useTestApp, api, requestSignUpCode } from '../../../test/harness.js';
import { MINUTE_MS } from '../../lib/clock.js';

const t = useTestApp({ REGISTER_MAX_PER_ADDRESS: '3', REGISTER_MAX_PER_PREFIX: '4', REGISTER_WINDOW_MINUTES: '60' });

let codeAddress = 0;
/** Codes are asked for from addresses of their own, so only the sign-up limits are tested here. */
async function smsCode(account: string) {
  codeAddress += 1;
  return requestSignUpCode(t, account, `10.8.${Math.floor(codeAddress / 250)}.${codeAddress % 250}`);
}

async function signUps(accounts: string[], address: (index: number) => string, language?: string) {
  const bodies = [];
  for (const account of accounts)
    bodies.push({
      account,
      password: GOOD_PASSWORD,
      smsCode: await smsCode(account),
      acceptedPolicies: FIRST_POLICIES,
    });
  return Promise.all(
    bodies.map((body, index) =>
      api(t, register, {
        body,
        remoteAddress: address(index),
        ...(language ? { language } : {}),
      }),
    ),
  );
}

const codes = (answers: { code: number }[]) => answers.map((answer) => answer.code).sort((a, b) => a - b);
let block = 0;
/** Numbers in one block of 10,000 (the same number without its last four digits). */
function numbersInBlock(count: number): string[] {
  block += 1;
  return Array.from({ length: count }, (_, i) => `13${String(block).padStart(5, '0')}${String(i).padStart(4, '0')}`);
}

describe('sign-up limits', () => {
  it('allow a few sign-ups per address in a window, even when they arrive together', async () => {
    const accounts = Array.from({ length: 7 }, () => numbersInBlock(1)[0] ?? '');
    const answers = await signUps(accounts, () => '10.3.0.1');
    expect(codes(answers)).toEqual([...Array<number>(3).fill(CODES.OK), ...Array<number>(4).fill(CODES.RATE_LIMITED)]);
    const refused = answers.find((answer) => answer.code === CODES.RATE_LIMITED);
    expect(refused?.message).toMatch(/^Too many sign-ups from here\. Please try again in \d+ minutes\.$/);
    const users = await t.db.selectFrom('users').select('id').where('account', 'in', accounts).execute();
    expect(users).toHaveLength(3);
    // Another address may still sign up; this one may again once the window has passed.
    expect(codes(await signUps(numbersInBlock(1), () => '10.3.0.2'))).toEqual([CODES.OK]);
    t.clock.advance(60 * MINUTE_MS);
    expect(codes(await signUps(numbersInBlock(1), () => '10.3.0.1'))).toEqual([CODES.OK]);
  });

  it('allow a few sign-ups per number block, whatever the addresses', async () => {
    const accounts = numbersInBlock(7);
    const answers = await signUps(accounts, (index) => `10.4.0.${index + 1}`, 'fr');
    expect(answers.filter((answer) => answer.code === CODES.OK)).toHaveLength(4);
    const refused = answers.filter((answer) => answer.code !== CODES.OK);
    expect(refused).toHaveLength(3);
    for (const answer of refused) {
      expect(answer.code).toBe(CODES.RATE_LIMITED);
      expect(answer.message).toMatch(/^Trop d’inscriptions depuis ce réseau\. Réessayez dans \d+ minutes\.$/);
    }
    expect(codes(await signUps(numbersInBlock(1), () => '10.4.1.1'))).toEqual([CODES.OK]);
  });

  it('are counted before the SMS code is checked, so guessing codes does not get around them', async () => {
    const [account = ''] = numbersInBlock(1);
    const right = await smsCode(account);
    const wrong = [];
    for (let i = 0; i < 3; i += 1) {
      wrong.push(
        await api(t, register, {
          body: {
            account,
            password: GOOD_PASSWORD,
            smsCode: right === '000000' ? '111111' : '000000',
            acceptedPolicies: FIRST_POLICIES,
          },
          remoteAddress: '10.5.0.1',
        }),
      );
    }
    expect(codes(wrong)).toEqual([CODES.VALIDATION_FAILED, CODES.VALIDATION_FAILED, CODES.VALIDATION_FAILED]);
    t.clock.advance(60_000);
    expect(codes(await signUps([account ?? ''], () => '10.5.0.1'))).toEqual([CODES.RATE_LIMITED]);
  });
});
