import { sql, type Updateable } from 'kysely';
import type { Executor } from '../../db/executor.js';
import { newestFirst, pageCounted, updatedOne } from '../../db/queries.js';
import type { BalanceCorrectionsTable } from '../../db/schema.js';
import type { Independence } from '../audit/audit.service.js';

export type CorrectionRow = BalanceCorrectionsTable;
export type CorrectionWithUserRow = CorrectionRow & { user_account: string };

/** Balance corrections (decision 023 "Money under four eyes"): each decision is a compare-and-set on `pending`. */
export class CorrectionsRepository {
  findUser(db: Executor, ref: string): Promise<{ id: string; account: string } | undefined> {
    return db
      .selectFrom('users')
      .select(['id', 'account'])
      .where((eb) => eb.or([eb('id', '=', ref), eb('account', '=', ref)]))
      .executeTakeFirst();
  }

  async insert(db: Executor, row: CorrectionRow): Promise<void> {
    await db.insertInto('balance_corrections').values(row).execute();
  }

  find(db: Executor, id: string): Promise<CorrectionWithUserRow | undefined> {
    return db
      .selectFrom('balance_corrections as c')
      .innerJoin('users as u', 'u.id', 'c.user_id')
      .selectAll('c')
      .select('u.account as user_account')
      .where('c.id', '=', id)
      .executeTakeFirst();
  }

  /**
   * From pending to a decision, once. `requester` narrows it to corrections someone did (`same`)
   * or did not (`other`) request, and `independence` (an approval, decision 074 "Independent second approvers") to
   * requesters independent of the decider: four eyes is part of the one statement.
   */
  decide(
    db: Executor,
    id: string,
    values: Updateable<BalanceCorrectionsTable>,
    requester: { name: string; is: 'same' | 'other' },
    independence?: Independence,
  ): Promise<boolean> {
    let query = db
      .updateTable('balance_corrections')
      .set(values)
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .where('requested_by', requester.is === 'same' ? '=' : '!=', requester.name);
    if (independence) query = query.where(independence(sql.ref('balance_corrections.requested_by')));
    return updatedOne(query);
  }

  async setTransfer(db: Executor, id: string, transferId: string): Promise<void> {
    await db.updateTable('balance_corrections').set({ transfer_id: transferId }).where('id', '=', id).execute();
  }

  /** Pending first, then newest. */
  list(
    db: Executor,
    filter: { status?: string | undefined },
    page: { limit: number; offset: number },
  ): Promise<{ rows: CorrectionWithUserRow[]; total: number }> {
    let rows = db
      .selectFrom('balance_corrections as c')
      .innerJoin('users as u', 'u.id', 'c.user_id')
      .selectAll('c')
      .select('u.account as user_account');
    let count = db.selectFrom('balance_corrections as c');
    if (filter.status) {
      rows = rows.where('c.status', '=', filter.status);
      count = count.where('c.status', '=', filter.status);
    }
    const pendingFirst = rows.orderBy(sql`case when c.status = 'pending' then 0 else 1 end`);
    return pageCounted(newestFirst(pendingFirst, 'c.created_at', 'c.id'), count, page);
  }
}
