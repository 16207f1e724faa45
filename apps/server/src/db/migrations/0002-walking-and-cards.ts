import type { Kysely } from 'kysely';

// Schema builder only, so one file serves both dialects (decision 002 "Kysely over embedded SQLite or PostgreSQL").
// Days are 'YYYY-MM-DD' text in the business time zone; times are epoch ms; money and points are integer minor units.

// Migrations are frozen in time, so they do not use the evolving app schema type.
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('step_days')
    .addColumn('user_id', 'varchar(64)', (c) => c.notNull().references('users.id'))
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('steps', 'integer', (c) => c.notNull())
    .addColumn('source', 'varchar(16)', (c) => c.notNull())
    .addColumn('collected_points', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('reported_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('step_days_pk', ['user_id', 'day'])
    .execute();

  await db.schema
    .createTable('point_collections')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(64)', (c) => c.notNull().references('users.id'))
    .addColumn('idempotency_key', 'varchar(200)', (c) => c.notNull().unique())
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('points', 'bigint', (c) => c.notNull())
    .addColumn('cash_back', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('exchanges')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(64)', (c) => c.notNull().references('users.id'))
    .addColumn('transfer_id', 'varchar(64)', (c) => c.notNull().unique().references('ledger_transfers.id'))
    .addColumn('points', 'bigint', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('exchanges_user_id').on('exchanges').columns(['user_id', 'created_at']).execute();

  await db.schema
    .createTable('home_items')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('title', 'varchar(140)', (c) => c.notNull())
    .addColumn('image', 'text', (c) => c.notNull())
    .addColumn('target', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();

  await db.schema
    .createTable('card_plans')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('price', 'bigint', (c) => c.notNull())
    .addColumn('days', 'integer', (c) => c.notNull())
    .addColumn('daily_target', 'integer', (c) => c.notNull())
    .addColumn('daily_cash_back', 'bigint', (c) => c.notNull())
    .addColumn('multiplier_percent', 'integer', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('membership_orders')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(64)', (c) => c.notNull().references('users.id'))
    .addColumn('plan_id', 'varchar(64)', (c) => c.notNull().references('card_plans.id'))
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('pay_with', 'varchar(16)', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('idempotency_key', 'varchar(200)', (c) => c.notNull().unique())
    .addColumn('request_hash', 'varchar(128)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('paid_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('membership_orders_user_id')
    .on('membership_orders')
    .columns(['user_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('member_cards')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(64)', (c) => c.notNull().references('users.id'))
    .addColumn('plan_id', 'varchar(64)', (c) => c.notNull().references('card_plans.id'))
    .addColumn('order_id', 'varchar(64)', (c) => c.notNull().unique().references('membership_orders.id'))
    .addColumn('starts_on', 'varchar(10)', (c) => c.notNull())
    .addColumn('ends_on', 'varchar(10)', (c) => c.notNull())
    .addColumn('cash_back_total', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('member_cards_user_id').on('member_cards').columns(['user_id', 'ends_on']).execute();

  await db.schema
    .createTable('card_cash_backs')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('card_id', 'varchar(64)', (c) => c.notNull().references('member_cards.id'))
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('transfer_id', 'varchar(64)', (c) => c.notNull().references('ledger_transfers.id'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('card_cash_backs_card_day', ['card_id', 'day'])
    .execute();

  await db.schema
    .createTable('insurance_policies')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(64)', (c) => c.notNull().references('users.id'))
    .addColumn('card_id', 'varchar(64)', (c) => c.notNull().unique().references('member_cards.id'))
    .addColumn('policy_number', 'varchar(32)', (c) => c.unique())
    .addColumn('coverage', 'bigint', (c) => c.notNull())
    .addColumn('insured_name', 'varchar(64)')
    .addColumn('insured_id_masked', 'varchar(32)')
    .addColumn('insured_id_encrypted', 'text')
    .addColumn('relation', 'varchar(16)')
    .addColumn('starts_on', 'varchar(10)', (c) => c.notNull())
    .addColumn('ends_on', 'varchar(10)', (c) => c.notNull())
    .addColumn('claimed_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('insurance_policies_user_id').on('insurance_policies').column('user_id').execute();

  await db.schema
    .createTable('payments')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(64)', (c) => c.notNull().references('users.id'))
    .addColumn('order_id', 'varchar(64)', (c) => c.notNull().references('membership_orders.id'))
    .addColumn('provider', 'varchar(32)', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('pay_url', 'text', (c) => c.notNull())
    .addColumn('idempotency_key', 'varchar(200)', (c) => c.notNull().unique())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('completed_at', 'bigint')
    .execute();
  await db.schema.createIndex('payments_order_id').on('payments').column('order_id').execute();

  await db.schema
    .createTable('payment_events')
    .addColumn('provider', 'varchar(32)', (c) => c.notNull())
    .addColumn('event_id', 'varchar(128)', (c) => c.notNull())
    .addColumn('payment_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('outcome', 'varchar(16)', (c) => c.notNull())
    .addColumn('received_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('payment_events_pk', ['provider', 'event_id'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of [
    'payment_events',
    'payments',
    'insurance_policies',
    'card_cash_backs',
    'member_cards',
    'membership_orders',
    'card_plans',
    'home_items',
    'exchanges',
    'point_collections',
    'step_days',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
