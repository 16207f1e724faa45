import { CODES, exchangePoints, getRules, saveAddress } from '@stride/contract';
import { describe, expect, it } from 'vitest';
import { api, fundUser, idempotencyKey, registerUser, useTestApp } from '../../../test/harness.js';

// Limits and an exchange rule other than the defaults (5 payout methods, 20 addresses, 100 points
// = 100 minor units from 100 points): the answer must follow them.
const t = useTestApp({
  BANK_CARDS_MAX: '3',
  ADDRESSES_MAX: '2',
  EXCHANGE_POINTS_PER_UNIT: '50',
  EXCHANGE_CASH_PER_UNIT: '30',
  EXCHANGE_MIN_POINTS: '150',
});

describe('GET /api/rules', () => {
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
      },
    });
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
