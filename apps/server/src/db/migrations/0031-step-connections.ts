import { sql, type Kysely } from 'kysely';

// Schema builder only (decision 002 "Kysely over embedded SQLite or PostgreSQL"). Connected wearable accounts (decision
// 086 "Connected wearable accounts"): one row per connection with its sealed tokens and sync state, the OAuth starts
// that wait for the provider's redirect, a log of sync attempts for the operators' health view, and the hourly buckets
// a step-source token posts (each counted once).

// Migrations are frozen in time, so they do not use the evolving app schema type.
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('step_connections')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(64)', (c) => c.notNull().references('users.id'))
    // One of STEP_PROVIDERS.
    .addColumn('provider', 'varchar(16)', (c) => c.notNull())
    // The account's id at the provider (Fitbit's user id, Huawei's open id).
    .addColumn('provider_user_id', 'varchar(128)', (c) => c.notNull())
    .addColumn('account_name', 'varchar(128)', (c) => c.notNull())
    // Sealed with the data key (FieldCipher); emptied on disconnect.
    .addColumn('access_token', 'text', (c) => c.notNull())
    .addColumn('refresh_token', 'text', (c) => c.notNull())
    .addColumn('token_expires_at', 'bigint', (c) => c.notNull())
    .addColumn('scope', 'varchar(500)', (c) => c.notNull())
    // `active`, `revoked` (noticed at the provider) or `disconnected` (by the user, an operator, deletion).
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('connected_at', 'bigint', (c) => c.notNull())
    .addColumn('disconnected_at', 'bigint')
    .addColumn('last_sync_at', 'bigint')
    // One of STEP_SYNC_ERRORS, or null after a good sync.
    .addColumn('last_error', 'varchar(32)')
    .addColumn('last_error_at', 'bigint')
    .addColumn('next_sync_at', 'bigint')
    .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
    // A sync holds the connection until then (compare-and-set), so two never run at once.
    .addColumn('lease_token', 'varchar(64)')
    .addColumn('lease_until', 'bigint')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .createIndex('step_connections_user')
    .on('step_connections')
    .columns(['user_id', 'connected_at'])
    .execute();
  // One provider account, one Stride account; one live connection per user and provider.
  await db.schema
    .createIndex('step_connections_account_once')
    .on('step_connections')
    .columns(['provider', 'provider_user_id'])
    .unique()
    .where(sql.ref('status'), '<>', 'disconnected')
    .execute();
  await db.schema
    .createIndex('step_connections_user_provider_once')
    .on('step_connections')
    .columns(['user_id', 'provider'])
    .unique()
    .where(sql.ref('status'), '<>', 'disconnected')
    .execute();
  await db.schema
    .createIndex('step_connections_due')
    .on('step_connections')
    .columns(['next_sync_at'])
    .where(sql.ref('status'), '=', 'active')
    .execute();

  await db.schema
    .createTable('step_connection_starts')
    // SHA-256 of the state sent to the provider.
    .addColumn('state_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(64)', (c) => c.notNull().references('users.id'))
    .addColumn('provider', 'varchar(16)', (c) => c.notNull())
    // The PKCE verifier, sealed with the data key.
    .addColumn('code_verifier', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    // Set once, by compare-and-set: a state is used once.
    .addColumn('used_at', 'bigint')
    .execute();

  await db.schema
    .createTable('step_sync_log')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('connection_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('provider', 'varchar(16)', (c) => c.notNull())
    // `ok`, `error` or `rateLimited`.
    .addColumn('result', 'varchar(16)', (c) => c.notNull())
    .addColumn('error', 'varchar(32)')
    .addColumn('days', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('step_sync_log_at').on('step_sync_log').columns(['provider', 'at']).execute();

  await db.schema
    .createTable('step_buckets')
    .addColumn('user_id', 'varchar(64)', (c) => c.notNull().references('users.id'))
    // The source the bucket counts for (`device:<token id>`).
    .addColumn('source', 'varchar(80)', (c) => c.notNull())
    .addColumn('start_at', 'bigint', (c) => c.notNull())
    .addColumn('end_at', 'bigint', (c) => c.notNull())
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('steps', 'integer', (c) => c.notNull())
    // One of STEP_BUCKET_RECORDINGS.
    .addColumn('recorded', 'varchar(16)', (c) => c.notNull())
    .addColumn('received_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('step_buckets_pk', ['user_id', 'source', 'start_at'])
    .execute();
  await db.schema.createIndex('step_buckets_day').on('step_buckets').columns(['user_id', 'source', 'day']).execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('step_buckets').execute();
  await db.schema.dropTable('step_sync_log').execute();
  await db.schema.dropTable('step_connection_starts').execute();
  await db.schema.dropTable('step_connections').execute();
}
