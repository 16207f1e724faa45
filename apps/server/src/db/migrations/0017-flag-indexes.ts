import { PostgresAdapter, type Kysely } from 'kysely';

// Schema builder only (decision 002 "Kysely over embedded SQLite or PostgreSQL"). For flagged days (decision 029 "Steps
// from every source"): the shared-address check finds other accounts' delivery addresses by phone number without
// scanning the table; and a day's credited source is now a source key (`web:<device>`, up to 80 characters like
// step_sources.source), wider than the 16 characters of 0002. SQLite does not enforce lengths.

// Migrations are frozen in time, so they do not use the evolving app schema type.
type AnyDb = Kysely<any>;

const isPostgres = (db: AnyDb) => db.getExecutor().adapter instanceof PostgresAdapter;

export async function up(db: AnyDb): Promise<void> {
  await db.schema.createIndex('delivery_addresses_phone').on('delivery_addresses').column('phone').execute();
  if (isPostgres(db)) {
    await db.schema
      .alterTable('step_days')
      .alterColumn('source', (c) => c.setDataType('varchar(80)'))
      .execute();
  }
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('delivery_addresses_phone').execute();
}
