import { randomUUID } from 'node:crypto';
import { buyCard, createPayment, reportSteps } from '@stride/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAliyunSmsFake } from '../fakes/aliyun-sms.js';
import {
  api,
  balanceOf,
  CLEAN_LEDGER,
  createPlan,
  createTestApp,
  dialect,
  fundUser,
  idempotencyKey,
  ledgerReport,
  registerUser,
  useTestApp,
  verifyUser,
  type TestApp,
  PAYMENT_PASSWORD,
} from '../test/harness.js';
import { SCRIPTED_SECRET, ScriptedProvider } from '../test/scripted-provider.js';
import { JOB_NAMES } from './jobs.js';
import { DAY_MS, MINUTE_MS } from './lib/clock.js';

const PLAN = { price: 9_900, daily_target: 6_000, daily_cash_back: 300 };

const cashBackRows = (t: TestApp, userId: string) =>
  t.db
    .selectFrom('card_cash_backs as b')
    .innerJoin('member_cards as c', 'c.id', 'b.card_id')
    .select(['b.day', 'b.amount'])
    .where('c.user_id', '=', userId)
    .orderBy('b.day')
    .execute();

const cashBackTransfers = async (t: TestApp, userId: string) =>
  (
    await t.db
      .selectFrom('ledger_transfers')
      .select('id')
      .where('kind', '=', 'card.cashback')
      .where('idempotency_key', 'like', `${userId}:%`)
      .execute()
  ).length;

/** A user who walked `steps` today and then bought a card with the balance (so no report paid its cash back). */
async function walkedThenBought(t: TestApp, planId: string, steps: number) {
  const user = await registerUser(t);
  await verifyUser(t, user.userId);
  const today = t.app.services.calendar.dayOf(t.clock.now());
  const report = await api(t, reportSteps, { token: user.token, body: { day: today, steps } });
  expect(report.data.cashBack).toBe(0);
  await fundUser(t, user.userId, PLAN.price);
  const bought = await api(t, buyCard, {
    token: user.token,
    body: { planId, payWith: 'balance', idempotencyKey: idempotencyKey(), paymentPassword: PAYMENT_PASSWORD },
  });
  expect(bought.code).toBe(1);
  return { ...user, day: today };
}

describe('the daily cash back settlement', () => {
  const t = useTestApp();

  it('pays a day the app never paid, once, after the day ends; the app path and the job dedupe', async () => {
    const planId = await createPlan(t, PLAN);
    const walker = await walkedThenBought(t, planId, 8_000);
    const short = await walkedThenBought(t, planId, 5_999);
    const before = await balanceOf(t, walker.userId);

    // The day has not ended: nothing to settle.
    expect(await t.app.jobs.run(JOB_NAMES.cashBack)).toMatchObject({ users: 0, credited: 0 });

    t.clock.advance(DAY_MS);
    expect(await t.app.jobs.run(JOB_NAMES.cashBack)).toMatchObject({ users: 1, credited: PLAN.daily_cash_back });
    expect(await balanceOf(t, walker.userId)).toBe(before + PLAN.daily_cash_back);
    expect(await cashBackRows(t, walker.userId)).toEqual([{ day: walker.day, amount: PLAN.daily_cash_back }]);
    expect(await cashBackRows(t, short.userId)).toEqual([]);

    // Again, and a late report of the same day through the app: nothing more.
    expect(await t.app.jobs.run(JOB_NAMES.cashBack)).toMatchObject({ users: 0, credited: 0 });
    const late = await api(t, reportSteps, { token: walker.token, body: { day: walker.day, steps: 9_000 } });
    expect(late.data.cashBack).toBe(0);
    expect(await cashBackTransfers(t, walker.userId)).toBe(1);

    // The short walker's late report of yesterday reaches the target: the app pays it, the job then nothing.
    const reached = await api(t, reportSteps, { token: short.token, body: { day: short.day, steps: 6_000 } });
    expect(reached.data.cashBack).toBe(PLAN.daily_cash_back);
    expect(await t.app.jobs.run(JOB_NAMES.cashBack)).toMatchObject({ users: 0, credited: 0 });
    expect(await cashBackTransfers(t, short.userId)).toBe(1);

    // Two days on, yesterday's card day had no steps: nothing, and the settled day is not paid again.
    t.clock.advance(DAY_MS);
    expect(await t.app.jobs.run(JOB_NAMES.cashBack)).toMatchObject({ users: 0, credited: 0 });
    expect(await balanceOf(t, walker.userId)).toBe(before + PLAN.daily_cash_back);
  });

  it('leaves a day held for review to its reviewer', async () => {
    const planId = await createPlan(t, PLAN);
    const held = await walkedThenBought(t, planId, 9_000);
    await t.db
      .insertInto('step_reviews')
      .values({
        id: randomUUID(),
        user_id: held.userId,
        day: held.day,
        reasons: JSON.stringify(['regularRhythm']),
        status: 'flagged',
        created_at: t.clock.now(),
        decided_at: null,
        operator_id: null,
        note: null,
      })
      .execute();
    t.clock.advance(DAY_MS);
    expect(await t.app.jobs.run(JOB_NAMES.cashBack)).toMatchObject({ users: 0, credited: 0 });
    expect(await cashBackRows(t, held.userId)).toEqual([]);
  });

  it('lists every job in one table, and runs each once by hand with runDue', async () => {
    expect([...t.app.jobs.jobs.keys()]).toEqual(Object.values(JOB_NAMES));
    const results = await t.app.jobs.runDue();
    expect(Object.keys(results)).toEqual(Object.values(JOB_NAMES));
    expect(results[JOB_NAMES.outbox]).toEqual({ sent: 0, retried: 0, failed: 0 });
    // The harness starts no worker: nothing was queued or run by the queue.
    expect(t.app.jobs.lastRun(JOB_NAMES.outbox)).toBeUndefined();
    expect(t.app.jobs.kind).toBe(dialect === 'postgres' ? 'pg-boss' : 'in-process');
  });
});

/**
 * Every unit of work once, with several workers. On PostgreSQL two app instances share one
 * database, each with its pg-boss worker; on SQLite, which one process owns, the one instance's
 * in-process worker. Either way each job is also run by hand on every instance at the same time as
 * the queue runs it, so the database's keys, not only the queue's lock, are what is proven.
 */
describe(`every unit once: ${dialect === 'postgres' ? 'two pg-boss workers on one PostgreSQL' : 'the in-process worker and passes by hand'}`, () => {
  const fake = { sms: undefined as Awaited<ReturnType<typeof startAliyunSmsFake>> | undefined };
  const provider = new ScriptedProvider(SCRIPTED_SECRET);
  const instances: TestApp[] = [];
  const first = () => instances[0]!;

  beforeAll(async () => {
    const sms = await startAliyunSmsFake();
    fake.sms = sms;
    const env = {
      ...sms.env(),
      PAYMENT_SANDBOX_SECRET: SCRIPTED_SECRET,
      JOBS_WORKER: 'true',
      JOBS_POLL_SECONDS: '0.5',
      SMS_TIMEOUT_MS: '1500',
    };
    const a = await createTestApp(env, { paymentProvider: provider });
    instances.push(a);
    if (dialect === 'postgres') instances.push(await createTestApp(env, { paymentProvider: provider, sharedWith: a }));
  });

  afterAll(async () => {
    for (const instance of instances.slice(1)) await instance.app.close();
    await instances[0]?.close();
    await fake.sms?.close();
  });

  /** Sets every instance's clock to the first one's. */
  const sameTime = () => {
    for (const instance of instances) instance.clock.set(first().clock.now());
  };

  /**
   * Queues the job on every instance several times and (unless `queueOnly`) runs it by hand on
   * each at the same time, then waits for the queue.
   */
  async function everywhere(name: string, queueOnly = false) {
    const passes = instances.flatMap((instance) =>
      queueOnly
        ? [instance.app.jobs.trigger(name), instance.app.jobs.trigger(name), instance.app.jobs.trigger(name)]
        : [
            instance.app.jobs.trigger(name),
            instance.app.jobs.run(name),
            instance.app.jobs.trigger(name),
            instance.app.jobs.run(name),
          ],
    );
    await Promise.all(passes);
    for (const instance of instances) expect(await instance.app.jobs.drain(60_000)).toBe(true);
    for (const instance of instances) {
      const stats = (await instance.app.jobs.stats()).find((job) => job.name === name);
      expect(stats).toMatchObject({ queued: 0, active: 0, failed: 0 });
    }
  }

  /** `count` orders of one user, each with a pending online payment, all past their expiry. */
  async function duePayments(count: number) {
    const t = first();
    const planId = await createPlan(t, PLAN);
    const user = await registerUser(t);
    await verifyUser(t, user.userId);
    const payments: string[] = [];
    for (let i = 0; i < count; i += 1) {
      const order = await api(t, buyCard, {
        token: user.token,
        body: { planId, payWith: 'online', idempotencyKey: idempotencyKey(), paymentPassword: PAYMENT_PASSWORD },
      });
      const payment = await api(t, createPayment, {
        token: user.token,
        body: { orderId: order.data.id, idempotencyKey: idempotencyKey() },
      });
      payments.push(payment.data.id);
    }
    t.clock.advance((t.config.payments.expiryMinutes + t.config.payments.orderExpiryMinutes) * MINUTE_MS + MINUTE_MS);
    sameTime();
    provider.calls.length = 0;
    return { user, payments };
  }

  it('the queue alone: one pass at a time across the workers closes each of 25 trades exactly once', async () => {
    const t = first();
    const { user, payments } = await duePayments(25);

    await everywhere(JOB_NAMES.payments, true);

    const rows = await t.db.selectFrom('payments').select('status').where('user_id', '=', user.userId).execute();
    expect(rows.map((row) => row.status)).toEqual(Array(25).fill('expired'));
    for (const id of payments) {
      expect(provider.calls.filter((call) => call.method === 'close' && call.paymentId === id)).toHaveLength(1);
    }
  });

  it('expires 50 due payments and their orders once, closing each trade, with passes by hand at the same time', async () => {
    const t = first();
    const { user, payments } = await duePayments(50);

    await everywhere(JOB_NAMES.payments);

    const rows = await t.db
      .selectFrom('payments')
      .select(['id', 'status'])
      .where('user_id', '=', user.userId)
      .execute();
    expect(rows.filter((row) => row.status === 'expired')).toHaveLength(50);
    const orders = await t.db
      .selectFrom('membership_orders')
      .select('status')
      .where('user_id', '=', user.userId)
      .execute();
    expect(orders.map((order) => order.status)).toEqual(Array(50).fill('expired'));
    for (const id of payments) {
      expect(provider.trades.get(id)).toBe('closed');
      expect(provider.calls.some((call) => call.method === 'close' && call.paymentId === id)).toBe(true);
    }
    expect(await ledgerReport(t)).toEqual(CLEAN_LEDGER);
  });

  it('sends 50 queued SMS once each', async () => {
    const t = first();
    const sms = fake.sms!;
    // Sign-up codes of the earlier test go first.
    await t.app.services.deliverer.deliverDue();
    sms.received.length = 0;
    const recipients = Array.from({ length: 50 }, (_, i) => `1770000${String(i).padStart(4, '0')}`);
    await t.db.transaction().execute(async (trx) => {
      for (const recipient of recipients) {
        await t.app.services.outbox.send(trx, {
          channel: 'sms',
          recipient,
          template: 'register',
          params: { code: '123456' },
          body: 'Your code is 123456',
        });
      }
    });
    sameTime();

    await everywhere(JOB_NAMES.outbox);

    expect(sms.received.map((item) => item.phone).sort()).toEqual(recipients);
    const statuses = await t.db
      .selectFrom('outbox_messages')
      .select(['status', 'attempts'])
      .where('recipient', 'in', recipients)
      .execute();
    expect(statuses).toEqual(Array(50).fill({ status: 'sent', attempts: 1 }));
  });

  it('settles a day of cash back once per card', async () => {
    const t = first();
    const planId = await createPlan(t, PLAN);
    const walkers = [];
    for (let i = 0; i < 12; i += 1) walkers.push(await walkedThenBought(t, planId, 7_000 + i));
    t.clock.advance(DAY_MS);
    sameTime();

    await everywhere(JOB_NAMES.cashBack);

    for (const walker of walkers) {
      expect(await cashBackRows(t, walker.userId)).toEqual([{ day: walker.day, amount: PLAN.daily_cash_back }]);
      expect(await cashBackTransfers(t, walker.userId)).toBe(1);
      expect(await balanceOf(t, walker.userId)).toBe(PLAN.daily_cash_back);
    }
    expect(await ledgerReport(t)).toEqual(CLEAN_LEDGER);
  });

  it('keeps pg-boss in its own schema, created when the worker started', async () => {
    const t = first();
    const schemas =
      dialect === 'postgres'
        ? (
            await sql<{
              name: string;
            }>`select schema_name as name from information_schema.schemata where schema_name = 'pgboss'`.execute(t.db)
          ).rows
        : [];
    expect(schemas).toEqual(dialect === 'postgres' ? [{ name: 'pgboss' }] : []);
    const stats = await t.app.jobs.stats();
    expect(stats.map((job) => job.name)).toEqual(Object.values(JOB_NAMES));
    expect(stats.every((job) => job.failed === 0 && job.queued === 0 && job.active === 0)).toBe(true);
    expect(stats.find((job) => job.name === JOB_NAMES.payments)?.completed).toBeGreaterThan(0);
  });

  it('a closing server takes no new job and waits for the pass under way', async () => {
    const t = first();
    const sms = fake.sms!;
    // Sign-up codes of the earlier tests go first.
    await t.app.services.deliverer.deliverDue();
    sms.received.length = 0;
    sms.failNext({ kind: 'hang' });
    const recipient = '17700009999';
    await t.app.services.outbox.send(t.db, {
      channel: 'sms',
      recipient,
      template: 'register',
      params: { code: '654321' },
      body: 'Your code is 654321',
    });
    sameTime();
    for (const instance of instances) await instance.app.jobs.trigger(JOB_NAMES.outbox);
    // The pass is under way: the provider holds the call until the 1.5 s timeout.
    await expect.poll(() => sms.received.length, { timeout: 10_000 }).toBe(1);
    const started = Date.now();
    await Promise.all(instances.map((instance) => instance.app.close()));
    expect(Date.now() - started).toBeGreaterThan(200);
    // The close returned after the pass had recorded its try, not before.
    const row = await t.db
      .selectFrom('outbox_messages')
      .select(['status', 'attempts', 'error'])
      .where('recipient', '=', recipient)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'pending', attempts: 1, error: 'aliyun: no answer before the timeout' });
    // A closed server queues and takes nothing more.
    for (const instance of instances) await instance.app.jobs.trigger(JOB_NAMES.outbox);
    if (dialect === 'postgres') {
      const waiting = await sql<{
        count: number;
      }>`select count(*)::int as count from pgboss.job where state in ('created', 'retry', 'active')`.execute(t.db);
      expect(waiting.rows).toEqual([{ count: 0 }]);
    } else {
      const outbox = (await t.app.jobs.stats()).find((job) => job.name === JOB_NAMES.outbox);
      expect(outbox).toMatchObject({ queued: 0, active: 0 });
    }
  });
});
