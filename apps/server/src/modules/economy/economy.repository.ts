import { sql } from 'kysely';
import type { Executor } from '../../db/executor.js';
import { DAY_MS } from '../../lib/clock.js';

/**
 * The economy's reads and the daily cap's counter (decision 100 "The economy page"). Each read groups in the database
 * and answers a few rows; days of the ledger are its instants plus the business offset with integer division, as the
 * dashboard's (reports.repository.ts); every number bound into arithmetic is cast to an integer, so that SQLite,
 * which binds a JavaScript number as a real, divides as PostgreSQL does.
 */

/** The ledger kinds the economy counts as its cost, each credited to users. */
export const COST_KINDS = ['points.collect', 'invite.reward', 'challenge.prize', 'card.cashback'] as const;
export type CostKind = (typeof COST_KINDS)[number];

/** What users were credited of one cost kind on one business day (`bucket`: days since the epoch). */
export interface CostRow {
  bucket: number;
  kind: CostKind;
  amount: number;
}

/** Active cards alike in what they can still pay: their days, daily cash back and what is left of their price. */
export interface CardsDueRow {
  startsOn: string;
  endsOn: string;
  dailyCashBack: number;
  rest: number;
  paidToday: boolean;
  cards: number;
}

/** A top-up of the reserve: its transfer, amount, reference and instant. */
export interface DepositRow {
  transferId: string;
  amount: number;
  reference: string;
  at: number;
}

const int = (value: number) => sql<number>`cast(${value} as bigint)`;

/** The daily caps' counters: points credited for steps (decision 100) and cash back paid (decision 103). */
export type CapCounter = 'points' | 'cash';
const COUNTERS = {
  points: { table: 'economy_days', column: 'points_issued', kind: 'points.collect' },
  cash: { table: 'cash_cap_days', column: 'cash_paid', kind: 'card.cashback' },
} as const satisfies Record<CapCounter, { table: string; column: string; kind: CostKind }>;

export class EconomyRepository {
  /**
   * What users were credited per business day and cost kind from `from` to `before` (instants): one statement for
   * every day. Each of these kinds moves points or cash from one system account to users, so its positive legs are
   * the users' credits, read without their accounts. A transfer and its entries share one instant, so both are read
   * by range.
   */
  async costByDay(db: Executor, from: number, before: number, offsetMs: number): Promise<CostRow[]> {
    const bucket = sql<number>`(e.created_at + ${sql.lit(offsetMs)}) / ${sql.lit(DAY_MS)}`;
    const result = await sql<{ bucket: unknown; kind: CostKind; amount: unknown }>`
      select ${bucket} as bucket, t.kind as kind, sum(e.amount) as amount
      from ledger_transfers t
      join ledger_entries e on e.transfer_id = t.id
      where t.created_at >= ${from} and t.created_at < ${before}
        and e.created_at >= ${from} and e.created_at < ${before}
        and t.kind in (${sql.join(COST_KINDS)})
        and e.amount > 0
      group by 1, 2`.execute(db);
    return result.rows.map((row) => ({ bucket: Number(row.bucket), kind: row.kind, amount: Number(row.amount) }));
  }

  /** Cards that can still pay cash back on `today` or later, grouped by what decides how much. */
  async cardsDue(db: Executor, today: string): Promise<CardsDueRow[]> {
    const rows = await db
      .selectFrom('member_cards as c')
      .innerJoin('card_plans as p', 'p.id', 'c.plan_id')
      .select([
        'c.starts_on',
        'c.ends_on',
        'p.daily_cash_back',
        sql<number>`p.price - c.cash_back_total`.as('rest'),
        sql<number>`case when exists (select 1 from card_cash_backs b where b.card_id = c.id and b.day = ${today}) then 1 else 0 end`.as(
          'paid_today',
        ),
        (eb) => eb.fn.countAll<number>().as('cards'),
      ])
      .where('c.ends_on', '>=', today)
      .where('p.daily_cash_back', '>', 0)
      .whereRef('c.cash_back_total', '<', 'p.price')
      .groupBy([sql`1`, sql`2`, sql`3`, sql`4`, sql`5`])
      .execute();
    return rows.map((row) => ({
      startsOn: row.starts_on,
      endsOn: row.ends_on,
      dailyCashBack: Number(row.daily_cash_back),
      rest: Number(row.rest),
      paidToday: Number(row.paid_today) === 1,
      cards: Number(row.cards),
    }));
  }

  /** An account's first entry (its id and instant), or none. */
  firstEntry(db: Executor, code: string): Promise<{ id: number; created_at: number } | undefined> {
    return db
      .selectFrom('ledger_entries as e')
      .innerJoin('ledger_accounts as a', 'a.id', 'e.account_id')
      .select(['e.id', 'e.created_at'])
      .where('a.code', '=', code)
      .orderBy('e.id')
      .limit(1)
      .executeTakeFirst()
      .then((row) => row && { id: Number(row.id), created_at: Number(row.created_at) });
  }

  /** An account's balance just before the entry `id` (0 when it had none): one row of its entries' index. */
  async balanceBefore(db: Executor, code: string, id: number): Promise<number> {
    const row = await db
      .selectFrom('ledger_entries as e')
      .innerJoin('ledger_accounts as a', 'a.id', 'e.account_id')
      .select('e.balance_after')
      .where('a.code', '=', code)
      .where('e.id', '<', id)
      .orderBy('e.id', 'desc')
      .limit(1)
      .executeTakeFirst();
    return Number(row?.balance_after ?? 0);
  }

  /**
   * The latest credits of an account by one transfer kind, newest first, with the transfer's memo; `transferId`: that
   * transfer's only.
   */
  async credits(
    db: Executor,
    code: string,
    kind: string,
    { limit, transferId }: { limit: number; transferId?: string },
  ): Promise<DepositRow[]> {
    let query = db
      .selectFrom('ledger_entries as e')
      .innerJoin('ledger_accounts as a', 'a.id', 'e.account_id')
      .innerJoin('ledger_transfers as t', 't.id', 'e.transfer_id')
      .select(['e.transfer_id', 'e.amount', 't.memo', 'e.created_at'])
      .where('a.code', '=', code)
      .where('t.kind', '=', kind)
      .where('e.amount', '>', 0);
    if (transferId) query = query.where('e.transfer_id', '=', transferId);
    const rows = await query.orderBy('e.id', 'desc').limit(limit).execute();
    return rows.map((row) => ({
      transferId: row.transfer_id,
      amount: Number(row.amount),
      reference: row.memo ?? '',
      at: Number(row.created_at),
    }));
  }

  /**
   * Points the stored step days from `from` to `to` earn with these rules, per day: 1 point per `stepsPerPoint`
   * credited steps up to `pointsDailyMax`, times the best multiplier among the cards active that day (at least ×1), as
   * walking computes it (rewards.ts, `pointsEarned`); days a reviewer rejected earn nothing.
   */
  async earnedByDay(
    db: Executor,
    range: { from: string; to: string },
    rules: { stepsPerPoint: number; pointsDailyMax: number },
  ): Promise<{ day: string; points: number }[]> {
    const perStep = int(rules.stepsPerPoint);
    const max = int(rules.pointsDailyMax);
    const result = await sql<{ day: string; points: unknown }>`
      select day, sum(base * (case when percent > 100 then percent else 100 end) / 100) as points
      from (
        select d.day as day,
          case when d.steps / ${perStep} < ${max} then d.steps / ${perStep} else ${max} end as base,
          coalesce((
            select max(p.multiplier_percent) from member_cards c join card_plans p on p.id = c.plan_id
            where c.user_id = d.user_id and c.starts_on <= d.day and c.ends_on >= d.day
          ), 100) as percent
        from step_days d
        where d.day >= ${range.from} and d.day <= ${range.to} and d.steps >= ${perStep}
          and not exists (
            select 1 from step_reviews r where r.user_id = d.user_id and r.day = d.day and r.status = 'rejected'
          )
      ) earned
      group by day`.execute(db);
    return result.rows.map((row) => ({ day: row.day, points: Number(row.points) }));
  }

  /**
   * The cap's row for `day`, opened once (a concurrent first one does nothing) at what the ledger credited users of its
   * kind from `from` to `before`, the day's start and end: a cap switched on during the day counts what was credited
   * before it.
   */
  async openDay(db: Executor, counter: CapCounter, day: string, from: number, before: number): Promise<void> {
    const { table, column, kind } = COUNTERS[counter];
    await sql`
      insert into ${sql.table(table)} (day, ${sql.ref(column)}, last_taken)
      select ${day}, coalesce(sum(e.amount), 0), 0
      from ledger_transfers t
      join ledger_entries e on e.transfer_id = t.id
      where t.created_at >= ${from} and t.created_at < ${before}
        and e.created_at >= ${from} and e.created_at < ${before}
        and t.kind = ${kind} and e.amount > 0
      on conflict (day) do nothing`.execute(db);
  }

  /**
   * Takes up to `wanted` from the day's cap in one statement (the row's lock until the caller's transaction ends): what
   * is left when `partial`, else all of it or nothing. Answers what it took.
   */
  async take(
    db: Executor,
    counter: CapCounter,
    day: string,
    wanted: number,
    cap: number,
    partial: boolean,
  ): Promise<number> {
    const { table, column } = COUNTERS[counter];
    const [want, limit, taken] = [int(wanted), int(cap), sql.ref(column)];
    const fits = sql`${taken} + ${want} <= ${limit}`;
    const result = await sql<{ last_taken: unknown }>`
      update ${sql.table(table)} set
        last_taken = case when ${fits} then ${want} else ${limit} - ${taken} end,
        ${taken} = case when ${fits} then ${taken} + ${want} else ${limit} end
      where day = ${day} and ${taken} < ${limit} ${partial ? sql`` : sql`and ${fits}`}
      returning last_taken`.execute(db);
    return Number(result.rows[0]?.last_taken ?? 0);
  }

  /** What the day's cap counted so far (0 before its first take). */
  async taken(db: Executor, counter: CapCounter, day: string): Promise<number> {
    const { table, column } = COUNTERS[counter];
    const result = await sql<{ taken: unknown }>`
      select ${sql.ref(column)} as taken from ${sql.table(table)} where day = ${day}`.execute(db);
    return Number(result.rows[0]?.taken ?? 0);
  }

  async hold(db: Executor, userId: string, day: string, now: number): Promise<void> {
    await db
      .insertInto('points_cap_holds')
      .values({ user_id: userId, day, held_at: now })
      .onConflict((conflict) => conflict.columns(['user_id', 'day']).doNothing())
      .execute();
  }

  /** The user's days before `day` whose points the cap held, oldest first. */
  async holds(db: Executor, userId: string, day: string): Promise<string[]> {
    const rows = await db
      .selectFrom('points_cap_holds')
      .select('day')
      .where('user_id', '=', userId)
      .where('day', '<', day)
      .orderBy('day')
      .execute();
    return rows.map((row) => row.day);
  }

  async release(db: Executor, userId: string, day: string): Promise<void> {
    await db.deleteFrom('points_cap_holds').where('user_id', '=', userId).where('day', '=', day).execute();
  }

  /** Marks a card's `day` as holding cash back the cap held back (once). */
  async holdCashBack(db: Executor, hold: { cardId: string; userId: string; day: string }, now: number): Promise<void> {
    await db
      .insertInto('cash_back_cap_holds')
      .values({ card_id: hold.cardId, user_id: hold.userId, day: hold.day, held_at: now })
      .onConflict((conflict) => conflict.columns(['card_id', 'day']).doNothing())
      .execute();
  }

  /** Users' days holding cash back the cap held, oldest first, a page at a time after (`day`, `userId`). */
  async cashBackHolds(
    db: Executor,
    after: { day: string; userId: string },
    limit: number,
  ): Promise<{ day: string; userId: string }[]> {
    const rows = await db
      .selectFrom('cash_back_cap_holds')
      .select(['day', 'user_id'])
      .distinct()
      .where((eb) =>
        eb.or([eb('day', '>', after.day), eb.and([eb('day', '=', after.day), eb('user_id', '>', after.userId)])]),
      )
      .orderBy('day')
      .orderBy('user_id')
      .limit(limit)
      .execute();
    return rows.map((row) => ({ day: row.day, userId: row.user_id }));
  }

  /** The user's cards whose `day` holds cash back the cap held. */
  async cashBackHeldCards(db: Executor, userId: string, day: string): Promise<string[]> {
    const rows = await db
      .selectFrom('cash_back_cap_holds')
      .select('card_id')
      .where('day', '=', day)
      .where('user_id', '=', userId)
      .execute();
    return rows.map((row) => row.card_id);
  }

  async releaseCashBack(db: Executor, cardId: string, day: string): Promise<void> {
    await db.deleteFrom('cash_back_cap_holds').where('card_id', '=', cardId).where('day', '=', day).execute();
  }

  /**
   * What the cards holding cash back the cap held can still pay for those days: per card its daily cash back for each
   * held day, never beyond what is left of its price.
   */
  async cashBackHeldOwed(db: Executor): Promise<number> {
    const result = await sql<{ owed: unknown }>`
      select coalesce(sum(case when held.days * p.daily_cash_back < p.price - c.cash_back_total
        then held.days * p.daily_cash_back else p.price - c.cash_back_total end), 0) as owed
      from (select card_id, count(*) as days from cash_back_cap_holds group by card_id) held
      join member_cards c on c.id = held.card_id
      join card_plans p on p.id = c.plan_id
      where c.cash_back_total < p.price`.execute(db);
    return Number(result.rows[0]?.owed ?? 0);
  }
}
