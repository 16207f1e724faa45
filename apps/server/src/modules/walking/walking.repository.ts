import { sql, type Insertable, type Selectable } from 'kysely';
import type { Executor } from '../../db/executor.js';
import { deletedCount, pageOf, rowsOfUser, updatedOne } from '../../db/queries.js';
import { prepared } from '../../db/prepared.js';
import { mondayOf } from '../../lib/business-day.js';
import { DAY_MS } from '../../lib/clock.js';
import { creditedSteps, heldSteps } from './step-totals.js';
import type {
  ExchangesTable,
  HomeItemsTable,
  PointCollectionsTable,
  StepDaysTable,
  StepRefusalsTable,
  StepReviewsTable,
  StepSourcesTable,
} from '../../db/schema.js';

// Home reads the user's part of it on every call, and every exchange writes its row: prepared
// once and sent with each call's values (decisions 068 "Queries built once on the hot paths" and 070 "The bench's paced
// lines, and prepared queries as named statements").

/**
 * Everything of a user's own that home shows, in one statement (decision 072 "Home reads the user's own part in one
 * statement"): the day's counts and its review, the two balances (by the ledger's account codes), and the cards active
 * on the day with their plans and whether the day's cash back was paid on each. One row per active card,
 * the highest daily target first, then the oldest; one row whose card columns are null when the
 * user has none. A column is null where its row does not exist (no steps, no review, an account
 * not opened yet).
 */
const selectHomeOfUser = prepared((db, userId: string, day: string, pointsCode: string, cashCode: string) =>
  db
    .selectFrom(
      sql<{
        user_id: string;
        day: string;
        points_code: string;
        cash_code: string;
      }>`(select ${userId} as user_id, ${day} as day, ${pointsCode} as points_code, ${cashCode} as cash_code)`.as('k'),
    )
    .leftJoin('step_days as d', (join) => join.onRef('d.user_id', '=', 'k.user_id').onRef('d.day', '=', 'k.day'))
    .leftJoin('step_reviews as r', (join) => join.onRef('r.user_id', '=', 'k.user_id').onRef('r.day', '=', 'k.day'))
    .leftJoin('ledger_accounts as pa', 'pa.code', 'k.points_code')
    .leftJoin('ledger_accounts as ca', 'ca.code', 'k.cash_code')
    .leftJoin('member_cards as c', (join) =>
      join.onRef('c.user_id', '=', 'k.user_id').onRef('c.starts_on', '<=', 'k.day').onRef('c.ends_on', '>=', 'k.day'),
    )
    .leftJoin('card_plans as p', 'p.id', 'c.plan_id')
    .leftJoin('card_cash_backs as b', (join) => join.onRef('b.card_id', '=', 'c.id').onRef('b.day', '=', 'k.day'))
    // Today's cash back the daily cash cap held (decision 103 "A daily cap on cash back paid").
    .leftJoin('cash_back_cap_holds as h', (join) => join.onRef('h.card_id', '=', 'c.id').onRef('h.day', '=', 'k.day'))
    .select([
      'd.steps',
      'd.collected_points',
      'r.status',
      'r.reasons',
      'r.created_at',
      'r.decided_at',
      'pa.balance as points',
      'ca.balance as cash',
      'c.id as card_id',
      'c.ends_on as card_ends_on',
      'p.name as plan_name',
      'p.default_language as plan_default_language',
      'p.translations as plan_translations',
      'p.daily_target as plan_daily_target',
      'p.daily_cash_back as plan_daily_cash_back',
      'p.multiplier_percent as plan_multiplier_percent',
      'b.card_id as cash_back_card_id',
      'h.card_id as cash_back_held_card_id',
      'c.cash_back_total as card_cash_back_total',
      'p.price as plan_price',
      // Points that reviews of earlier days released and the user has not collected (decision 078 "A held step day is
      // never a dead end").
      (eb) =>
        eb
          .selectFrom('step_reviews as rr')
          .select((inner) => inner.fn.coalesce(inner.fn.sum<number>('rr.released_points'), sql<number>`0`).as('n'))
          .whereRef('rr.user_id', '=', 'k.user_id')
          .where('rr.status', '=', 'cleared')
          .where('rr.released_collected_at', 'is', null)
          .whereRef('rr.day', '<', 'k.day')
          .as('released_points'),
    ])
    .orderBy('p.daily_target', 'desc')
    .orderBy('c.created_at'),
);

/**
 * An active card as home shows it: its plan's figures, whether the day's cash back was paid, and whether the daily cash
 * cap holds it.
 */
export interface HomeCard {
  id: string;
  ends_on: string;
  cashBackEarned: boolean;
  cashBackCapped: boolean;
  cash_back_total: number;
  plan: {
    price: number;
    name: string;
    default_language: string;
    translations: string;
    daily_target: number;
    daily_cash_back: number;
    multiplier_percent: number;
  };
}

/** The user's part of home (selectHomeOfUser). */
export interface HomeOfUser {
  stepDay: Pick<StepDayRow, 'steps' | 'collected_points'> | undefined;
  review: StepReviewSummaryRow | undefined;
  points: number;
  cash: number;
  cards: HomeCard[];
  /** Points of earlier days released by a review and not collected yet. */
  releasedPoints: number;
}

const insertExchangeRow = prepared(
  (db, id: string, userId: string, transferId: string, points: number, amount: number, createdAt: number) =>
    db
      .insertInto('exchanges')
      .values({ id, user_id: userId, transfer_id: transferId, points, amount, created_at: createdAt }),
);

export type StepDayRow = StepDaysTable;
export type ExchangeRow = ExchangesTable;
export type HomeItemRow = Selectable<HomeItemsTable>;
export type StepSourceRow = StepSourcesTable;
export type StepRefusalRow = StepRefusalsTable;
export type StepReviewRow = Omit<StepReviewsTable, 'version'> & { version: number };
/** A review with what the console shows beside it: the account and the day's count. */
export type StepReviewListRow = StepReviewRow & { account: string; steps: number; collected_points: number };
/** What a user's own history and receipt show of a review. */
export type StepReviewSummaryRow = Pick<StepReviewRow, 'day' | 'status' | 'reasons' | 'created_at' | 'decided_at'>;
/** A user's review with what its clearing released (decision 078 "A held step day is never a dead end"). */
export type StepReviewOfUserRow = StepReviewSummaryRow &
  Pick<StepReviewRow, 'released_points' | 'released_collected_at'>;

export class WalkingRepository {
  /**
   * Reads the day's row under a write lock: a no-op update takes PostgreSQL's row lock (SQLite
   * already runs one writer at a time), so what we read cannot change before we write.
   */
  lockStepDay(db: Executor, userId: string, day: string): Promise<StepDayRow | undefined> {
    return db
      .updateTable('step_days')
      .set((eb) => ({ steps: eb.ref('steps') }))
      .where('user_id', '=', userId)
      .where('day', '=', day)
      .returningAll()
      .executeTakeFirst();
  }

  /** The day's step rows with at least `minSteps`, for the points reminder. */
  stepDaysOn(db: Executor, day: string, minSteps: number): Promise<StepDayRow[]> {
    return db.selectFrom('step_days').selectAll().where('day', '=', day).where('steps', '>=', minSteps).execute();
  }

  findStepDay(db: Executor, userId: string, day: string): Promise<StepDayRow | undefined> {
    return db
      .selectFrom('step_days')
      .selectAll()
      .where('user_id', '=', userId)
      .where('day', '=', day)
      .executeTakeFirst();
  }

  /**
   * Home's reads of the user's own data in one statement (decision 072 "Home reads the user's own part in one
   * statement").
   */
  async findHomeOfUser(
    db: Executor,
    userId: string,
    day: string,
    codes: { points: string; cash: string },
  ): Promise<HomeOfUser> {
    const rows = await selectHomeOfUser(db, userId, day, codes.points, codes.cash);
    const row = rows[0];
    const cards: HomeCard[] = [];
    for (const card of rows) {
      if (card.card_id === null || card.card_ends_on === null || card.plan_name === null) continue;
      cards.push({
        id: card.card_id,
        ends_on: card.card_ends_on,
        cashBackEarned: card.cash_back_card_id !== null,
        cashBackCapped: card.cash_back_card_id === null && card.cash_back_held_card_id !== null,
        cash_back_total: Number(card.card_cash_back_total ?? 0),
        plan: {
          price: Number(card.plan_price ?? 0),
          name: card.plan_name,
          default_language: card.plan_default_language ?? '',
          translations: card.plan_translations ?? '{}',
          daily_target: Number(card.plan_daily_target),
          daily_cash_back: Number(card.plan_daily_cash_back),
          multiplier_percent: Number(card.plan_multiplier_percent),
        },
      });
    }
    return {
      stepDay:
        row?.steps === null || row?.steps === undefined
          ? undefined
          : { steps: Number(row.steps), collected_points: Number(row.collected_points ?? 0) },
      review:
        row?.status === null || row?.status === undefined
          ? undefined
          : {
              day,
              status: row.status,
              reasons: row.reasons ?? '[]',
              created_at: Number(row.created_at),
              decided_at: row.decided_at === null ? null : Number(row.decided_at),
            },
      points: Number(row?.points ?? 0),
      cash: Number(row?.cash ?? 0),
      cards,
      releasedPoints: Number(row?.released_points ?? 0),
    };
  }

  findStepSource(db: Executor, userId: string, day: string, source: string): Promise<StepSourceRow | undefined> {
    return db
      .selectFrom('step_sources')
      .selectAll()
      .where('user_id', '=', userId)
      .where('day', '=', day)
      .where('source', '=', source)
      .executeTakeFirst();
  }

  /** Inserts or raises a source's count (callers hold the day's lock and only ever raise it). */
  async saveStepSource(db: Executor, row: StepSourceRow): Promise<void> {
    await db
      .insertInto('step_sources')
      .values(row)
      .onConflict((oc) =>
        oc.columns(['user_id', 'day', 'source']).doUpdateSet({ steps: row.steps, reported_at: row.reported_at }),
      )
      .execute();
  }

  listStepSources(db: Executor, userId: string, day: string): Promise<StepSourceRow[]> {
    return db
      .selectFrom('step_sources')
      .selectAll()
      .where('user_id', '=', userId)
      .where('day', '=', day)
      .orderBy('steps', 'desc')
      .orderBy('source')
      .execute();
  }

  /** Records a refusal unless the day already holds `limit` of them. */
  async insertRefusal(db: Executor, row: StepRefusalRow, limit: number): Promise<void> {
    const count = await db
      .selectFrom('step_refusals')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', row.user_id)
      .where('day', '=', row.day)
      .executeTakeFirstOrThrow();
    if (Number(count.n) >= limit) return;
    await db.insertInto('step_refusals').values(row).execute();
  }

  /**
   * Whether the day already keeps this refusal of this source for this count (a connection's `lowered`, decision 086
   * "Connected wearable accounts").
   */
  async hasRefusal(
    db: Executor,
    refusal: { userId: string; day: string; source: string; reason: string; steps: number },
  ): Promise<boolean> {
    const row = await db
      .selectFrom('step_refusals')
      .select('id')
      .where('user_id', '=', refusal.userId)
      .where('day', '=', refusal.day)
      .where('source', '=', refusal.source)
      .where('reason', '=', refusal.reason)
      .where('steps', '=', refusal.steps)
      .executeTakeFirst();
    return row !== undefined;
  }

  listRefusals(db: Executor, userId: string, day: string): Promise<StepRefusalRow[]> {
    return db
      .selectFrom('step_refusals')
      .selectAll()
      .where('user_id', '=', userId)
      .where('day', '=', day)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  }

  /** A user's days with steps, oldest first; `from`/`to` inclusive when given. */
  /** When the account was made (history starts on its first day, or on an imported earlier one). */
  async userCreatedAt(db: Executor, userId: string): Promise<number | undefined> {
    const row = await db.selectFrom('users').select('created_at').where('id', '=', userId).executeTakeFirst();
    return row?.created_at;
  }

  /** The user's first day with steps: a health export may bring days from before the account. */
  async firstStepDay(db: Executor, userId: string): Promise<string | undefined> {
    const row = await db
      .selectFrom('step_days')
      .select((eb) => eb.fn.min('day').as('first'))
      .where('user_id', '=', userId)
      .where('steps', '>', 0)
      .executeTakeFirst();
    return row?.first ?? undefined;
  }

  listStepDays(
    db: Executor,
    userId: string,
    range: { from?: string; to?: string } = {},
  ): Promise<Pick<StepDayRow, 'day' | 'steps'>[]> {
    let query = db
      .selectFrom('step_days')
      .select(['day', 'steps'])
      .where('user_id', '=', userId)
      .where('steps', '>', 0);
    if (range.from !== undefined) query = query.where('day', '>=', range.from);
    if (range.to !== undefined) query = query.where('day', '<=', range.to);
    return query.orderBy('day').execute();
  }

  /** A user's reviews of flagged days, `from`/`to` inclusive when given. */
  listUserReviews(
    db: Executor,
    userId: string,
    range: { from?: string; to?: string } = {},
  ): Promise<StepReviewOfUserRow[]> {
    let query = db
      .selectFrom('step_reviews')
      .select(['day', 'status', 'reasons', 'created_at', 'decided_at', 'released_points', 'released_collected_at'])
      .where('user_id', '=', userId);
    if (range.from !== undefined) query = query.where('day', '>=', range.from);
    if (range.to !== undefined) query = query.where('day', '<=', range.to);
    return query.orderBy('day').execute();
  }

  /** The names of the user's own step-source tokens among these ids (revoked ones too). */
  async deviceTokenNames(db: Executor, userId: string, ids: string[]): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    const rows = await db
      .selectFrom('device_tokens')
      .select(['id', 'name'])
      .where('user_id', '=', userId)
      .where('id', 'in', ids)
      .execute();
    return new Map(rows.map((row) => [row.id, row.name]));
  }

  /**
   * Connected accounts' names by connection id (the receipt names a `connection:<id>` source, decision 086 "Connected
   * wearable accounts").
   */
  async connectionNames(db: Executor, userId: string, ids: string[]): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    const rows = await db
      .selectFrom('step_connections')
      .select(['id', 'account_name'])
      .where('user_id', '=', userId)
      .where('id', 'in', ids)
      .execute();
    return new Map(rows.map((row) => [row.id, row.account_name]));
  }

  async insertStepDay(db: Executor, row: StepDayRow): Promise<void> {
    await db.insertInto('step_days').values(row).execute();
    await this.recountWeek(db, row.user_id, row.day);
  }

  async updateSteps(
    db: Executor,
    userId: string,
    day: string,
    values: { steps: number; source: string; reported_at: number },
  ): Promise<void> {
    await db.updateTable('step_days').set(values).where('user_id', '=', userId).where('day', '=', day).execute();
    await this.recountWeek(db, userId, day);
  }

  /**
   * Sums the user's credited and held steps of `day`'s week again into `step_weeks` (a club's week board reads it,
   * docs/product/clubs.md), in the transaction that changed the day or its review. The week's row is locked first
   * (a no-op update takes PostgreSQL's row lock), so two changes of one week sum one after the other, each seeing the
   * other's committed day.
   */
  async recountWeek(db: Executor, userId: string, day: string): Promise<void> {
    const week = mondayOf(day);
    const key = { user_id: userId, week };
    await db
      .insertInto('step_weeks')
      .values({ ...key, steps: 0, pending_steps: 0 })
      .onConflict((oc) => oc.columns(['user_id', 'week']).doNothing())
      .execute();
    await db
      .updateTable('step_weeks')
      .set((eb) => ({ steps: eb.ref('steps') }))
      .where('user_id', '=', userId)
      .where('week', '=', week)
      .execute();
    const sunday = new Date(Date.parse(`${week}T00:00:00Z`) + 6 * DAY_MS).toISOString().slice(0, 10);
    const total = await db
      .selectFrom('step_days as d')
      .leftJoin('step_reviews as r', (join) => join.onRef('r.user_id', '=', 'd.user_id').onRef('r.day', '=', 'd.day'))
      .select([
        sql<number>`coalesce(sum(${creditedSteps}), 0)`.as('steps'),
        sql<number>`coalesce(sum(${heldSteps}), 0)`.as('pending'),
      ])
      .where('d.user_id', '=', userId)
      .where('d.day', '>=', week)
      .where('d.day', '<=', sunday)
      .executeTakeFirstOrThrow();
    await db
      .updateTable('step_weeks')
      .set({ steps: Number(total.steps), pending_steps: Number(total.pending) })
      .where('user_id', '=', userId)
      .where('week', '=', week)
      .execute();
  }

  /**
   * Adds points collected later to the day's count of collected points (a cleared day's release, decision 078 "A held
   * step day is never a dead end").
   */
  async addCollected(db: Executor, userId: string, day: string, points: number): Promise<void> {
    await db
      .updateTable('step_days')
      .set((eb) => ({ collected_points: eb('collected_points', '+', points) }))
      .where('user_id', '=', userId)
      .where('day', '=', day)
      .execute();
  }

  async setCollected(db: Executor, userId: string, day: string, points: number): Promise<void> {
    await db
      .updateTable('step_days')
      .set({ collected_points: points })
      .where('user_id', '=', userId)
      .where('day', '=', day)
      .execute();
  }

  findCollectionByKey(db: Executor, idempotencyKey: string): Promise<Selectable<PointCollectionsTable> | undefined> {
    return db
      .selectFrom('point_collections')
      .selectAll()
      .where('idempotency_key', '=', idempotencyKey)
      .executeTakeFirst();
  }

  async insertCollection(db: Executor, row: Insertable<PointCollectionsTable>): Promise<void> {
    await db.insertInto('point_collections').values(row).execute();
  }

  async insertExchange(db: Executor, row: ExchangeRow): Promise<void> {
    await insertExchangeRow(db, row.id, row.user_id, row.transfer_id, row.points, row.amount, row.created_at);
  }

  /** The exchange record of each transfer (the points statement's links, decision 081 "One points statement"). */
  async exchangeIdsByTransfer(db: Executor, transferIds: readonly string[]): Promise<Map<string, string>> {
    if (transferIds.length === 0) return new Map();
    const rows = await db
      .selectFrom('exchanges')
      .select(['id', 'transfer_id'])
      .where('transfer_id', 'in', transferIds)
      .execute();
    return new Map(rows.map((row) => [row.transfer_id, row.id]));
  }

  findExchangeByTransfer(db: Executor, transferId: string): Promise<ExchangeRow | undefined> {
    return db.selectFrom('exchanges').selectAll().where('transfer_id', '=', transferId).executeTakeFirst();
  }

  listExchanges(
    db: Executor,
    userId: string,
    page: { limit: number; offset: number },
  ): Promise<{ rows: ExchangeRow[]; total: number }> {
    const query = db.selectFrom('exchanges').where('user_id', '=', userId);
    return pageOf(query, page, (found) => found.selectAll().orderBy('created_at', 'desc').orderBy('id'));
  }

  listHomeItems(db: Executor): Promise<HomeItemRow[]> {
    return db.selectFrom('home_items').selectAll().where('is_active', '=', 1).orderBy('position').execute();
  }

  async insertHomeItem(db: Executor, row: HomeItemRow): Promise<void> {
    await db.insertInto('home_items').values(row).execute();
  }

  /** Whether any item was ever created (active or not). */
  async hasAnyHomeItem(db: Executor): Promise<boolean> {
    return (await db.selectFrom('home_items').select('id').limit(1).executeTakeFirst()) !== undefined;
  }

  /** Every item, active or not, for operators: banners first, then entries, each in order. */
  listAllHomeItems(db: Executor): Promise<HomeItemRow[]> {
    return db.selectFrom('home_items').selectAll().orderBy('kind').orderBy('position').orderBy('id').execute();
  }

  findHomeItem(db: Executor, id: string): Promise<HomeItemRow | undefined> {
    return db.selectFrom('home_items').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Changes the item only at the version the operator saw; false when it moved on (or is gone). */
  updateHomeItem(
    db: Executor,
    id: string,
    version: number,
    values: Pick<HomeItemRow, 'title' | 'image' | 'target' | 'position' | 'is_active'> &
      Partial<Pick<HomeItemRow, 'default_language' | 'translations'>>,
  ): Promise<boolean> {
    const atVersion = db.updateTable('home_items').where('id', '=', id).where('version', '=', version);
    return updatedOne(atVersion.set({ ...values, version: version + 1 }));
  }

  async deleteHomeItem(db: Executor, id: string, version: number): Promise<boolean> {
    return (await deletedCount(db.deleteFrom('home_items').where('id', '=', id).where('version', '=', version))) === 1;
  }

  // ---- Flagged days (decision 029 "Steps from every source") ----

  findReview(db: Executor, userId: string, day: string): Promise<StepReviewRow | undefined> {
    return db
      .selectFrom('step_reviews')
      .selectAll()
      .where('user_id', '=', userId)
      .where('day', '=', day)
      .executeTakeFirst();
  }

  findReviewById(db: Executor, id: string): Promise<StepReviewRow | undefined> {
    return db.selectFrom('step_reviews').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Inserts the day's review unless the day has one (the unique constraint decides); true when inserted. */
  async insertReview(db: Executor, row: StepReviewRow): Promise<boolean> {
    const result = await db
      .insertInto('step_reviews')
      .values(row)
      .onConflict((oc) => oc.columns(['user_id', 'day']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (result !== undefined) await this.recountWeek(db, row.user_id, row.day);
    return result !== undefined;
  }

  /** Adds reasons to a review still flagged at `version` (a new version: a reviewer looking at the old one is stale). */
  setReviewReasons(db: Executor, id: string, version: number, reasons: string): Promise<boolean> {
    return updatedOne(
      this.reviewIn(db, id, 'flagged')
        .set({ reasons, version: version + 1 })
        .where('version', '=', version),
    );
  }

  /** The decision's compare-and-set: only a review still flagged at `version` (any version when undefined). */
  async decideReview(
    db: Executor,
    id: string,
    version: number | undefined,
    values: { status: string; decided_at: number; operator_id: string | null; note: string | null },
    // An appeal decides a rejected day again (decision 102 "Appeals with a deadline").
    from: 'flagged' | 'rejected' = 'flagged',
  ): Promise<boolean> {
    let query = this.reviewIn(db, id, from).set((eb) => ({ ...values, version: eb('version', '+', 1) }));
    if (version !== undefined) query = query.where('version', '=', version);
    if (!(await updatedOne(query))) return false;
    const review = await this.findReviewById(db, id);
    if (review) await this.recountWeek(db, review.user_id, review.day);
    return true;
  }

  /** An update of review `id` while its status is `status`. */
  private reviewIn(db: Executor, id: string, status: 'flagged' | 'rejected') {
    return db.updateTable('step_reviews').where('id', '=', id).where('status', '=', status);
  }

  /** Records what a clearing released for the user to collect (decision 078 "A held step day is never a dead end"). */
  async setReleased(db: Executor, id: string, points: number): Promise<void> {
    await db.updateTable('step_reviews').set({ released_points: points }).where('id', '=', id).execute();
  }

  /** The user's cleared days before `day` whose released points wait to be collected, oldest first. */
  listReleased(db: Executor, userId: string, day: string): Promise<{ id: string; day: string }[]> {
    return db
      .selectFrom('step_reviews')
      .select(['id', 'day'])
      .where('user_id', '=', userId)
      .where('status', '=', 'cleared')
      .where('released_collected_at', 'is', null)
      .where('day', '<', day)
      .orderBy('day')
      .execute();
  }

  /**
   * Marks a cleared day's released points collected, once: a compare-and-set on
   * `released_collected_at` being null. Answers the points when this call won, else null.
   */
  async takeReleased(db: Executor, id: string, now: number): Promise<number | null> {
    const row = await db
      .updateTable('step_reviews')
      .set({ released_collected_at: now })
      .where('id', '=', id)
      .where('status', '=', 'cleared')
      .where('released_collected_at', 'is', null)
      .returning('released_points')
      .executeTakeFirst();
    return row ? Number(row.released_points ?? 0) : null;
  }

  private reviewRows(db: Executor) {
    return db
      .selectFrom('step_reviews as r')
      .innerJoin('users as u', 'u.id', 'r.user_id')
      .leftJoin('step_days as d', (join) => join.onRef('d.user_id', '=', 'r.user_id').onRef('d.day', '=', 'r.day'))
      .selectAll('r')
      .select(['u.account', 'd.steps', 'd.collected_points']);
  }

  async findReviewListRow(db: Executor, id: string): Promise<StepReviewListRow | undefined> {
    const row = await this.reviewRows(db).where('r.id', '=', id).executeTakeFirst();
    return row && { ...row, steps: row.steps ?? 0, collected_points: row.collected_points ?? 0 };
  }

  /** Reviews by status, oldest first, with the account and the day's count. */
  async listReviewsByStatus(
    db: Executor,
    status: string,
    page: { limit: number; offset: number },
  ): Promise<{ rows: StepReviewListRow[]; total: number }> {
    const [rows, count] = await Promise.all([
      this.reviewRows(db)
        .where('r.status', '=', status)
        .orderBy('r.created_at')
        .orderBy('r.id')
        .limit(page.limit)
        .offset(page.offset)
        .execute(),
      db
        .selectFrom('step_reviews')
        .where('status', '=', status)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
    ]);
    return {
      rows: rows.map((row) => ({ ...row, steps: row.steps ?? 0, collected_points: row.collected_points ?? 0 })),
      total: Number(count.n),
    };
  }

  /** Remembers that a device counted for this account (once per pair). */
  async saveDevice(db: Executor, device: string, userId: string, now: number): Promise<void> {
    await db
      .insertInto('step_devices')
      .values({ device, user_id: userId, first_seen_at: now })
      .onConflict((oc) => oc.columns(['device', 'user_id']).doNothing())
      .execute();
  }

  /** How many other accounts this device has counted for. */
  async countDeviceAccounts(db: Executor, device: string, exceptUserId: string): Promise<number> {
    const row = await db
      .selectFrom('step_devices')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('device', '=', device)
      .where('user_id', '!=', exceptUserId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Step-source tokens' names by id (a `device:<id>` source shows its token's name). */
  async tokenNamesById(db: Executor, ids: string[]): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    const rows = await db.selectFrom('device_tokens').select(['id', 'name']).where('id', 'in', ids).execute();
    return new Map(rows.map((row) => [row.id, row.name]));
  }

  // Your data (decision 047 "Your data") ------------------------------------------------------------------

  exportSteps(db: Executor, userId: string) {
    const columns = ['day', 'steps', 'source', 'collected_points', 'reported_at'] as const;
    return rowsOfUser(db.selectFrom('step_days').select(columns), userId, 'day');
  }

  exportCollections(db: Executor, userId: string) {
    return rowsOfUser(
      db.selectFrom('point_collections').select(['day', 'points', 'cash_back', 'created_at']),
      userId,
      'created_at',
    );
  }

  exportExchanges(db: Executor, userId: string) {
    return rowsOfUser(
      db.selectFrom('exchanges').select(['id', 'points', 'amount', 'created_at']),
      userId,
      'created_at',
    );
  }
}
