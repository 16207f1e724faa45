import type { Kysely } from 'kysely';

// Schema builder only (decision 002 "Kysely over embedded SQLite or PostgreSQL"). User care in the console (decision
// 026 "User care in the operator console"): a user can be frozen (when, by whom, why), with a version for stale-edit
// checks; outbox messages say whether they were sent or failed.

// Migrations are frozen in time, so they do not use the evolving app schema type.
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('users').addColumn('frozen_at', 'bigint').execute();
  await db.schema.alterTable('users').addColumn('frozen_by', 'varchar(64)').execute();
  await db.schema.alterTable('users').addColumn('frozen_reason', 'text').execute();
  // +1 for each change of the account's state by an operator (compare-and-set, decision 026 "User care in the operator
  // console").
  await db.schema
    .alterTable('users')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .alterTable('outbox_messages')
    .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('sent'))
    .execute();
  await db.schema.alterTable('outbox_messages').addColumn('error', 'text').execute();
  await db.schema.createIndex('outbox_messages_created').on('outbox_messages').column('created_at').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('outbox_messages_created').execute();
  for (const column of ['error', 'status']) await db.schema.alterTable('outbox_messages').dropColumn(column).execute();
  for (const column of ['version', 'frozen_reason', 'frozen_by', 'frozen_at']) {
    await db.schema.alterTable('users').dropColumn(column).execute();
  }
}
