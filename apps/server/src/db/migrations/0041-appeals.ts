import type { Kysely } from 'kysely';

// Schema builder only (decision 002 "Kysely over embedded SQLite or PostgreSQL"). Appeals with a deadline
// (docs/product/appeals.md, decision 102 "Appeals with a deadline"): one row per appealed item, its uniqueness the
// "once per item"; the decision due by `due_at`, compared and set on `version`.

// Migrations are frozen in time, so they do not use the evolving app schema type.
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('appeals')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(64)', (c) => c.notNull().references('users.id'))
    // `step-day` (the subject is the day) or `report` (the report's id).
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('subject', 'varchar(64)', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull())
    .addColumn('file_id', 'varchar(64)', (c) => c.references('files.id'))
    // `open`, `granted` or `refused`.
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('due_at', 'bigint', (c) => c.notNull())
    .addColumn('decided_at', 'bigint')
    .addColumn('operator_id', 'varchar(64)')
    .addColumn('reason', 'varchar(32)')
    .addColumn('reply', 'text')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addUniqueConstraint('appeals_once_per_item', ['user_id', 'kind', 'subject'])
    .execute();
  // The reviewers' queue reads open appeals by due time; the dashboard counts the overdue.
  await db.schema.createIndex('appeals_by_status_due').on('appeals').columns(['status', 'due_at']).execute();
  await db.schema.createIndex('appeals_by_user').on('appeals').columns(['user_id', 'created_at']).execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('appeals').execute();
}
