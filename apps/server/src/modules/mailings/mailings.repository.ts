import type { Updateable } from 'kysely';
import type { Executor } from '../../db/executor.js';
import type { CardMailingsTable } from '../../db/schema.js';

export type MailingRow = CardMailingsTable;
export type MailingWithPlanRow = MailingRow & { card_name: string };

export class MailingsRepository {
  private withPlan(db: Executor) {
    return db
      .selectFrom('card_mailings as m')
      .innerJoin('member_cards as c', 'c.id', 'm.card_id')
      .innerJoin('card_plans as p', 'p.id', 'c.plan_id')
      .selectAll('m')
      .select('p.name as card_name');
  }

  findByCard(db: Executor, cardId: string): Promise<MailingWithPlanRow | undefined> {
    return this.withPlan(db).where('m.card_id', '=', cardId).executeTakeFirst();
  }

  find(db: Executor, id: string): Promise<MailingWithPlanRow | undefined> {
    return this.withPlan(db).where('m.id', '=', id).executeTakeFirst();
  }

  async insert(db: Executor, row: MailingRow): Promise<void> {
    await db.insertInto('card_mailings').values(row).execute();
  }

  list(
    db: Executor,
    filter: { userId?: string | undefined; status?: string | undefined },
    limit: number,
  ): Promise<MailingWithPlanRow[]> {
    let query = this.withPlan(db);
    if (filter.userId) query = query.where('m.user_id', '=', filter.userId);
    if (filter.status) query = query.where('m.status', '=', filter.status);
    return query.orderBy('m.created_at', 'desc').orderBy('m.id', 'desc').limit(limit).execute();
  }

  async page(
    db: Executor,
    filter: { status: string },
    page: { limit: number; offset: number },
    order: 'asc' | 'desc',
  ): Promise<{ rows: MailingWithPlanRow[]; total: number }> {
    const [rows, count] = await Promise.all([
      this.withPlan(db)
        .where('m.status', '=', filter.status)
        .orderBy('m.created_at', order)
        .orderBy('m.id', order)
        .limit(page.limit)
        .offset(page.offset)
        .execute(),
      db
        .selectFrom('card_mailings')
        .where('status', '=', filter.status)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.n) };
  }

  /** Compare-and-set from one status, so every transition happens once. */
  async transition(db: Executor, id: string, from: string, values: Updateable<MailingRow>): Promise<boolean> {
    const result = await db
      .updateTable('card_mailings')
      .set(values)
      .where('id', '=', id)
      .where('status', '=', from)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  // Your data (decision 047 "Your data") ------------------------------------------------------------------

  exportOfUser(db: Executor, userId: string) {
    return db
      .selectFrom('card_mailings')
      .select([
        'id',
        'card_id',
        'status',
        'ship_name',
        'ship_phone',
        'ship_region',
        'ship_detail',
        'carrier',
        'tracking_number',
        'created_at',
        'shipped_at',
        'delivered_at',
      ])
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .execute();
  }

  async eraseShipping(db: Executor, userId: string): Promise<void> {
    await db
      .updateTable('card_mailings')
      .set({ ship_name: '', ship_phone: '', ship_region: '', ship_detail: '' })
      .where('user_id', '=', userId)
      .execute();
  }

  async countUnshipped(db: Executor, userId: string): Promise<number> {
    const row = await db
      .selectFrom('card_mailings')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .where('status', '=', 'requested')
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }
}
