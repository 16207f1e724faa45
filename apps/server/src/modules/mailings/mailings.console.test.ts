import { CODES, consoleMailingShip, consoleMailings, listCardMailings } from '@stride/contract';
import { describe, expect, it } from 'vitest';
import { consoleApi, lastConsoleRecord, signIn } from '../../../test/console.js';
import { mailingToShip } from '../../../test/console-roles/merchant.js';
import { api, useTestApp } from '../../../test/harness.js';

const t = useTestApp();

describe('card mailings to ship in the merchant console', () => {
  it('lists requested mailings with addresses (a recorded look), ships once, and the user sees it shipped', async () => {
    const merchant = await signIn(t, ['merchant']);
    const mailing = await mailingToShip(t);
    // The setup's own records share the clock's instant; the look comes a moment later.
    t.clock.advance(1);
    const queue = await consoleApi(t, merchant, consoleMailings, { query: {} });
    expect(queue.data.items.find((row) => row.id === mailing.id)).toMatchObject({
      userId: mailing.userId,
      // The console names the card holder by the masked mobile number (decision 080 "A console a new operator can
      // read").
      userMobileMasked: expect.stringMatching(/^\d{3}\*+\d{4}$/) as unknown,
      status: 'requested',
      address: { name: 'Li Na', detail: '1 Walk Street' },
    });
    await lastConsoleRecord(t, merchant, 'card-mailing.view-queue', { type: 'card-mailing', id: 'requested' });

    const shipped = await consoleApi(t, merchant, consoleMailingShip, {
      params: { id: mailing.id },
      body: { carrier: 'EMS', trackingNumber: 'EMS42' },
    });
    expect(shipped.data).toMatchObject({ status: 'shipped', carrier: 'EMS', trackingNumber: 'EMS42' });
    const [record] = await t.app.services.audit.list(1);
    expect(record).toMatchObject({ action: 'card-mailing.shipped', subject_id: mailing.id, source: 'console' });
    expect(JSON.parse(record?.before ?? '{}')).toEqual({ status: 'requested' });
    expect(JSON.parse(record?.after ?? '{}')).toEqual({ status: 'shipped', carrier: 'EMS', trackingNumber: 'EMS42' });

    const again = await consoleApi(t, merchant, consoleMailingShip, {
      params: { id: mailing.id },
      body: { carrier: 'SF', trackingNumber: 'SF1' },
    });
    expect(again.code).toBe(CODES.BUSINESS_RULE);
    expect(again.message).toBe(`Card mailing ${mailing.id} is shipped, not requested`);

    const mine = await api(t, listCardMailings, { token: mailing.token });
    expect(mine.data[0]).toMatchObject({ status: 'shipped', carrier: 'EMS', trackingNumber: 'EMS42' });
    const shippedList = await consoleApi(t, merchant, consoleMailings, { query: { status: 'shipped' } });
    expect(shippedList.data.items.map((row) => row.id)).toContain(mailing.id);
  });

  it('pages the queue oldest first', async () => {
    const merchant = await signIn(t, ['merchant']);
    const first = await mailingToShip(t);
    t.clock.advance(1_000);
    const second = await mailingToShip(t);
    // The first test's mailing was shipped: these two are the whole queue.
    const page1 = await consoleApi(t, merchant, consoleMailings, { query: { pageSize: 1 } });
    expect(page1.data).toMatchObject({ total: 2, hasMore: true });
    expect(page1.data.items.map((row) => row.id)).toEqual([first.id]);
    const page2 = await consoleApi(t, merchant, consoleMailings, { query: { pageSize: 1, page: 2 } });
    expect(page2.data).toMatchObject({ total: 2, hasMore: false });
    expect(page2.data.items.map((row) => row.id)).toEqual([second.id]);
  });
});
