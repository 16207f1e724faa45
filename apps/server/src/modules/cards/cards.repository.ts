import { sql, type Selectable } from 'kysely';
import type { Executor } from '../../db/executor.js';
import { countOf, pageOf, rowsOfUser, updatedCount, updatedOne } from '../../db/queries.js';
import { prepared } from '../../db/prepared.js';
import type {
  CardPlansTable,
  InsurancePoliciesTable,
  MemberCardsTable,
  MembershipOrdersTable,
} from '../../db/schema.js';

export type CardPlanRow = Selectable<CardPlansTable>;
export type OrderRow = MembershipOrdersTable;
export type PolicyRow = InsurancePoliciesTable;
/** A policy with its holder's verified real name (null until verified). */
export type PolicyWithHolderRow = PolicyRow & { holder_name: string | null };
export type CardWithPlanRow = MemberCardsTable & { plan: CardPlanRow };
/** An order with its plan's name in every language it has (decision 042 "Content in every language"). */
export type OrderWithPlanRow = OrderRow & {
  plan_name: string;
  plan_default_language: string;
  plan_translations: string;
};
export type PlanForOperators = CardPlanRow & { cards_sold: number; pending_orders: number };

const CARD_COLUMNS = [
  'c.id',
  'c.user_id',
  'c.plan_id',
  'c.order_id',
  'c.starts_on',
  'c.ends_on',
  'c.cash_back_total',
  'c.created_at',
] as const;

const PLAN_COLUMNS = [
  'p.id as p_id',
  'p.name as p_name',
  'p.price as p_price',
  'p.days as p_days',
  'p.daily_target as p_daily_target',
  'p.daily_cash_back as p_daily_cash_back',
  'p.multiplier_percent as p_multiplier_percent',
  'p.position as p_position',
  'p.is_active as p_is_active',
  'p.created_at as p_created_at',
  'p.version as p_version',
  'p.family_id as p_family_id',
  'p.retired_at as p_retired_at',
  'p.replaced_by as p_replaced_by',
  'p.default_language as p_default_language',
  'p.translations as p_translations',
] as const;

type JoinedCard = MemberCardsTable & {
  p_id: string;
  p_name: string;
  p_price: number;
  p_days: number;
  p_daily_target: number;
  p_daily_cash_back: number;
  p_multiplier_percent: number;
  p_position: number;
  p_is_active: number;
  p_created_at: number;
  p_version: number;
  p_family_id: string;
  p_retired_at: number | null;
  p_replaced_by: string | null;
  p_default_language: string;
  p_translations: string;
};

function splitCard(row: JoinedCard): CardWithPlanRow {
  return {
    id: row.id,
    user_id: row.user_id,
    plan_id: row.plan_id,
    order_id: row.order_id,
    starts_on: row.starts_on,
    ends_on: row.ends_on,
    cash_back_total: row.cash_back_total,
    created_at: row.created_at,
    plan: {
      id: row.p_id,
      name: row.p_name,
      price: row.p_price,
      days: row.p_days,
      daily_target: row.p_daily_target,
      daily_cash_back: row.p_daily_cash_back,
      multiplier_percent: row.p_multiplier_percent,
      position: row.p_position,
      is_active: row.p_is_active,
      created_at: row.p_created_at,
      version: row.p_version,
      family_id: row.p_family_id,
      retired_at: row.p_retired_at,
      replaced_by: row.p_replaced_by,
      default_language: row.p_default_language,
      translations: row.p_translations,
    },
  };
}

/** A user's cards active on a day with their plans, the best daily target first. */
const selectActiveCards = prepared((db, userId: string, day: string) =>
  db
    .selectFrom('member_cards as c')
    .innerJoin('card_plans as p', 'p.id', 'c.plan_id')
    // Named columns, not `c.*`: a prepared query's shape never changes under it (db/prepared.ts).
    .select(CARD_COLUMNS)
    .select(PLAN_COLUMNS)
    .where('c.user_id', '=', userId)
    .where('c.starts_on', '<=', day)
    .where('c.ends_on', '>=', day)
    .orderBy('p.daily_target', 'desc')
    .orderBy('c.created_at'),
);

/** Which of the cards were paid the day's cash back. */
const selectCashBackDays = prepared((db, cardIds: readonly string[], day: string) =>
  db.selectFrom('card_cash_backs').select('card_id').where('card_id', 'in', cardIds).where('day', '=', day),
);

export class CardsRepository {
  listPlans(db: Executor): Promise<CardPlanRow[]> {
    return db.selectFrom('card_plans').selectAll().where('is_active', '=', 1).orderBy('position').execute();
  }

  findPlan(db: Executor, id: string): Promise<CardPlanRow | undefined> {
    return db.selectFrom('card_plans').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async insertPlan(db: Executor, plan: CardPlanRow): Promise<void> {
    await db.insertInto('card_plans').values(plan).execute();
  }

  /** Whether any plan was ever created (on sale or retired). */
  async hasAnyPlan(db: Executor): Promise<boolean> {
    return (await db.selectFrom('card_plans').select('id').limit(1).executeTakeFirst()) !== undefined;
  }

  /** Plans for operators, with the cards sold and the online orders waiting under each version. */
  async listPlansForOperators(
    db: Executor,
    status: 'onSale' | 'retired' | 'all',
    now: number,
  ): Promise<PlanForOperators[]> {
    let query = db
      .selectFrom('card_plans as p')
      .selectAll('p')
      .select((eb) => [
        eb
          .selectFrom('member_cards as c')
          .whereRef('c.plan_id', '=', 'p.id')
          .select((inner) => inner.fn.countAll<number>().as('n'))
          .as('cards_sold'),
        eb
          .selectFrom('membership_orders as o')
          .whereRef('o.plan_id', '=', 'p.id')
          .where('o.status', '=', 'pending')
          .where('o.expires_at', '>', now)
          .select((inner) => inner.fn.countAll<number>().as('n'))
          .as('pending_orders'),
      ]);
    if (status === 'onSale') query = query.where('p.retired_at', 'is', null);
    if (status === 'retired') query = query.where('p.retired_at', 'is not', null);
    const rows = await query.orderBy('p.position').orderBy('p.family_id').orderBy('p.version', 'desc').execute();
    return rows.map((row) => ({
      ...row,
      cards_sold: Number(row.cards_sold ?? 0),
      pending_orders: Number(row.pending_orders ?? 0),
    }));
  }

  /**
   * Takes a version off sale, once: only the version the operator saw, and only while it is on
   * sale. False when another operator edited or retired it first (or it does not exist).
   */
  retirePlan(
    db: Executor,
    id: string,
    version: number,
    change: { retired_at: number; replaced_by: string | null },
  ): Promise<boolean> {
    const onSale = db.updateTable('card_plans').where('id', '=', id).where('version', '=', version);
    return updatedOne(onSale.set({ ...change, is_active: 0 }).where('retired_at', 'is', null));
  }

  findOrderByKey(db: Executor, idempotencyKey: string): Promise<OrderRow | undefined> {
    return db
      .selectFrom('membership_orders')
      .selectAll()
      .where('idempotency_key', '=', idempotencyKey)
      .executeTakeFirst();
  }

  findOrder(db: Executor, id: string): Promise<OrderRow | undefined> {
    return db.selectFrom('membership_orders').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async insertOrder(db: Executor, order: OrderRow): Promise<void> {
    await db.insertInto('membership_orders').values(order).execute();
  }

  /** Pending → paid by `paymentId` (null: by balance), once: the status check and the write are one statement. */
  markOrderPaid(db: Executor, id: string, now: number, paymentId: string | null): Promise<boolean> {
    return updatedOne(this.orderIn(db, id, 'pending').set({ status: 'paid', paid_at: now, payment_id: paymentId }));
  }

  /** An update of order `id` while its status is `status` (a compare-and-set on the status). */
  private orderIn(db: Executor, id: string, status: OrderRow['status']) {
    return db.updateTable('membership_orders').where('id', '=', id).where('status', '=', status);
  }

  /** `from` → cancelled, once (a compare-and-set on the status). */
  cancelOrder(db: Executor, id: string, from: 'pending' | 'paid', now: number): Promise<boolean> {
    return updatedOne(this.orderIn(db, id, from).set({ status: 'cancelled', cancelled_at: now }));
  }

  /**
   * Pending orders past their expiry become expired (one user's, or everyone's), except while a
   * payment of theirs is still pending: its trade is closed (or found paid) first (decision 037 "The payment
   * lifecycle").
   */
  async expireOrders(db: Executor, userId: string | null, now: number): Promise<number> {
    let query = db
      .updateTable('membership_orders')
      .set({ status: 'expired' })
      .where('status', '=', 'pending')
      .where('expires_at', '<=', now)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('payments')
              .select('payments.id')
              .whereRef('payments.order_id', '=', 'membership_orders.id')
              .where('payments.status', '=', 'pending'),
          ),
        ),
      );
    if (userId !== null) query = query.where('user_id', '=', userId);
    return updatedCount(query);
  }

  /** The card bought by an order ends before `today`: no cash back, multiplier or cover from today on. */
  async endCardOfOrder(db: Executor, orderId: string, today: string, yesterday: string): Promise<string | null> {
    const card = await db
      .selectFrom('member_cards')
      .select(['id', 'ends_on'])
      .where('order_id', '=', orderId)
      .executeTakeFirst();
    if (!card) return null;
    if (card.ends_on >= today) {
      await db.updateTable('member_cards').set({ ends_on: yesterday }).where('id', '=', card.id).execute();
      await db
        .updateTable('insurance_policies')
        .set({ ends_on: yesterday })
        .where('card_id', '=', card.id)
        .where('ends_on', '>=', today)
        .execute();
    }
    return card.id;
  }

  /** Membership orders for operators, newest first: of one status, one user or one order. */
  listOrdersForOperators(
    db: Executor,
    filter: { status?: string | undefined; userId?: string | undefined; orderId?: string | undefined },
    page: { limit: number; offset: number },
  ): Promise<{ rows: (OrderRow & { plan_name: string })[]; total: number }> {
    let query = db.selectFrom('membership_orders as o').innerJoin('card_plans as p', 'p.id', 'o.plan_id');
    if (filter.status !== undefined) query = query.where('o.status', '=', filter.status);
    if (filter.userId !== undefined) query = query.where('o.user_id', '=', filter.userId);
    if (filter.orderId !== undefined) query = query.where('o.id', '=', filter.orderId);
    return pageOf(query, page, (found) =>
      found.selectAll('o').select('p.name as plan_name').orderBy('o.created_at', 'desc').orderBy('o.id'),
    );
  }

  listOrders(
    db: Executor,
    userId: string,
    status: string | undefined,
    page: { limit: number; offset: number },
  ): Promise<{ rows: OrderWithPlanRow[]; total: number }> {
    let query = db
      .selectFrom('membership_orders as o')
      .innerJoin('card_plans as p', 'p.id', 'o.plan_id')
      .where('o.user_id', '=', userId);
    if (status) query = query.where('o.status', '=', status);
    const plan = [
      'p.name as plan_name',
      'p.default_language as plan_default_language',
      'p.translations as plan_translations',
    ] as const;
    return pageOf(query, page, (found) =>
      found.selectAll('o').select(plan).orderBy('o.created_at', 'desc').orderBy('o.id'),
    );
  }

  async insertCard(db: Executor, card: MemberCardsTable): Promise<void> {
    await db.insertInto('member_cards').values(card).execute();
  }

  async listCards(db: Executor, userId: string): Promise<CardWithPlanRow[]> {
    const rows = await db
      .selectFrom('member_cards as c')
      .innerJoin('card_plans as p', 'p.id', 'c.plan_id')
      .selectAll('c')
      .select(PLAN_COLUMNS)
      .where('c.user_id', '=', userId)
      .orderBy('c.ends_on', 'desc')
      .orderBy('c.created_at', 'desc')
      .execute();
    return rows.map(splitCard);
  }

  /** Every user's cards whose last day is `day`. */
  async cardsEndingOn(db: Executor, day: string): Promise<CardWithPlanRow[]> {
    const rows = await db
      .selectFrom('member_cards as c')
      .innerJoin('card_plans as p', 'p.id', 'c.plan_id')
      .selectAll('c')
      .select(PLAN_COLUMNS)
      .where('c.ends_on', '=', day)
      .orderBy('c.created_at')
      .execute();
    return rows.map(splitCard);
  }

  /**
   * Users with a card active on `day` that has not been paid that day's cash back and has some of
   * its price left to pay back (the daily settlement, decision 055 "Background jobs in a queue"), after `afterUserId`.
   */
  async usersOwedCashBackOn(db: Executor, day: string, afterUserId: string, limit: number): Promise<string[]> {
    const rows = await db
      .selectFrom('member_cards as c')
      .innerJoin('card_plans as p', 'p.id', 'c.plan_id')
      .select('c.user_id')
      .distinct()
      .where('c.starts_on', '<=', day)
      .where('c.ends_on', '>=', day)
      .where('c.user_id', '>', afterUserId)
      .whereRef('c.cash_back_total', '<', 'p.price')
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('card_cash_backs as b')
              .select('b.id')
              .whereRef('b.card_id', '=', 'c.id')
              .where('b.day', '=', day),
          ),
        ),
      )
      .orderBy('c.user_id')
      .limit(limit)
      .execute();
    return rows.map((row) => row.user_id);
  }

  /**
   * Home reads it on every call, and each collection and report of steps (decision 068 "Queries built once on the hot
   * paths").
   */
  async activeCardsOn(db: Executor, userId: string, day: string): Promise<CardWithPlanRow[]> {
    return (await selectActiveCards(db, userId, day)).map(splitCard);
  }

  async cashBackDays(db: Executor, cardIds: string[], day: string): Promise<Set<string>> {
    if (cardIds.length === 0) return new Set();
    const rows = await selectCashBackDays(db, cardIds, day);
    return new Set(rows.map((row) => row.card_id));
  }

  /** A user's cash back credited for a day, per card, with the card's plan name. */
  cashBacksOn(db: Executor, userId: string, day: string) {
    return db
      .selectFrom('card_cash_backs as b')
      .innerJoin('member_cards as c', 'c.id', 'b.card_id')
      .innerJoin('card_plans as p', 'p.id', 'c.plan_id')
      .select(['b.card_id', 'p.name', 'p.default_language', 'p.translations', 'b.amount'])
      .where('c.user_id', '=', userId)
      .where('b.day', '=', day)
      .orderBy('b.created_at')
      .orderBy('b.id')
      .execute();
  }

  /** The day each of these ledger transfers paid cash back for. */
  async cashBackDaysByTransfer(db: Executor, transferIds: string[]): Promise<Map<string, string>> {
    if (transferIds.length === 0) return new Map();
    const rows = await db
      .selectFrom('card_cash_backs')
      .select(['transfer_id', 'day'])
      .where('transfer_id', 'in', transferIds)
      .execute();
    return new Map(rows.map((row) => [row.transfer_id, row.day]));
  }

  async insertCashBack(
    db: Executor,
    row: { id: string; card_id: string; day: string; amount: number; transfer_id: string; created_at: number },
  ): Promise<void> {
    await db.insertInto('card_cash_backs').values(row).execute();
  }

  /** Adds to the card's cash back total only while it stays within `cap` (the card's price). */
  addCashBackTotal(db: Executor, cardId: string, amount: number, cap: number): Promise<boolean> {
    const card = db.updateTable('member_cards').set({ cash_back_total: sql`cash_back_total + ${amount}` });
    return updatedOne(card.where('id', '=', cardId).where(sql<boolean>`cash_back_total + ${amount} <= ${cap}`));
  }

  /**
   * The day's credited steps and whether its review has the day waiting (flagged; decision 078 "A held step day is
   * never a dead end").
   */
  async stepDayOn(db: Executor, userId: string, day: string): Promise<{ steps: number; flagged: boolean }> {
    const row = await db
      .selectFrom('step_days as d')
      .leftJoin('step_reviews as r', (join) => join.onRef('r.user_id', '=', 'd.user_id').onRef('r.day', '=', 'd.day'))
      .select(['d.steps', 'r.status'])
      .where('d.user_id', '=', userId)
      .where('d.day', '=', day)
      .executeTakeFirst();
    return { steps: row?.steps ?? 0, flagged: row?.status === 'flagged' };
  }

  async insertPolicy(db: Executor, policy: PolicyRow): Promise<void> {
    await db.insertInto('insurance_policies').values(policy).execute();
  }

  private policiesWithHolder(db: Executor) {
    return db
      .selectFrom('insurance_policies as ip')
      .leftJoin('identities as i', (join) => join.onRef('i.user_id', '=', 'ip.user_id').on('i.status', '=', 'verified'))
      .selectAll('ip')
      .select('i.name as holder_name');
  }

  listPolicies(db: Executor, userId: string): Promise<PolicyWithHolderRow[]> {
    return this.policiesWithHolder(db)
      .where('ip.user_id', '=', userId)
      .orderBy('ip.ends_on', 'desc')
      .orderBy('ip.created_at', 'desc')
      .execute();
  }

  findPolicy(db: Executor, id: string): Promise<PolicyWithHolderRow | undefined> {
    return this.policiesWithHolder(db).where('ip.id', '=', id).executeTakeFirst();
  }

  /** Unclaimed → claimed, once. */
  claimPolicy(
    db: Executor,
    id: string,
    claim: Pick<
      PolicyRow,
      'policy_number' | 'insured_name' | 'insured_id_masked' | 'insured_id_encrypted' | 'relation' | 'claimed_at'
    >,
  ): Promise<boolean> {
    return updatedOne(
      db.updateTable('insurance_policies').set(claim).where('id', '=', id).where('claimed_at', 'is', null),
    );
  }

  // Your data (decision 047 "Your data") ------------------------------------------------------------------

  exportOrders(db: Executor, userId: string) {
    const columns = ['id', 'plan_id', 'amount', 'pay_with', 'status', 'created_at', 'paid_at', 'cancelled_at'] as const;
    return rowsOfUser(db.selectFrom('membership_orders').select(columns), userId, 'created_at');
  }

  exportCards(db: Executor, userId: string) {
    const columns = ['id', 'plan_id', 'order_id', 'starts_on', 'ends_on', 'cash_back_total', 'created_at'] as const;
    return rowsOfUser(db.selectFrom('member_cards').select(columns), userId, 'created_at');
  }

  exportCashBacks(db: Executor, userId: string) {
    return db
      .selectFrom('card_cash_backs as c')
      .innerJoin('member_cards as m', 'm.id', 'c.card_id')
      .select(['c.card_id', 'c.day', 'c.amount', 'c.created_at'])
      .where('m.user_id', '=', userId)
      .orderBy('c.created_at')
      .execute();
  }

  exportPolicies(db: Executor, userId: string) {
    const columns = [
      'id',
      'card_id',
      'policy_number',
      'coverage',
      'insured_name',
      'insured_id_masked',
      'relation',
      'starts_on',
      'ends_on',
      'claimed_at',
      'created_at',
    ] as const;
    return rowsOfUser(db.selectFrom('insurance_policies').select(columns), userId, 'created_at');
  }

  async erasePolicies(db: Executor, userId: string): Promise<void> {
    await db
      .updateTable('insurance_policies')
      .set({ insured_name: null, insured_id_masked: null, insured_id_encrypted: null, relation: null })
      .where('user_id', '=', userId)
      .execute();
  }

  countUnpaidOrders(db: Executor, userId: string): Promise<number> {
    return countOf(db.selectFrom('membership_orders').where('user_id', '=', userId).where('status', '=', 'pending'));
  }
}
