import type { Kysely } from 'kysely';

// Schema builder only (decision 002 "Kysely over embedded SQLite or PostgreSQL"). Content in the console (decision
// 028 "Content in the console"): notices and community channels get a version for stale edits, notices an update time,
// and companion packages uploaded in the console are recorded (the newest version code is served).

// Migrations are frozen in time, so they do not use the evolving app schema type.
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('notices')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.alterTable('notices').addColumn('updated_at', 'bigint').execute();
  await db.schema
    .alterTable('community_channels')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .createTable('companion_packages')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('version', 'varchar(32)', (c) => c.notNull())
    // Once per version code: the constraint, not a read before the insert (decision 015 "Only once rules are held by
    // the database").
    .addColumn('version_code', 'integer', (c) => c.notNull().unique())
    .addColumn('file_name', 'varchar(128)', (c) => c.notNull())
    .addColumn('storage_key', 'varchar(255)', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('sha256', 'varchar(64)', (c) => c.notNull())
    .addColumn('operator_id', 'varchar(64)', (c) => c.references('operators.id'))
    .addColumn('uploaded_by', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('companion_packages').execute();
  await db.schema.alterTable('community_channels').dropColumn('version').execute();
  await db.schema.alterTable('notices').dropColumn('updated_at').execute();
  await db.schema.alterTable('notices').dropColumn('version').execute();
}
