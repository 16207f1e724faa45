import type { Insertable, Selectable } from 'kysely';
import type { Executor } from '../../db/executor.js';
import { oldestFirst, updatedCount } from '../../db/queries.js';
import type { ConsentsTable, PolicyVersionsTable } from '../../db/schema.js';

export type PolicyVersionRow = Selectable<PolicyVersionsTable>;
export type ConsentRow = Selectable<ConsentsTable>;

/** Policy versions and the consent records (decision 046 "Policies and consent"). */
export class PoliciesRepository {
  /** The highest version of a policy: the current one. */
  current(db: Executor, kind: string): Promise<PolicyVersionRow | undefined> {
    return db
      .selectFrom('policy_versions')
      .selectAll()
      .where('kind', '=', kind)
      .orderBy('version', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  find(db: Executor, kind: string, version: number): Promise<PolicyVersionRow | undefined> {
    return db
      .selectFrom('policy_versions')
      .selectAll()
      .where('kind', '=', kind)
      .where('version', '=', version)
      .executeTakeFirst();
  }

  listAll(db: Executor): Promise<PolicyVersionRow[]> {
    return db.selectFrom('policy_versions').selectAll().orderBy('kind').orderBy('version', 'desc').execute();
  }

  async insertVersion(db: Executor, row: Insertable<PolicyVersionsTable>): Promise<void> {
    await db.insertInto('policy_versions').values(row).execute();
  }

  /** The user's consents in force (not withdrawn), newest first. */
  inForce(db: Executor, userId: string): Promise<ConsentRow[]> {
    return db
      .selectFrom('consents')
      .selectAll()
      .where('user_id', '=', userId)
      .where('withdrawn_at', 'is', null)
      .orderBy('granted_at', 'desc')
      .execute();
  }

  /** Every consent of the user, withdrawn ones too, oldest first. */
  history(db: Executor, userId: string): Promise<ConsentRow[]> {
    return oldestFirst(
      db.selectFrom('consents').selectAll().where('user_id', '=', userId),
      'granted_at',
      'id',
    ).execute();
  }

  async insertConsent(db: Executor, row: ConsentRow): Promise<void> {
    await db.insertInto('consents').values(row).execute();
  }

  /** Keeps the user's consent records as evidence of what was agreed, without the client address. */
  async forgetAddresses(db: Executor, userId: string): Promise<void> {
    await db.updateTable('consents').set({ client_address: '' }).where('user_id', '=', userId).execute();
  }

  /** Marks the kind's consents in force as withdrawn; the rows stay. */
  withdraw(db: Executor, userId: string, kind: string, at: number): Promise<number> {
    const inForce = db.updateTable('consents').where('user_id', '=', userId).where('kind', '=', kind);
    return updatedCount(inForce.set({ withdrawn_at: at }).where('withdrawn_at', 'is', null));
  }
}
