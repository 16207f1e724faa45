import type { Kysely } from 'kysely';

// Schema builder only (decision 002 "Kysely over embedded SQLite or PostgreSQL"). Money under four eyes (decision
// 023 "Money under four eyes"): balance corrections waiting for a second finance operator, and on withdrawals the first
// approval of a large one, who paid it and the bank's transfer reference.

// Migrations are frozen in time, so they do not use the evolving app schema type.
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('balance_corrections')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(64)', (c) => c.notNull().references('users.id'))
    .addColumn('direction', 'varchar(8)', (c) => c.notNull())
    .addColumn('asset', 'varchar(16)', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('requested_by', 'varchar(96)', (c) => c.notNull())
    .addColumn('requested_by_id', 'varchar(64)')
    .addColumn('decided_by', 'varchar(96)')
    .addColumn('decision_reason', 'text')
    .addColumn('transfer_id', 'varchar(64)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('decided_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('balance_corrections_status')
    .on('balance_corrections')
    .columns(['status', 'created_at'])
    .execute();

  for (const column of ['first_approved_by', 'paid_by']) {
    await db.schema.alterTable('withdrawals').addColumn(column, 'varchar(96)').execute();
  }
  await db.schema.alterTable('withdrawals').addColumn('first_approved_at', 'bigint').execute();
  await db.schema.alterTable('withdrawals').addColumn('bank_reference', 'varchar(64)').execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const column of ['bank_reference', 'first_approved_at', 'paid_by', 'first_approved_by']) {
    await db.schema.alterTable('withdrawals').dropColumn(column).execute();
  }
  await db.schema.dropIndex('balance_corrections_status').execute();
  await db.schema.dropTable('balance_corrections').execute();
}
