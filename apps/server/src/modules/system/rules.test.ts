import { CODES, consoleUserFreeze, exchangePoints, getRules, getUserInfo, login, saveAddress } from '@stride/contract';
import { describe, expect, it } from 'vitest';
import { consoleApi, signIn } from '../../../test/console.js';
import { api, fundUser, idempotencyKey, registerUser, useTestApp } from '../../../test/harness.js';

// Limits and an exchange rule other than the defaults (5 payout methods, 20 addresses, 100 points
// = 100 minor units from 100 points; 100 steps a point, 200 a day; 500 points an invite at 5,000
// steps; no support contact): the answer must follow them.
const t = useTestApp({
  BANK_CARDS_MAX: '3',
  ADDRESSES_MAX: '2',
  EXCHANGE_POINTS_PER_UNIT: '50',
  EXCHANGE_CASH_PER_UNIT: '30',
  EXCHANGE_MIN_POINTS: '150',
  POINTS_STEPS_PER_POINT: '80',
  POINTS_DAILY_MAX: '250',
  INVITE_REWARD_POINTS: '300',
  INVITE_QUALIFYING_STEPS: '4000',
  SUPPORT_CONTACT: 'help@walk.example.com',
});

describe('getRules (GET /api/rules)', () => {
  it('answers the configured limits, without a session', async () => {
    const answer = await api(t, getRules);
    expect(answer).toMatchObject({
      status: 200,
      code: CODES.OK,
      data: {
        bankCardsMax: 3,
        addressesMax: 2,
        exchangePointsPerUnit: 50,
        exchangeCashPerUnit: 30,
        exchangeMinPoints: 150,
        stepsPerPoint: 80,
        pointsDailyMax: 250,
        inviteRewardPoints: 300,
        inviteQualifyingSteps: 4_000,
        supportContact: { kind: 'email', value: 'help@walk.example.com' },
      },
    });
  });

  it('names the support contact in a frozen account’s message, at login and on a call (decision 082)', async () => {
    const admin = await signIn(t, ['admin']);
    const { userId, token, account, password } = await registerUser(t);
    const frozen = await consoleApi(t, admin, consoleUserFreeze, {
      params: { id: userId },
      body: { version: 1, reason: 'chargeback fraud' },
    });
    expect(frozen.code, frozen.message).toBe(CODES.OK);
    const message = 'This account is frozen. Please contact customer service: help@walk.example.com';
    expect(await api(t, getUserInfo, { token })).toMatchObject({ code: CODES.ACCOUNT_FROZEN, message });
    const again = await api(t, login, { body: { account, password }, remoteAddress: '10.9.0.1' });
    expect(again).toMatchObject({ code: CODES.ACCOUNT_FROZEN, message });
    const inFrench = await api(t, getUserInfo, { token, language: 'fr' });
    expect(inFrench.message).toBe('Ce compte est gelé. Veuillez contacter le service client : help@walk.example.com');
  });

  it('answers the limit the server enforces', async () => {
    const { token } = await registerUser(t);
    const { data } = await api(t, getRules, { token });
    const save = (detail: string) =>
      api(t, saveAddress, {
        token,
        body: { name: 'Li Na', phone: '13800001111', region: 'Beijing', detail },
      });
    for (let index = 0; index < data.addressesMax; index += 1) {
      expect((await save(`No. ${index}`)).code).toBe(CODES.OK);
    }
    expect((await save('One too many')).code).toBe(CODES.BUSINESS_RULE);
  });

  it('answers the exchange rule the server applies', async () => {
    const { token, userId } = await registerUser(t);
    await fundUser(t, userId, 1_000, 'POINTS');
    const { data: rules } = await api(t, getRules);
    const exchange = (points: number) =>
      api(t, exchangePoints, { token, body: { points, idempotencyKey: idempotencyKey() } });
    expect((await exchange(rules.exchangeMinPoints - rules.exchangePointsPerUnit)).code).toBe(CODES.VALIDATION_FAILED);
    expect((await exchange(rules.exchangeMinPoints + 1)).code).toBe(CODES.VALIDATION_FAILED);
    expect(await exchange(rules.exchangeMinPoints)).toMatchObject({
      code: CODES.OK,
      data: {
        points: rules.exchangeMinPoints,
        amount: (rules.exchangeMinPoints / rules.exchangePointsPerUnit) * rules.exchangeCashPerUnit,
      },
    });
  });
});
