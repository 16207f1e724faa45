import type { Executor } from '../../db/executor.js';
import type { PushPreferencesTable, PushSubscriptionsTable } from '../../db/schema.js';

export type PushSubscriptionRow = Omit<PushSubscriptionsTable, 'failures'> & { failures: number };
export type PushPreferencesRow = PushPreferencesTable;

/** Web Push subscriptions, preferences and the daily reminder's days (decision 048 "Web Push"). */
export class PushRepository {
  /** Inserts unless the endpoint is taken; true when inserted. */
  async insertSubscription(db: Executor, row: Omit<PushSubscriptionRow, 'failures'>): Promise<boolean> {
    const result = await db
      .insertInto('push_subscriptions')
      .values({ ...row, failures: 0 })
      .onConflict((oc) => oc.column('endpoint').doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
  }

  findByEndpoint(db: Executor, endpoint: string): Promise<PushSubscriptionRow | undefined> {
    return db.selectFrom('push_subscriptions').selectAll().where('endpoint', '=', endpoint).executeTakeFirst();
  }

  findById(db: Executor, id: string): Promise<PushSubscriptionRow | undefined> {
    return db.selectFrom('push_subscriptions').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /**
   * Gives the endpoint's row to `userId` with these keys, only while it still belongs to
   * `fromUser` with `fromKeys` (a compare-and-set); true when it did.
   */
  async reassign(
    db: Executor,
    endpoint: string,
    from: { userId: string; p256dh: string; auth: string },
    to: { userId: string; p256dh: string; auth: string; label: string | null },
  ): Promise<boolean> {
    const result = await db
      .updateTable('push_subscriptions')
      .set({ user_id: to.userId, p256dh: to.p256dh, auth: to.auth, label: to.label, failures: 0 })
      .where('endpoint', '=', endpoint)
      .where('user_id', '=', from.userId)
      .where('p256dh', '=', from.p256dh)
      .where('auth', '=', from.auth)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async usersWithSubscriptions(db: Executor, userIds: readonly string[]): Promise<Set<string>> {
    if (userIds.length === 0) return new Set();
    const rows = await db
      .selectFrom('push_subscriptions')
      .select('user_id')
      .distinct()
      .where('user_id', 'in', userIds)
      .execute();
    return new Set(rows.map((row) => row.user_id));
  }

  listForUser(db: Executor, userId: string): Promise<PushSubscriptionRow[]> {
    return db
      .selectFrom('push_subscriptions')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .execute();
  }

  async deleteOwn(db: Executor, userId: string, endpoint: string): Promise<void> {
    await db.deleteFrom('push_subscriptions').where('user_id', '=', userId).where('endpoint', '=', endpoint).execute();
  }

  async deleteById(db: Executor, id: string): Promise<void> {
    await db.deleteFrom('push_subscriptions').where('id', '=', id).execute();
  }

  async recordSuccess(db: Executor, id: string, at: number): Promise<void> {
    await db.updateTable('push_subscriptions').set({ last_success_at: at, failures: 0 }).where('id', '=', id).execute();
  }

  async recordFailure(db: Executor, id: string): Promise<void> {
    await db
      .updateTable('push_subscriptions')
      .set((eb) => ({ failures: eb('failures', '+', 1) }))
      .where('id', '=', id)
      .execute();
  }

  findPreferences(db: Executor, userId: string): Promise<PushPreferencesRow | undefined> {
    return db.selectFrom('push_preferences').selectAll().where('user_id', '=', userId).executeTakeFirst();
  }

  async savePreferences(db: Executor, row: PushPreferencesRow): Promise<void> {
    const { user_id: _user, ...change } = row;
    await db
      .insertInto('push_preferences')
      .values(row)
      .onConflict((oc) => oc.column('user_id').doUpdateSet(change))
      .execute();
  }

  /** Users with the daily reminder on and pushes on, after `afterUserId`, in id order (a page). */
  remindable(db: Executor, afterUserId: string, limit: number): Promise<PushPreferencesRow[]> {
    return db
      .selectFrom('push_preferences')
      .selectAll()
      .where('reminder_enabled', '=', 1)
      .where('enabled', '=', 1)
      .where('user_id', '>', afterUserId)
      .orderBy('user_id')
      .limit(limit)
      .execute();
  }

  remindersOfUser(db: Executor, userId: string) {
    return db
      .selectFrom('push_reminders')
      .select(['day', 'created_at'])
      .where('user_id', '=', userId)
      .orderBy('day')
      .execute();
  }

  /** The user's subscriptions, preferences and reminders (the account's deletion). */
  async deleteAllOfUser(db: Executor, userId: string): Promise<void> {
    await db.deleteFrom('push_subscriptions').where('user_id', '=', userId).execute();
    await db.deleteFrom('push_preferences').where('user_id', '=', userId).execute();
    await db.deleteFrom('push_reminders').where('user_id', '=', userId).execute();
  }

  async hasReminder(db: Executor, userId: string, day: string): Promise<boolean> {
    const row = await db
      .selectFrom('push_reminders')
      .select('day')
      .where('user_id', '=', userId)
      .where('day', '=', day)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** The day's reminder, once: false when it was already there (the primary key decides). */
  async claimReminder(db: Executor, userId: string, day: string, at: number): Promise<boolean> {
    const result = await db
      .insertInto('push_reminders')
      .values({ user_id: userId, day, created_at: at })
      .onConflict((oc) => oc.columns(['user_id', 'day']).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
  }
}
