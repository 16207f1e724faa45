import type { Kysely } from 'kysely';

// Schema builder only (decision 002 "Kysely over embedded SQLite or PostgreSQL"). Web Push (decision 048 "Web Push"): a
// browser's subscription per row, its endpoint unique (one browser belongs to one account at a time); each user's push
// preferences (on or off, the daily goal reminder and its local time and time zone, the language
// pushes are written in); and one row per user and local day a goal reminder was queued, whose
// primary key makes the reminder once a day whatever runs the sweep.

// Migrations are frozen in time, so they do not use the evolving app schema type.
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('push_subscriptions')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(64)', (c) => c.notNull().references('users.id'))
    .addColumn('endpoint', 'varchar(2048)', (c) => c.notNull().unique())
    .addColumn('p256dh', 'varchar(128)', (c) => c.notNull())
    .addColumn('auth', 'varchar(64)', (c) => c.notNull())
    .addColumn('label', 'varchar(120)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_success_at', 'bigint')
    .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('push_subscriptions_user').on('push_subscriptions').column('user_id').execute();

  await db.schema
    .createTable('push_preferences')
    .addColumn('user_id', 'varchar(64)', (c) => c.primaryKey().references('users.id'))
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('reminder_enabled', 'integer', (c) => c.notNull().defaultTo(0))
    /** Minutes after local midnight, 0..1439. */
    .addColumn('reminder_minute', 'integer', (c) => c.notNull().defaultTo(1200))
    .addColumn('time_zone', 'varchar(64)', (c) => c.notNull().defaultTo('UTC'))
    .addColumn('language', 'varchar(16)', (c) => c.notNull().defaultTo('en'))
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('push_preferences_reminder')
    .on('push_preferences')
    .columns(['reminder_enabled', 'enabled'])
    .execute();

  await db.schema
    .createTable('push_reminders')
    .addColumn('user_id', 'varchar(64)', (c) => c.notNull().references('users.id'))
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('push_reminders_pk', ['user_id', 'day'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('push_reminders').execute();
  await db.schema.dropTable('push_preferences').execute();
  await db.schema.dropTable('push_subscriptions').execute();
}
