import type { Updateable } from 'kysely';
import type { Executor } from '../../db/executor.js';
import { updatedOne } from '../../db/queries.js';
import type { IdentitiesTable } from '../../db/schema.js';

export type IdentityRow = IdentitiesTable;
export type IdentityListRow = IdentityRow & { account: string };

export class IdentityRepository {
  find(db: Executor, userId: string): Promise<IdentityRow | undefined> {
    return db.selectFrom('identities').selectAll().where('user_id', '=', userId).executeTakeFirst();
  }

  /** One check with its user's mobile number, as the review queue lists it. */
  findWithAccount(db: Executor, userId: string): Promise<IdentityListRow | undefined> {
    return db
      .selectFrom('identities as i')
      .innerJoin('users as u', 'u.id', 'i.user_id')
      .selectAll('i')
      .select('u.account')
      .where('i.user_id', '=', userId)
      .executeTakeFirst();
  }

  async insert(db: Executor, row: IdentityRow): Promise<void> {
    await db.insertInto('identities').values(row).execute();
  }

  async update(db: Executor, userId: string, values: Updateable<IdentitiesTable>): Promise<void> {
    await db.updateTable('identities').set(values).where('user_id', '=', userId).execute();
  }

  /** Compare-and-set on the current status: two reviewers cannot both decide. */
  transition(
    db: Executor,
    userId: string,
    from: { status?: string; face_status?: string },
    values: Updateable<IdentitiesTable>,
  ): Promise<boolean> {
    let query = db.updateTable('identities').set(values).where('user_id', '=', userId);
    if (from.status) query = query.where('status', '=', from.status);
    if (from.face_status) query = query.where('face_status', '=', from.face_status);
    return updatedOne(query);
  }

  async setUserStatus(db: Executor, userId: string, status: string): Promise<void> {
    await db.updateTable('users').set({ real_name_status: status }).where('id', '=', userId).execute();
  }

  list(
    db: Executor,
    filter: { status?: string | undefined; faceStatus?: string | undefined },
    limit: number,
  ): Promise<IdentityListRow[]> {
    let query = db
      .selectFrom('identities as i')
      .innerJoin('users as u', 'u.id', 'i.user_id')
      .selectAll('i')
      .select('u.account');
    if (filter.status) query = query.where('i.status', '=', filter.status);
    if (filter.faceStatus) query = query.where('i.face_status', '=', filter.faceStatus);
    return query.orderBy('i.submitted_at', 'asc').limit(limit).execute();
  }

  async remove(db: Executor, userId: string): Promise<void> {
    await db.deleteFrom('identities').where('user_id', '=', userId).execute();
  }
}
