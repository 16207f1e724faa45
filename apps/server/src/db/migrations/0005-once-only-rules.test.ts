import { randomUUID } from 'node:crypto';
import { CODES, buyCard, createPayment, listBankCards, saveAddress, saveBankCard } from '@stride/contract';
import { Migrator } from 'kysely';
import { describe, expect, it } from 'vitest';
import {
  REAL_NAME,
  cardNumber,
  createPlan,
  idempotencyKey,
  registerUser,
  useTestApp,
  verifyIdentity,
  verifyUser,
  api,
  PAYMENT_PASSWORD,
} from '../../../test/harness.js';
import { migrateToLatest } from '../database.js';
import { MIGRATIONS } from './index.js';

const t = useTestApp();

const migrator = () => new Migrator({ db: t.db, provider: { getMigrations: () => Promise.resolve(MIGRATIONS) } });

describe('migration 0005 on a database that already breaks the once-only rules', () => {
  it('settles the duplicates the way decision 015 says, then holds the rules', async () => {
    // Data written through the API, then duplicated as concurrent requests could before 0005.
    const first = await registerUser(t);
    await verifyIdentity(t, first.token);
    const second = await registerUser(t);
    const third = await registerUser(t);
    const card = await api(t, saveBankCard, {
      token: first.token,
      body: { bank: 'Bank', holderName: REAL_NAME, accountNumber: cardNumber() },
    });
    const a1 = await api(t, saveAddress, {
      token: first.token,
      body: { name: 'Li Na', phone: '13800001111', region: 'Beijing', detail: 'Old' },
    });
    t.clock.advance(1_000);
    const a2 = await api(t, saveAddress, {
      token: first.token,
      body: { name: 'Li Na', phone: '13800001111', region: 'Beijing', detail: 'New' },
    });
    const planId = await createPlan(t);
    await verifyUser(t, second.userId);
    const order = await api(t, buyCard, {
      token: second.token,
      body: { planId, payWith: 'online', idempotencyKey: idempotencyKey(), paymentPassword: PAYMENT_PASSWORD },
    });
    const payment = await api(t, createPayment, {
      token: second.token,
      body: { orderId: order.data.id, idempotencyKey: idempotencyKey() },
    });

    const down = await migrator().migrateTo('0004-shop-and-community');
    expect(down.error).toBeUndefined();

    const identity = await t.db
      .selectFrom('identities')
      .selectAll()
      .where('user_id', '=', first.userId)
      .executeTakeFirstOrThrow();
    for (const [user, status, at] of [
      [second, 'pending', identity.submitted_at - 1_000],
      [third, 'verified', identity.submitted_at + 1_000],
    ] as const) {
      await t.db
        .insertInto('identities')
        .values({ ...identity, user_id: user.userId, status, submitted_at: at })
        .execute();
      await t.db.updateTable('users').set({ real_name_status: status }).where('id', '=', user.userId).execute();
    }
    const paymentRow = await t.db
      .selectFrom('payments')
      .selectAll()
      .where('id', '=', payment.data.id)
      .executeTakeFirstOrThrow();
    const newer = {
      ...paymentRow,
      id: randomUUID(),
      idempotency_key: randomUUID(),
      created_at: paymentRow.created_at + 1,
    };
    await t.db.insertInto('payments').values(newer).execute();
    await t.db.updateTable('delivery_addresses').set({ is_default: 1 }).where('user_id', '=', first.userId).execute();
    const cardRow = await t.db
      .selectFrom('bank_cards')
      .selectAll()
      .where('id', '=', card.data.id)
      .executeTakeFirstOrThrow();
    const copy = { ...cardRow, id: randomUUID(), created_at: cardRow.created_at + 1 };
    await t.db.insertInto('bank_cards').values(copy).execute();

    await migrateToLatest(t.db);

    const identities = await t.db
      .selectFrom('identities')
      .select(['user_id', 'status', 'reject_reason'])
      .where('id_number_hash', '=', identity.id_number_hash)
      .execute();
    const byUser = new Map(identities.map((row) => [row.user_id, row]));
    // The earliest verified check keeps the number; the pending one submitted before it does not.
    expect(byUser.get(first.userId)).toMatchObject({ status: 'verified' });
    for (const user of [second, third]) {
      expect(byUser.get(user.userId)).toEqual({
        user_id: user.userId,
        status: 'rejected',
        reject_reason: 'This ID number is already verified on another account',
      });
      const row = await t.db
        .selectFrom('users')
        .select('real_name_status')
        .where('id', '=', user.userId)
        .executeTakeFirst();
      expect(row?.real_name_status).toBe('rejected');
    }
    const payments = await t.db
      .selectFrom('payments')
      .select(['id', 'status'])
      .where('order_id', '=', order.data.id)
      .orderBy('created_at')
      .execute();
    expect(payments).toEqual([
      { id: payment.data.id, status: 'expired' },
      { id: newer.id, status: 'pending' },
    ]);
    const defaults = await t.db
      .selectFrom('delivery_addresses')
      .select('id')
      .where('user_id', '=', first.userId)
      .where('is_default', '=', 1)
      .execute();
    expect(defaults.map((row) => row.id)).toEqual([a2.data.id]);
    expect(a1.data.id).not.toBe(a2.data.id);
    const cards = await api(t, listBankCards, { token: first.token });
    expect(cards.data.map((row) => row.id)).toEqual([card.data.id]);

    // And the rules hold from now on.
    const again = await api(t, createPayment, {
      token: second.token,
      body: { orderId: order.data.id, idempotencyKey: idempotencyKey() },
    });
    expect(again).toMatchObject({ code: CODES.OK, data: { id: newer.id } });
  });
});
