import { CODES } from '@stride/contract';
import { describe, expect, it } from 'vitest';
import {
  call,
  createPlan,
  fundUser,
  idempotencyKey,
  registerUser,
  useTestApp,
  verifyUser,
} from '../../../test/harness.js';
import { DAY_MS } from '../../lib/clock.js';

const t = useTestApp();

interface Mailing {
  id: string;
  cardId: string;
  cardName: string;
  status: string;
  carrier: string | null;
  trackingNumber: string | null;
  address: { detail: string };
}

async function cardHolder(days = 30) {
  const user = await registerUser(t);
  await verifyUser(t, user.userId);
  await fundUser(t, user.userId, 100_000);
  const planId = await createPlan(t, { days });
  const bought = await call(t.app, 'POST', '/api/member_card/buy', {
    token: user.token,
    body: { planId, payWith: 'balance', idempotencyKey: idempotencyKey() },
  });
  expect(bought.code).toBe(CODES.OK);
  const cards = await call<{ id: string }[]>(t.app, 'GET', '/api/member_card/my', { token: user.token });
  const address = await call<{ id: string }>(t.app, 'POST', '/api/delivery_info', {
    token: user.token,
    body: { name: 'Li Na', phone: '13800001111', region: 'Beijing', detail: 'Card Street 1' },
  });
  return { ...user, cardId: cards.data[0]!.id, addressId: address.data.id };
}

const apply = (token: string, cardId: string, addressId: string) =>
  call<Mailing>(t.app, 'POST', '/api/order/apply', { token, body: { cardId, addressId } });

describe('physical card mailing', () => {
  it('explains the service to anyone, without login', async () => {
    const info = await call<{ description: string }>(t.app, 'GET', '/api/post/info', { language: 'fr' });
    expect(info.code).toBe(CODES.OK);
    expect(info.data.description).toContain('carte physique');
    expect((await call(t.app, 'GET', '/api/post/record')).code).toBe(CODES.SESSION_INVALID);
  });

  it('applies once per active card of mine, and shows shipping and delivery', async () => {
    const holder = await cardHolder();
    const applied = await apply(holder.token, holder.cardId, holder.addressId);
    expect(applied).toMatchObject({
      code: CODES.OK,
      data: { cardId: holder.cardId, status: 'requested', carrier: null, address: { detail: 'Card Street 1' } },
    });
    expect((await apply(holder.token, holder.cardId, holder.addressId)).code).toBe(CODES.CONFLICT);
    await t.app.services.admin.mailings.ship('ops', applied.data.id, { carrier: 'EMS', trackingNumber: 'E1' });
    await t.app.services.admin.mailings.markDelivered('ops', applied.data.id);
    const records = await call<Mailing[]>(t.app, 'GET', '/api/post/record', { token: holder.token });
    expect(records.data).toEqual([
      expect.objectContaining({ id: applied.data.id, status: 'delivered', carrier: 'EMS', trackingNumber: 'E1' }),
    ]);
  });

  it("refuses another user's card or address as not found, an expired card, and an unverified caller", async () => {
    const holder = await cardHolder();
    const other = await cardHolder();
    expect((await apply(other.token, holder.cardId, other.addressId)).code).toBe(CODES.NOT_FOUND);
    expect((await apply(other.token, other.cardId, holder.addressId)).code).toBe(CODES.NOT_FOUND);
    expect((await call<Mailing[]>(t.app, 'GET', '/api/post/record', { token: other.token })).data).toEqual([]);
    const unverified = await registerUser(t);
    expect((await apply(unverified.token, holder.cardId, holder.addressId)).code).toBe(CODES.REAL_NAME_REQUIRED);
    const short = await cardHolder(1);
    t.clock.advance(2 * DAY_MS);
    expect((await apply(short.token, short.cardId, short.addressId)).code).toBe(CODES.BUSINESS_RULE);
  });
});
