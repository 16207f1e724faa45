import { CODES, getRules, saveAddress } from '@stride/contract';
import { describe, expect, it } from 'vitest';
import { registerUser, useTestApp, api } from '../../../test/harness.js';

// Limits other than the defaults (5 payout methods, 20 addresses): the answer must follow them.
const t = useTestApp({ BANK_CARDS_MAX: '3', ADDRESSES_MAX: '2' });

describe('GET /api/rules', () => {
  it('answers the configured limits, without a session', async () => {
    const answer = await api(t, getRules);
    expect(answer).toMatchObject({ status: 200, code: CODES.OK, data: { bankCardsMax: 3, addressesMax: 2 } });
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
});
