import type { Kysely } from 'kysely';

// Schema builder only (decision 002 "Kysely over embedded SQLite or PostgreSQL"). Operator accounts and console
// sessions (decision 021 "Operator accounts and console sessions"); the record of operator actions gains who acted by
// id, from where, and the state before and after.

// Migrations are frozen in time, so they do not use the evolving app schema type.
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('operators')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('name', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    // Comma-separated role names.
    .addColumn('roles', 'varchar(255)', (c) => c.notNull())
    .addColumn('disabled_at', 'bigint')
    .addColumn('totp_secret_encrypted', 'text')
    .addColumn('totp_confirmed_at', 'bigint')
    // The last accepted TOTP time step: a code is accepted only for a later step (no replay).
    .addColumn('totp_last_step', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('operator_recovery_codes')
    .addColumn('operator_id', 'varchar(64)', (c) => c.notNull().references('operators.id'))
    .addColumn('code_hash', 'varchar(128)', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .addPrimaryKeyConstraint('operator_recovery_codes_pk', ['operator_id', 'code_hash'])
    .execute();

  await db.schema
    .createTable('console_sessions')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('operator_id', 'varchar(64)', (c) => c.notNull().references('operators.id'))
    .addColumn('token_hash', 'varchar(128)', (c) => c.notNull().unique())
    // `enrolment` until a second factor is confirmed, then `full`.
    .addColumn('stage', 'varchar(16)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('revoked_at', 'bigint')
    .execute();
  await db.schema.createIndex('console_sessions_operator').on('console_sessions').column('operator_id').execute();

  await db.schema.alterTable('operator_actions').addColumn('operator_id', 'varchar(64)').execute();
  await db.schema.alterTable('operator_actions').addColumn('source', 'varchar(96)').execute();
  await db.schema.alterTable('operator_actions').addColumn('before', 'text').execute();
  await db.schema.alterTable('operator_actions').addColumn('after', 'text').execute();
  await db.schema.createIndex('operator_actions_created').on('operator_actions').column('created_at').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('operator_actions_created').execute();
  for (const column of ['after', 'before', 'source', 'operator_id']) {
    await db.schema.alterTable('operator_actions').dropColumn(column).execute();
  }
  for (const table of ['console_sessions', 'operator_recovery_codes', 'operators']) {
    await db.schema.dropTable(table).execute();
  }
}
