import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Migrations use only Kysely's schema builder (no app code), so one file serves both dialects.

// Migrations are frozen in time, so they do not use the evolving app schema type.
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('users')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('account', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('password_hash', 'varchar(255)', (c) => c.notNull())
    .addColumn('invite_code', 'varchar(16)', (c) => c.notNull().unique())
    .addColumn('invited_by', 'varchar(64)', (c) => c.references('users.id'))
    .addColumn('real_name_status', 'varchar(16)', (c) => c.notNull().defaultTo('none'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(64)', (c) => c.notNull().references('users.id'))
    .addColumn('token_hash', 'varchar(128)', (c) => c.notNull().unique())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('revoked_at', 'bigint')
    .execute();
  await db.schema.createIndex('sessions_user_id').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('captchas')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('answer_hash', 'varchar(128)', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .execute();
  await db.schema.createIndex('captchas_expires_at').on('captchas').column('expires_at').execute();

  await db.schema
    .createTable('rate_counters')
    .addColumn('key', 'varchar(200)', (c) => c.notNull())
    .addColumn('window_start', 'bigint', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('rate_counters_pk', ['key', 'window_start'])
    .execute();

  await db.schema
    .createTable('password_resets')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(64)', (c) => c.notNull().references('users.id'))
    .addColumn('code_hash', 'varchar(128)', (c) => c.notNull())
    .addColumn('code_expires_at', 'bigint', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('reset_key_hash', 'varchar(128)', (c) => c.unique())
    .addColumn('key_expires_at', 'bigint')
    .addColumn('used_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('password_resets_user_id').on('password_resets').column('user_id').execute();

  await db.schema
    .createTable('outbox_messages')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('channel', 'varchar(16)', (c) => c.notNull())
    .addColumn('recipient', 'varchar(64)', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('ledger_accounts')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('code', 'varchar(128)', (c) => c.notNull().unique())
    .addColumn('user_id', 'varchar(64)', (c) => c.references('users.id'))
    .addColumn('asset', 'varchar(16)', (c) => c.notNull())
    .addColumn('balance', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('allow_negative', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addCheckConstraint('ledger_accounts_no_overdraft', sql`allow_negative = 1 or balance >= 0`)
    .execute();
  await db.schema.createIndex('ledger_accounts_user_id').on('ledger_accounts').column('user_id').execute();

  await db.schema
    .createTable('ledger_transfers')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('kind', 'varchar(32)', (c) => c.notNull())
    .addColumn('idempotency_key', 'varchar(200)', (c) => c.unique())
    .addColumn('request_hash', 'varchar(128)')
    .addColumn('memo', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('ledger_entries')
    .addColumn('id', isPostgres ? 'bigserial' : 'integer', (c) => c.primaryKey())
    .addColumn('transfer_id', 'varchar(64)', (c) => c.notNull().references('ledger_transfers.id'))
    .addColumn('account_id', 'varchar(64)', (c) => c.notNull().references('ledger_accounts.id'))
    .addColumn('asset', 'varchar(16)', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('balance_after', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('ledger_entries_account_id').on('ledger_entries').columns(['account_id', 'id']).execute();
  await db.schema.createIndex('ledger_entries_transfer_id').on('ledger_entries').column('transfer_id').execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of [
    'ledger_entries',
    'ledger_transfers',
    'ledger_accounts',
    'outbox_messages',
    'password_resets',
    'rate_counters',
    'captchas',
    'sessions',
    'users',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
