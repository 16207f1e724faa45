import type { Kysely } from 'kysely';

// Schema builder only (decision 002 "Kysely over embedded SQLite or PostgreSQL"). Public catalogue images uploaded in
// the console (goods, banners, quick entries, notices): served to everyone at /media/<id>.<ext>, unlike users' uploads.

// Migrations are frozen in time, so they do not use the evolving app schema type.
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('media')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('content_type', 'varchar(32)', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('storage_key', 'varchar(255)', (c) => c.notNull())
    .addColumn('operator_id', 'varchar(64)', (c) => c.references('operators.id'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('media').execute();
}
