import { sql, type Kysely } from 'kysely';

// Schema builder only (decision 002 "Kysely over embedded SQLite or PostgreSQL"). Walking all day (decision 029 "Steps
// from every source"): each source's count per day (the day credits the highest), refused reports kept for the day's
// receipt, flagged days waiting for a reviewer, step-source tokens, health imports (once per file), and which devices
// counted for which accounts.

// Migrations are frozen in time, so they do not use the evolving app schema type.
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('device_tokens')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(64)', (c) => c.notNull().references('users.id'))
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    // SHA-256 of the token: the token itself is shown once and never stored.
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('hint', 'varchar(8)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_used_at', 'bigint')
    .addColumn('revoked_at', 'bigint')
    .execute();
  await db.schema.createIndex('device_tokens_user').on('device_tokens').columns(['user_id', 'created_at']).execute();

  await db.schema
    .createTable('step_sources')
    .addColumn('user_id', 'varchar(64)', (c) => c.notNull().references('users.id'))
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    // `web`, `web:<device>`, `companion`, `device:<token id>`, `appleHealth`, `googleFit`.
    .addColumn('source', 'varchar(80)', (c) => c.notNull())
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('steps', 'integer', (c) => c.notNull())
    .addColumn('reported_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('step_sources_pk', ['user_id', 'day', 'source'])
    .execute();

  await db.schema
    .createTable('step_refusals')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(64)', (c) => c.notNull().references('users.id'))
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('source', 'varchar(80)', (c) => c.notNull())
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('steps', 'integer', (c) => c.notNull())
    .addColumn('reason', 'varchar(16)', (c) => c.notNull())
    .addColumn('limit_steps', 'integer')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('step_refusals_day').on('step_refusals').columns(['user_id', 'day']).execute();

  await db.schema
    .createTable('step_reviews')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(64)', (c) => c.notNull().references('users.id'))
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    // JSON array of reasons.
    .addColumn('reasons', 'varchar(200)', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('decided_at', 'bigint')
    .addColumn('operator_id', 'varchar(64)', (c) => c.references('operators.id'))
    .addColumn('note', 'varchar(500)')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    // One review per user and day: the constraint, not a read before the insert (decision 015 "Only once rules are held
    // by the database").
    .addUniqueConstraint('step_reviews_user_day', ['user_id', 'day'])
    .execute();
  await db.schema.createIndex('step_reviews_status').on('step_reviews').columns(['status', 'created_at']).execute();

  await db.schema
    .createTable('step_devices')
    .addColumn('device', 'varchar(64)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(64)', (c) => c.notNull().references('users.id'))
    .addColumn('first_seen_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('step_devices_pk', ['device', 'user_id'])
    .execute();

  await db.schema
    .createTable('health_imports')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(64)', (c) => c.notNull().references('users.id'))
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('file_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('sha256', 'varchar(64)', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('days', 'integer', (c) => c.notNull())
    .addColumn('first_day', 'varchar(10)')
    .addColumn('last_day', 'varchar(10)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    // The same file twice adds nothing (decision 015 "Only once rules are held by the database").
    .addUniqueConstraint('health_imports_user_file', ['user_id', 'sha256'])
    .execute();

  // Every count so far came from one source per day.
  await sql`insert into step_sources (user_id, day, source, kind, steps, reported_at)
    select user_id, day, source, source, steps, reported_at from step_days`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of [
    'health_imports',
    'step_devices',
    'step_reviews',
    'step_refusals',
    'step_sources',
    'device_tokens',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
