import type { Insertable, Selectable } from 'kysely';
import type { Executor } from '../../db/executor.js';
import { pageOf, updatedOne, type PageWindow } from '../../db/queries.js';
import type { AppealsTable } from '../../db/schema.js';

export type AppealRow = Selectable<AppealsTable>;

/** What a user sees of their appeals: the newest this many. */
const MINE_SHOWN = 100;

/**
 * Appeals (docs/product/appeals.md). "Once per item" is the unique constraint on (user, kind, subject); a decision is a
 * compare-and-set on an open appeal's `version`.
 */
export class AppealsRepository {
  /** The appeal, unless this user appealed this item already (then nothing is written, and false). */
  async insert(db: Executor, row: Insertable<AppealsTable>): Promise<boolean> {
    const result = await db
      .insertInto('appeals')
      .values(row)
      .onConflict((oc) => oc.doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  find(db: Executor, id: string): Promise<AppealRow | undefined> {
    return db.selectFrom('appeals').selectAll().where('id', '=', id).executeTakeFirst();
  }

  mine(db: Executor, userId: string): Promise<AppealRow[]> {
    return db
      .selectFrom('appeals')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(MINE_SHOWN)
      .execute();
  }

  /** Open appeals by due time (the overdue come first), or decided ones newest first. */
  queue(db: Executor, status: 'open' | 'decided', page: PageWindow) {
    const base = db.selectFrom('appeals');
    const filtered = status === 'open' ? base.where('status', '=', 'open') : base.where('status', '!=', 'open');
    return pageOf(filtered, page, (query) =>
      status === 'open'
        ? query.selectAll().orderBy('due_at').orderBy('id')
        : query.selectAll().orderBy('decided_at', 'desc').orderBy('id', 'desc'),
    );
  }

  /** The decision's compare-and-set: only an open appeal still at `version`. */
  decide(
    db: Executor,
    id: string,
    version: number,
    values: { status: string; decided_at: number; operator_id: string | null; reason: string; reply: string | null },
  ): Promise<boolean> {
    return updatedOne(
      db
        .updateTable('appeals')
        .set((eb) => ({ ...values, version: eb('version', '+', 1) }))
        .where('id', '=', id)
        .where('status', '=', 'open')
        .where('version', '=', version),
    );
  }

  async deleteOf(db: Executor, userId: string): Promise<void> {
    await db.deleteFrom('appeals').where('user_id', '=', userId).execute();
  }
}
