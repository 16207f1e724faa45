import type { Executor } from './executor.js';

/**
 * Takes the user row's write lock until the transaction ends, with a no-op update (portable: a
 * row lock on PostgreSQL; on SQLite every write transaction is already one at a time). Rules that
 * are counts rather than unique keys (at most N cards or addresses, one default, a yearly reward
 * limit) read and write after it, so two requests of one user cannot both pass the check.
 */
export async function lockUserRow(db: Executor, userId: string): Promise<void> {
  await db
    .updateTable('users')
    .set((eb) => ({ invite_code: eb.ref('invite_code') }))
    .where('id', '=', userId)
    .execute();
}
