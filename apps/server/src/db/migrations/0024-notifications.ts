import { sql, type Kysely } from 'kysely';

// Schema builder only (decision 002 "Kysely over embedded SQLite or PostgreSQL"). The notifications inbox (decision
// 044 "The notifications inbox"): one row per user and event, written in the transaction of the change it tells about.
// `dedupe_key` names the event (`withdrawal.paid:<id>`); the unique index on (user_id, dedupe_key) is what makes an
// event notify once, however often the decision or the sweep runs (decision 015 "Only once rules are held by the
// database"). `params` holds the values the text needs as JSON; the text itself is rendered in the reader's language
// when the inbox is read.

// Migrations are frozen in time, so they do not use the evolving app schema type.
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('notifications')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(64)', (c) => c.notNull().references('users.id'))
    .addColumn('kind', 'varchar(40)', (c) => c.notNull())
    .addColumn('params', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('link', 'varchar(200)')
    .addColumn('dedupe_key', 'varchar(160)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('read_at', 'bigint')
    .addUniqueConstraint('notifications_user_dedupe', ['user_id', 'dedupe_key'])
    .execute();
  await db.schema
    .createIndex('notifications_user_created')
    .on('notifications')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('notifications_user_unread')
    .on('notifications')
    .columns(['user_id'])
    .where(sql.ref('read_at'), 'is', null)
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('notifications').execute();
}
