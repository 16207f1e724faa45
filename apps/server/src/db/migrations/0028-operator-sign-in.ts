import type { Kysely } from 'kysely';

// Schema builder only (decision 002 "Kysely over embedded SQLite or PostgreSQL"). Operator sign-in (decision
// 073 "Operator sign-in"): a created operator whose password was generated must set its own at the first sign-in;
// failures on one operator from any address lock its sign-in until a time, set by one compare-and-set; the last lock
// (when, after how many failures, from how many addresses) stays for the operator's own notice.

// Migrations are frozen in time, so they do not use the evolving app schema type.
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  // 1 until the operator has replaced a generated initial password; operators already there keep theirs.
  await db.schema
    .alterTable('operators')
    .addColumn('password_change_required', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // Sign-in is refused while this lies in the future; null or past, it is open.
  await db.schema.alterTable('operators').addColumn('sign_in_locked_until', 'bigint').execute();
  // The last lock, until the operator has seen the notice of it.
  await db.schema.alterTable('operators').addColumn('sign_in_locked_at', 'bigint').execute();
  await db.schema.alterTable('operators').addColumn('sign_in_lock_failures', 'integer').execute();
  await db.schema.alterTable('operators').addColumn('sign_in_lock_addresses', 'integer').execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const column of [
    'sign_in_lock_addresses',
    'sign_in_lock_failures',
    'sign_in_locked_at',
    'sign_in_locked_until',
    'password_change_required',
  ]) {
    await db.schema.alterTable('operators').dropColumn(column).execute();
  }
}
