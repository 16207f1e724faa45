import type { Kysely } from 'kysely';

// Schema builder only (decision 002 "Kysely over embedded SQLite or PostgreSQL"). Stale-edit refusal for the merchant's
// console: categories and goods carry an edit counter, starting at 1 and raised by every operator's save; a save names
// the version it read and is refused (1017) when the row moved on meanwhile.

// Migrations are frozen in time, so they do not use the evolving app schema type.
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('goods_categories')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .alterTable('goods')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('goods').dropColumn('version').execute();
  await db.schema.alterTable('goods_categories').dropColumn('version').execute();
}
