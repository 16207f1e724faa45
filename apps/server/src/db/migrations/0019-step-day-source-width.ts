import { PostgresAdapter, type Kysely } from 'kysely';

// Schema builder only (decision 002). A day's credited source is now the source's key
// (`device:<token id>`, `web:<device>`), as long as step_sources.source (migration 0016); SQLite
// does not enforce a varchar's length, so only PostgreSQL's column changes.

// Migrations are frozen in time, so they do not use the evolving app schema type.
type AnyDb = Kysely<any>;

const isPostgres = (db: AnyDb) => db.getExecutor().adapter instanceof PostgresAdapter;

export async function up(db: AnyDb): Promise<void> {
  if (!isPostgres(db)) return;
  await db.schema
    .alterTable('step_days')
    .alterColumn('source', (c) => c.setDataType('varchar(80)'))
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  if (!isPostgres(db)) return;
  await db.schema
    .alterTable('step_days')
    .alterColumn('source', (c) => c.setDataType('varchar(16)'))
    .execute();
}
