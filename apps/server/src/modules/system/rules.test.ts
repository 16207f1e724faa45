import { CODES } from '@stride/contract';
import { describe, expect, it } from 'vitest';
import { call, registerUser, useTestApp } from '../../../test/harness.js';

// Limits other than the defaults (5 payout methods, 20 addresses): the answer must follow them.
const t = useTestApp({ BANK_CARDS_MAX: '3', ADDRESSES_MAX: '2' });

describe('GET /api/rules', () => {
  it('answers the configured limits, without a session', async () => {
    const answer = await call(t.app, 'GET', '/api/rules');
    expect(answer).toMatchObject({ status: 200, code: CODES.OK, data: { bankCardsMax: 3, addressesMax: 2 } });
  });

  it('answers the limit the server enforces', async () => {
    const { token } = await registerUser(t);
    const { data } = await call<{ addressesMax: number }>(t.app, 'GET', '/api/rules', { token });
    const save = (detail: string) =>
      call(t.app, 'POST', '/api/delivery_info', {
        token,
        body: { name: 'Li Na', phone: '13800001111', region: 'Beijing', detail },
      });
    for (let index = 0; index < data.addressesMax; index += 1) {
      expect((await save(`No. ${index}`)).code).toBe(CODES.OK);
    }
    expect((await save('One too many')).code).toBe(CODES.BUSINESS_RULE);
  });
});
