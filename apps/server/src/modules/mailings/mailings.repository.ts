import type { Executor } from '../../db/executor.js';
import type { CardMailingsTable } from '../../db/schema.js';
import { ShipmentQueries } from '../shipping/shipping.queries.js';

export type MailingRow = CardMailingsTable;
export type MailingWithPlanRow = MailingRow & { card_name: string };

/** Card mailings: the shipments' shared queries (status moves, counts, export, erasure), and the card's name. */
export class MailingsRepository extends ShipmentQueries<'card_mailings'> {
  constructor() {
    super('card_mailings', 'requested', { own: ['card_id'], later: ['delivered_at'] });
  }

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
    const [rows, total] = await Promise.all([
      this.withPlan(db)
        .where('m.status', '=', filter.status)
        .orderBy('m.created_at', order)
        .orderBy('m.id', order)
        .limit(page.limit)
        .offset(page.offset)
        .execute(),
      this.count(db, filter),
    ]);
    return { rows, total };
  }
}
