import { CODES, applyCardMailing, getCardMailingInfo, listCardMailings } from '@stride/contract';
import { describe, expect, it } from 'vitest';
import { api, mailingApplicant, registerUser, useTestApp } from '../../../test/harness.js';
import { DAY_MS } from '../../lib/clock.js';

const t = useTestApp();

const cardHolder = (days = 30) => mailingApplicant(t, days);

const apply = (token: string, cardId: string, addressId: string) =>
  api(t, applyCardMailing, { token, body: { cardId, addressId } });

describe('physical card mailing', () => {
  it('explains the service to anyone, without login', async () => {
    const info = await api(t, getCardMailingInfo, { language: 'fr' });
    expect(info.code).toBe(CODES.OK);
    expect(info.data.description).toContain('carte physique');
    expect((await api(t, listCardMailings)).code).toBe(CODES.SESSION_INVALID);
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
    const records = await api(t, listCardMailings, { token: holder.token });
    expect(records.data).toEqual([
      expect.objectContaining({ id: applied.data.id, status: 'delivered', carrier: 'EMS', trackingNumber: 'E1' }),
    ]);
  });

  it("refuses another user's card or address as not found, an expired card, and an unverified caller", async () => {
    const holder = await cardHolder();
    const other = await cardHolder();
    expect((await apply(other.token, holder.cardId, other.addressId)).code).toBe(CODES.NOT_FOUND);
    expect((await apply(other.token, other.cardId, holder.addressId)).code).toBe(CODES.NOT_FOUND);
    expect((await api(t, listCardMailings, { token: other.token })).data).toEqual([]);
    const unverified = await registerUser(t);
    expect((await apply(unverified.token, holder.cardId, holder.addressId)).code).toBe(CODES.REAL_NAME_REQUIRED);
    const short = await cardHolder(1);
    t.clock.advance(2 * DAY_MS);
    expect((await apply(short.token, short.cardId, short.addressId)).code).toBe(CODES.BUSINESS_RULE);
  });
});
