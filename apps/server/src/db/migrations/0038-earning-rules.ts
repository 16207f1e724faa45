import type { Kysely } from 'kysely';

// Schema builder only (decision 002 "Kysely over embedded SQLite or PostgreSQL"). The earning rules as published
// versions (docs/product/earning-rules.md, decision 098 "Earning rules as published versions"): one row per version,
// one per first day it applies to; and the book's counter, which every publication compares and sets, so that two
// operators publishing at once cannot both win. The first version is written from the configuration when the rules
// are first read.

// Migrations are frozen in time, so they do not use the evolving app schema type.
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('rule_versions')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    // The first service day it applies to; the version in force on a day is the latest that starts on or before it.
    .addColumn('effective_on', 'varchar(10)', (c) => c.notNull().unique())
    .addColumn('published_at', 'bigint', (c) => c.notNull())
    .addColumn('published_by', 'varchar(64)', (c) => c.notNull())
    // The rules, each a whole number (money in minor units).
    .addColumn('steps_per_point', 'integer', (c) => c.notNull())
    .addColumn('points_daily_max', 'integer', (c) => c.notNull())
    .addColumn('exchange_points_per_unit', 'integer', (c) => c.notNull())
    .addColumn('exchange_cash_per_unit', 'integer', (c) => c.notNull())
    .addColumn('exchange_min_points', 'integer', (c) => c.notNull())
    .addColumn('invite_reward_points', 'integer', (c) => c.notNull())
    .addColumn('invite_qualifying_steps', 'integer', (c) => c.notNull())
    .addColumn('withdraw_fee_permille', 'integer', (c) => c.notNull())
    .addColumn('withdraw_fee_min', 'bigint', (c) => c.notNull())
    .addColumn('withdraw_min', 'bigint', (c) => c.notNull())
    .addColumn('withdraw_daily_max', 'bigint', (c) => c.notNull())
    // When every user was told of it (the first version, from the configuration, is told to nobody).
    .addColumn('told_at', 'bigint')
    .execute();
  await db.schema
    .createTable('rule_book')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('version', 'integer', (c) => c.notNull())
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('rule_book').execute();
  await db.schema.dropTable('rule_versions').execute();
}
