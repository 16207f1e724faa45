import type { Kysely } from 'kysely';

// Schema builder only (decision 002 "Kysely over embedded SQLite or PostgreSQL"). SMS delivery and codes (decision
// 034 "SMS delivery and codes"): the outbox becomes a queue (a message waits as `pending` until a deliverer claims it
// with a lease, then is `sent`, or retried with backoff until `failed`), messages carry a template and its parameters
// for the provider, and every SMS code (sign-up, password reset) lives in one table by purpose.

// Migrations are frozen in time, so they do not use the evolving app schema type.
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('outbox_messages').addColumn('template', 'varchar(32)').execute();
  await db.schema.alterTable('outbox_messages').addColumn('params', 'text').execute();
  await db.schema
    .alterTable('outbox_messages')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('outbox_messages').addColumn('next_attempt_at', 'bigint').execute();
  await db.schema.alterTable('outbox_messages').addColumn('lease_token', 'varchar(64)').execute();
  await db.schema.alterTable('outbox_messages').addColumn('lease_until', 'bigint').execute();
  await db.schema.alterTable('outbox_messages').addColumn('sent_at', 'bigint').execute();
  await db.schema
    .createIndex('outbox_messages_due')
    .on('outbox_messages')
    .columns(['status', 'next_attempt_at'])
    .execute();

  await db.schema
    .createTable('sms_codes')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('purpose', 'varchar(16)', (c) => c.notNull())
    .addColumn('recipient', 'varchar(64)', (c) => c.notNull())
    .addColumn('code_hash', 'varchar(128)', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('used_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('sms_codes_recipient')
    .on('sms_codes')
    .columns(['purpose', 'recipient', 'created_at'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('sms_codes').execute();
  await db.schema.dropIndex('outbox_messages_due').execute();
  for (const column of ['sent_at', 'lease_until', 'lease_token', 'next_attempt_at', 'attempts', 'params', 'template']) {
    await db.schema.alterTable('outbox_messages').dropColumn(column).execute();
  }
}
