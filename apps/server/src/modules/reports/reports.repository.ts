import type { DashboardSocial } from '@stride/contract';
import { sql } from 'kysely';
import type { Executor } from '../../db/executor.js';
import { DAY_MS } from '../../lib/clock.js';

/**
 * Read-only aggregates for the dashboard (decision 027 "The console's dashboard"). Each query groups in the database
 * and answers a few rows (grouped by position, so both databases see one expression); days are computed from the
 * instant plus the business offset with integer division, which SQLite and PostgreSQL agree on for the positive
 * instants stored here.
 */

/** Users' legs of the ledger per business day, transfer kind and asset: credits and debits apart. */
export interface LedgerDayRow {
  bucket: number;
  kind: string;
  asset: string;
  credits: number;
  debits: number;
}

export interface StepDayRow {
  day: string;
  walkers: number;
  steps: number;
}

export interface CountDayRow {
  bucket: number;
  count: number;
  amount: number;
}

/** A queue's size: a small function per queue, listed in `QUEUE_COUNTS`. */
export type QueueCount = (db: Executor, now: number) => Promise<number>;

async function countOf(query: Promise<{ count: string | number | bigint } | undefined>): Promise<number> {
  return Number((await query)?.count ?? 0);
}

/** Every operator queue the dashboard counts, in the order it shows them. One more queue is one more line. */
export const QUEUE_COUNTS: readonly { key: string; count: QueueCount }[] = [
  {
    key: 'identity',
    count: (db) =>
      countOf(
        db
          .selectFrom('identities')
          .select((eb) => eb.fn.countAll().as('count'))
          .where('status', '=', 'pending')
          .executeTakeFirst(),
      ),
  },
  {
    key: 'face',
    count: (db) =>
      countOf(
        db
          .selectFrom('identities')
          .select((eb) => eb.fn.countAll().as('count'))
          .where('face_status', '=', 'pending')
          .executeTakeFirst(),
      ),
  },
  {
    key: 'withdrawals',
    count: (db) =>
      countOf(
        db
          .selectFrom('withdrawals')
          .select((eb) => eb.fn.countAll().as('count'))
          .where('status', '=', 'pending')
          .executeTakeFirst(),
      ),
  },
  {
    key: 'goods-orders',
    count: (db) =>
      countOf(
        db
          .selectFrom('goods_orders')
          .select((eb) => eb.fn.countAll().as('count'))
          .where('status', '=', 'to_ship')
          .executeTakeFirst(),
      ),
  },
  {
    key: 'card-mailings',
    count: (db) =>
      countOf(
        db
          .selectFrom('card_mailings')
          .select((eb) => eb.fn.countAll().as('count'))
          .where('status', '=', 'requested')
          .executeTakeFirst(),
      ),
  },
  {
    // Balance corrections waiting for a second finance operator (decision 023 "Money under four eyes").
    key: 'corrections',
    count: (db) =>
      countOf(
        db
          .selectFrom('balance_corrections')
          .select((eb) => eb.fn.countAll().as('count'))
          .where('status', '=', 'pending')
          .executeTakeFirst(),
      ),
  },
  {
    // Days whose rewards wait for a reviewer (decision 029 "Steps from every source").
    key: 'flagged-days',
    count: (db) =>
      countOf(
        db
          .selectFrom('step_reviews')
          .select((eb) => eb.fn.countAll().as('count'))
          .where('status', '=', 'flagged')
          .executeTakeFirst(),
      ),
  },
  {
    // Invite rewards a referral ring held for a reviewer (decision 101 "Referral rings caught").
    key: 'invite-rewards',
    count: (db) =>
      countOf(
        db
          .selectFrom('invite_rewards')
          .select((eb) => eb.fn.countAll().as('count'))
          .where('status', '=', 'held')
          .executeTakeFirst(),
      ),
  },
  {
    // Appeals waiting for a reviewer, and those past their due time (decision 102 "Appeals with a deadline").
    key: 'appeals',
    count: (db) =>
      countOf(
        db
          .selectFrom('appeals')
          .select((eb) => eb.fn.countAll().as('count'))
          .where('status', '=', 'open')
          .executeTakeFirst(),
      ),
  },
  {
    key: 'appeals-overdue',
    count: (db, now) =>
      countOf(
        db
          .selectFrom('appeals')
          .select((eb) => eb.fn.countAll().as('count'))
          .where('status', '=', 'open')
          .where('due_at', '<', now)
          .executeTakeFirst(),
      ),
  },
];

export class ReportsRepository {
  /**
   * Users' ledger legs since `from` (an instant), per business day (`bucket`, days since the epoch).
   * A transfer and its entries share one instant, so both sides are read by range, not whole.
   */
  async ledgerByDay(db: Executor, from: number, offsetMs: number): Promise<LedgerDayRow[]> {
    const bucket = sql<number>`(e.created_at + ${sql.lit(offsetMs)}) / ${sql.lit(DAY_MS)}`;
    const result = await sql<{ bucket: unknown; kind: string; asset: string; credits: unknown; debits: unknown }>`
      select ${bucket} as bucket, t.kind as kind, e.asset as asset,
        sum(case when e.amount > 0 then e.amount else 0 end) as credits,
        sum(case when e.amount < 0 then -e.amount else 0 end) as debits
      from ledger_entries e
      join ledger_accounts a on a.id = e.account_id
      join ledger_transfers t on t.id = e.transfer_id
      where e.created_at >= ${from} and t.created_at >= ${from} and a.user_id is not null
      group by 1, 2, 3`.execute(db);
    return result.rows.map((row) => ({
      bucket: Number(row.bucket),
      kind: row.kind,
      asset: row.asset,
      credits: Number(row.credits),
      debits: Number(row.debits),
    }));
  }

  /** Walkers (a count above zero) and steps per day, from `fromDay` on. */
  async stepsByDay(db: Executor, fromDay: string): Promise<StepDayRow[]> {
    const rows = await db
      .selectFrom('step_days')
      .select([
        'day',
        sql<number>`count(case when steps > 0 then 1 end)`.as('walkers'),
        sql<number>`sum(steps)`.as('steps'),
      ])
      .where('day', '>=', fromDay)
      .groupBy('day')
      .execute();
    return rows.map((row) => ({ day: row.day, walkers: Number(row.walkers), steps: Number(row.steps) }));
  }

  /** Membership orders paid since `from`, per business day: how many and for how much. */
  async cardSalesByDay(db: Executor, from: number, offsetMs: number): Promise<CountDayRow[]> {
    const bucket = sql<number>`(paid_at + ${sql.lit(offsetMs)}) / ${sql.lit(DAY_MS)}`;
    const result = await sql<{ bucket: unknown; count: unknown; amount: unknown }>`
      select ${bucket} as bucket, count(*) as count, sum(amount) as amount
      from membership_orders
      where status = 'paid' and paid_at >= ${from}
      group by 1`.execute(db);
    return result.rows.map(toCountRow);
  }

  /** Withdrawals paid since `from`, per business day: how many and what the bank received. */
  async withdrawalsPaidByDay(db: Executor, from: number, offsetMs: number): Promise<CountDayRow[]> {
    const bucket = sql<number>`(paid_at + ${sql.lit(offsetMs)}) / ${sql.lit(DAY_MS)}`;
    const result = await sql<{ bucket: unknown; count: unknown; amount: unknown }>`
      select ${bucket} as bucket, count(*) as count, sum(received) as amount
      from withdrawals
      where status = 'paid' and paid_at >= ${from}
      group by 1`.execute(db);
    return result.rows.map(toCountRow);
  }

  /**
   * What users hold per asset, summed from the ledger's entries (not the accounts' running
   * balances, which the ledger's invariant check compares against these same entries).
   */
  async userHoldings(db: Executor): Promise<{ asset: string; total: number }[]> {
    const rows = await db
      .selectFrom('ledger_entries as e')
      .innerJoin('ledger_accounts as a', 'a.id', 'e.account_id')
      .select(['e.asset', sql<number>`sum(e.amount)`.as('total')])
      .where('a.user_id', 'is not', null)
      .groupBy('e.asset')
      .execute();
    return rows.map((row) => ({ asset: row.asset, total: Number(row.total) }));
  }

  /**
   * Friends and clubs now (docs/console/dashboard.md): pairs who are friends; users with a friend who walked (a count
   * above zero) on a day from `from` to `to`, read from that week's days by their day index, each checked against
   * the pairs' user-and-state indexes; open clubs, and those of them verified; the challenges under way on `to`
   * and their participants, from each challenge's kept count.
   */
  async social(db: Executor, from: string, to: string): Promise<DashboardSocial> {
    const [friendships, active, clubs, challenges] = await Promise.all([
      countOf(
        db
          .selectFrom('friend_pairs')
          .select((eb) => eb.fn.countAll().as('count'))
          .where('status', '=', 'friends')
          .executeTakeFirst(),
      ),
      countOf(
        db
          .selectFrom('step_days as d')
          .select((eb) => eb.fn.count('d.user_id').distinct().as('count'))
          .where('d.day', '>=', from)
          .where('d.day', '<=', to)
          .where('d.steps', '>', 0)
          .where((eb) => {
            const hasFriend = (side: 'p.user_low' | 'p.user_high') =>
              eb.exists(
                eb
                  .selectFrom('friend_pairs as p')
                  .select(sql.lit(1).as('one'))
                  .whereRef(side, '=', 'd.user_id')
                  .where('p.status', '=', 'friends'),
              );
            return eb.or([hasFriend('p.user_low'), hasFriend('p.user_high')]);
          })
          .executeTakeFirst(),
      ),
      db
        .selectFrom('clubs')
        .select([
          (eb) => eb.fn.countAll().as('open'),
          sql<number>`count(case when verified_at is not null then 1 end)`.as('verified'),
        ])
        .where('closed_at', 'is', null)
        .executeTakeFirstOrThrow(),
      db
        .selectFrom('challenges')
        .select([
          (eb) => eb.fn.countAll().as('running'),
          (eb) => eb.fn.coalesce(eb.fn.sum<number>('participant_count'), sql.lit(0)).as('participants'),
        ])
        .where('status', '=', 'open')
        .where('starts_on', '<=', to)
        .where('ends_on', '>=', to)
        .executeTakeFirstOrThrow(),
    ]);
    return {
      friends: { friendships, activeThisWeek: active },
      clubs: { open: Number(clubs.open), verified: Number(clubs.verified) },
      challenges: { running: Number(challenges.running), participants: Number(challenges.participants) },
    };
  }

  async queueCounts(db: Executor, now: number): Promise<{ key: string; count: number }[]> {
    return Promise.all(QUEUE_COUNTS.map(async ({ key, count }) => ({ key, count: await count(db, now) })));
  }
}

function toCountRow(row: { bucket: unknown; count: unknown; amount: unknown }): CountDayRow {
  return { bucket: Number(row.bucket), count: Number(row.count), amount: Number(row.amount) };
}
