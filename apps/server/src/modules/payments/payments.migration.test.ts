import { randomUUID } from 'node:crypto';
import { createPayment } from '@stride/contract';
import { Migrator } from 'kysely';
import { describe, expect, it } from 'vitest';
import { api, buyPlan, createPlan, idempotencyKey, useTestApp, verifiedUser } from '../../../test/harness.js';
import { SANDBOX_CALLBACK_PATH } from './payments.routes.js';
import { sandboxCallback } from './sandbox-provider.js';
import { migrateToLatest } from '../../db/database.js';
import { MIGRATIONS } from '../../db/migrations/index.js';

const t = useTestApp();

const migrator = () => new Migrator({ db: t.db, provider: { getMigrations: () => Promise.resolve(MIGRATIONS) } });

describe('migration 0019 on orders paid before it', () => {
  it('names the payment that paid each online order, and none for balance or pending orders', async () => {
    const planId = await createPlan(t, { price: 4_000 });
    const user = await verifiedUser(t, 4_000);
    const buy = async (payWith: 'online' | 'balance') => (await buyPlan(t, user.token, planId, payWith)).data;
    const online = await buy('online');
    const byBalance = await buy('balance');
    const pending = await buy('online');
    const payment = (
      await api(t, createPayment, { token: user.token, body: { orderId: online.id, idempotencyKey: idempotencyKey() } })
    ).data;
    const signed = sandboxCallback(
      t.config.payments.sandboxSecret,
      { eventId: randomUUID(), paymentId: payment.id, outcome: 'paid', amount: payment.amount },
      t.clock.now(),
    );
    await t.app.inject({ method: 'POST', url: SANDBOX_CALLBACK_PATH, headers: signed.headers, payload: signed.body });

    const down = await migrator().migrateTo('0017-flag-indexes');
    expect(down.error).toBeUndefined();
    await migrateToLatest(t.db);

    const rows = await t.db
      .selectFrom('membership_orders')
      .select(['id', 'status', 'payment_id', 'cancelled_at'])
      .where('id', 'in', [online.id, byBalance.id, pending.id])
      .execute();
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(byId.get(online.id)).toMatchObject({ status: 'paid', payment_id: payment.id, cancelled_at: null });
    expect(byId.get(byBalance.id)).toMatchObject({ status: 'paid', payment_id: null });
    expect(byId.get(pending.id)).toMatchObject({ status: 'pending', payment_id: null });
    expect(await t.db.selectFrom('provider_refunds').selectAll().execute()).toEqual([]);
  });
});
