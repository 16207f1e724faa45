// The economy page over a year of ledger data (docs/console/economy.md; decision 100 "The economy page"):
// ECONOMY_USERS users who each walk and collect one day in ECONOMY_EVERY for ECONOMY_DAYS days, a tenth of them holding
// a card that paid cash back on the days they reached its target, seeded with one bulk `insert … select` per table and
// day on a fresh database. Measures the time to answer the page (the overview), the simulator and the dashboard's
// weeks of cover, in this process, each the median of a few runs.
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../src/db/database.js';
import { buildServices, type Config } from '../src/modules/index.js';
import { FixedClock, onEachDatabase, onFreshDatabase } from './fresh-database.js';

export const ECONOMY_USERS = Number(process.env.BENCH_ECONOMY_USERS ?? 100_000);
const ECONOMY_DAYS = Number(process.env.BENCH_ECONOMY_DAYS ?? 365);
/** Each user walks and collects one day in this many (a quarter of the users every day). */
const ECONOMY_EVERY = Number(process.env.BENCH_ECONOMY_EVERY ?? 4);
/** One user in this many holds a card (30 days, ¥3.00 a day from 6,000 steps, ×1.2), bought 20 days ago. */
const CARD_EVERY = 10;
const CARD_DAYS_AGO = 20;
const RUNS = 3;
const TODAY = '2027-06-30';
const DAY_MS = 86_400_000;

/** The service day `back` days before TODAY. */
const dayBack = (back: number) => new Date(Date.parse(`${TODAY}T00:00:00Z`) - back * DAY_MS).toISOString().slice(0, 10);
/** Noon of that day in UTC+8. */
const noonBack = (back: number) => Date.parse(`${dayBack(back)}T12:00:00+08:00`);

/** The dialect's pieces of the bulk inserts: the users as rows `u(i)`, and a number padded with zeros. */
function dialectOf(postgres: boolean) {
  return {
    users: (where: RawBuilder<unknown>) =>
      postgres
        ? sql`select i from generate_series(0, ${sql.lit(ECONOMY_USERS - 1)}) as u(i) where ${where}`
        : sql`select i from (with recursive u(i) as (select 0 union all select i + 1 from u where i < ${sql.lit(ECONOMY_USERS - 1)}) select i from u) where ${where}`,
    pad: (expression: RawBuilder<unknown>, width: number) =>
      postgres
        ? sql`lpad(cast(${expression} as text), ${sql.lit(width)}, '0')`
        : sql`printf(${sql.lit(`%0${width}d`)}, ${expression})`,
  };
}

/** The tables the seed fills most, whose secondary indexes it builds once at the end rather than row by row. */
const BULK_TABLES = ['ledger_entries', 'ledger_transfers', 'step_days'];

/** Drops the bulk tables' plain (not unique) indexes; answers the statements that make them again. */
async function dropIndexes(db: Db, postgres: boolean): Promise<string[]> {
  const tables = sql.join(BULK_TABLES);
  const { rows } = postgres
    ? await sql<{ name: string; definition: string }>`select indexname as name, indexdef as definition from pg_indexes
        where tablename in (${tables}) and indexdef like 'CREATE INDEX%'`.execute(db)
    : await sql<{ name: string; definition: string }>`select name, sql as definition from sqlite_master
        where type = 'index' and tbl_name in (${tables}) and sql like 'CREATE INDEX%'`.execute(db);
  for (const row of rows) await sql`drop index ${sql.id(row.name)}`.execute(db);
  return rows.map((row) => row.definition);
}

async function seed(db: Db, postgres: boolean): Promise<void> {
  const { users, pad } = dialectOf(postgres);
  const indexes = await dropIndexes(db, postgres);
  const all = sql`1 = 1`;
  const userId = sql`'u' || ${pad(sql`i`, 6)}`;
  const created = noonBack(ECONOMY_DAYS);
  await sql`insert into users (id, account, password_hash, invite_code, real_name_status, created_at, version)
    select ${userId}, '137' || ${pad(sql`i`, 8)}, 'bench', 'I' || ${pad(sql`i`, 8)}, 'none', ${sql.lit(created)}, 1
    from (${users(all)}) s`.execute(db);
  await sql`insert into ledger_accounts (id, code, user_id, asset, balance, allow_negative, created_at)
    select 'p' || ${pad(sql`i`, 6)}, 'user:' || ${userId} || ':POINTS', ${userId}, 'POINTS', 0, 0, ${sql.lit(created)}
    from (${users(all)}) s`.execute(db);
  const holders = sql`i % ${sql.lit(CARD_EVERY)} = 0`;
  await sql`insert into ledger_accounts (id, code, user_id, asset, balance, allow_negative, created_at)
    select 'k' || ${pad(sql`i`, 6)}, 'user:' || ${userId} || ':CNY', ${userId}, 'CNY', 0, 0, ${sql.lit(created)}
    from (${users(holders)}) s`.execute(db);
  await db
    .insertInto('ledger_accounts')
    .values(
      (['POINTS', 'CNY'] as const).map((asset) => ({
        id: `rewards-${asset}`,
        code: `system:rewards:${asset}`,
        user_id: null,
        asset,
        balance: 0,
        allow_negative: 1,
        created_at: created,
      })),
    )
    .execute();
  // The cards, bought CARD_DAYS_AGO days ago for 30 days.
  const bought = noonBack(CARD_DAYS_AGO);
  await db
    .insertInto('card_plans')
    .values({
      id: 'bench-plan',
      name: 'Bench Bronze',
      price: 9_900,
      days: 30,
      daily_target: 6_000,
      daily_cash_back: 300,
      multiplier_percent: 120,
      position: 1,
      is_active: 1,
      created_at: created,
      version: 1,
      family_id: 'bench-plan',
      retired_at: null,
      replaced_by: null,
    })
    .execute();
  await sql`insert into membership_orders (id, user_id, plan_id, amount, pay_with, status, idempotency_key, request_hash, created_at, expires_at, paid_at)
    select 'o' || ${pad(sql`i`, 6)}, ${userId}, 'bench-plan', 9900, 'online', 'paid', 'bench-order-' || ${pad(sql`i`, 6)}, 'bench', ${sql.lit(bought)}, ${sql.lit(bought)}, ${sql.lit(bought)}
    from (${users(holders)}) s`.execute(db);
  await sql`insert into member_cards (id, user_id, plan_id, order_id, starts_on, ends_on, cash_back_total, created_at)
    select 'm' || ${pad(sql`i`, 6)}, ${userId}, 'bench-plan', 'o' || ${pad(sql`i`, 6)}, ${dayBack(CARD_DAYS_AGO)}, ${dayBack(CARD_DAYS_AGO - 29)}, 0, ${sql.lit(bought)}
    from (${users(holders)}) s`.execute(db);

  // Each day: its walkers' step days, their collections (a transfer and two legs each), and the card holders' cash back.
  for (let back = ECONOMY_DAYS - 1; back >= 0; back -= 1) {
    const day = dayBack(back);
    const at = noonBack(back);
    const walks = sql`(i + ${sql.lit(back)}) % ${sql.lit(ECONOMY_EVERY)} = 0`;
    const steps = sql`(2000 + (i * 7919 + ${sql.lit(back)} * 104729) % 12000)`;
    const collect = sql`'c' || ${pad(sql.lit(ECONOMY_DAYS - back), 3)} || ${pad(sql`i`, 6)}`;
    await db.transaction().execute(async (trx) => {
      await sql`insert into step_days (user_id, day, steps, source, collected_points, reported_at)
        select ${userId}, ${day}, ${steps}, 'web', ${steps} / 100, ${sql.lit(at)} from (${users(walks)}) s`.execute(
        trx,
      );
      await sql`insert into ledger_transfers (id, kind, idempotency_key, request_hash, memo, created_at)
        select ${collect}, 'points.collect', null, null, null, ${sql.lit(at)} + i from (${users(walks)}) s`.execute(
        trx,
      );
      await sql`insert into ledger_entries (transfer_id, account_id, asset, amount, balance_after, created_at)
        select ${collect}, 'p' || ${pad(sql`i`, 6)}, 'POINTS', ${steps} / 100, 0, ${sql.lit(at)} + i from (${users(walks)}) s
        union all
        select ${collect}, 'rewards-POINTS', 'POINTS', -(${steps} / 100), 0, ${sql.lit(at)} + i from (${users(walks)}) s`.execute(
        trx,
      );
      if (back > CARD_DAYS_AGO) return;
      const paid = sql`${walks} and i % ${sql.lit(CARD_EVERY)} = 0 and ${steps} >= 6000`;
      const cashBack = sql`'b' || ${pad(sql.lit(ECONOMY_DAYS - back), 3)} || ${pad(sql`i`, 6)}`;
      await sql`insert into ledger_transfers (id, kind, idempotency_key, request_hash, memo, created_at)
        select ${cashBack}, 'card.cashback', null, null, null, ${sql.lit(at)} + i from (${users(paid)}) s`.execute(trx);
      await sql`insert into ledger_entries (transfer_id, account_id, asset, amount, balance_after, created_at)
        select ${cashBack}, 'k' || ${pad(sql`i`, 6)}, 'CNY', 300, 0, ${sql.lit(at)} + i from (${users(paid)}) s
        union all
        select ${cashBack}, 'rewards-CNY', 'CNY', -300, 0, ${sql.lit(at)} + i from (${users(paid)}) s`.execute(trx);
      await sql`insert into card_cash_backs (id, card_id, day, amount, transfer_id, created_at)
        select 'cb' || ${cashBack}, 'm' || ${pad(sql`i`, 6)}, ${day}, 300, ${cashBack}, ${sql.lit(at)} from (${users(paid)}) s`.execute(
        trx,
      );
    });
  }
  for (const definition of indexes) await sql.raw(definition).execute(db);
  // Every account's balance is the sum of its entries, as the ledger keeps it; each card's total what it paid.
  await sql`update ledger_accounts set balance = coalesce((select sum(e.amount) from ledger_entries e where e.account_id = ledger_accounts.id), 0)`.execute(
    db,
  );
  await sql`update member_cards set cash_back_total = coalesce((select sum(b.amount) from card_cash_backs b where b.card_id = member_cards.id), 0)`.execute(
    db,
  );
  if (postgres) await sql`analyze`.execute(db);
}

/** The median of `RUNS` runs of `work`, in milliseconds. */
async function timed(work: () => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const started = performance.now();
    await work();
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b)[Math.floor(RUNS / 2)]!;
}

function measureOn(label: string, database: Config['database']): Promise<string[]> {
  return onFreshDatabase(database, async (db, config) => {
    const seedStart = performance.now();
    await seed(db, database.dialect === 'postgres');
    const seeded = ((performance.now() - seedStart) / 1000).toFixed(0);
    const transfers = await db
      .selectFrom('ledger_transfers')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    process.stdout.write(
      `${label}: seeded ${ECONOMY_USERS.toLocaleString('en-US')} users, ${Number(transfers.n).toLocaleString('en-US')} transfers in ${seeded} s\n`,
    );
    const services = buildServices(config, db, { clock: new FixedClock(Date.parse(`${TODAY}T18:00:00+08:00`)) });
    await services.ruleBook.versions();
    const overview = await services.admin.economy.overview();
    if (overview.days.at(-2)?.stepPoints === 0 || overview.owed.activeCards === 0) {
      throw new Error(`the seeded economy reads empty: ${JSON.stringify(overview.days.at(-2))}`);
    }
    const page = await timed(() => services.admin.economy.overview());
    const simulate = await timed(() =>
      services.admin.economy.simulate({ stepsPerPoint: 200, exchangeCashPerUnit: 80 }),
    );
    const cover = await timed(() => services.economy.cover());
    const ms = (value: number) => `${Math.round(value).toLocaleString('en-US')} ms`;
    const what = `${ECONOMY_USERS.toLocaleString('en-US')} users, ${ECONOMY_DAYS} days (${Number(transfers.n).toLocaleString('en-US')} transfers: one user in ${ECONOMY_EVERY} collects each day, one in ${CARD_EVERY} holds a card)`;
    return [
      `| ${label}: economy page \`GET /api/console/economy\` (owed, 28 days of cost, forecast), ${what}, median of ${RUNS} | ${ms(page)} |`,
      `| ${label}: economy simulator, the last 30 days' step days earned again | ${ms(simulate)} |`,
      `| ${label}: the weeks of cover read afresh (the dashboard and \`/metrics\` keep them a minute) | ${ms(cover)} |`,
    ];
  });
}

/** The economy lines, on SQLite and on a throwaway PostgreSQL server (`only`: one of them). */
export function economyLines(only: string | undefined): Promise<string[]> {
  return onEachDatabase(only, measureOn);
}
