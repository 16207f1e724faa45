import { sql, type Kysely } from 'kysely';

// Schema builder only (decision 002 "Kysely over embedded SQLite or PostgreSQL"). The payment lifecycle (decision
// 037 "The payment lifecycle"):
// - payments.checked_at: when the provider was last asked about a pending payment, so a polled
//   payment is queried at most every few seconds however many read it;
// - membership_orders.payment_id: the payment that paid an online order (the one an operator's
//   cancel refunds), filled in for orders paid before; cancelled_at: when the order was cancelled;
// - provider_refunds: money sent back through the provider, one per payment (the unique key is the
//   "once"), its id the refund id the provider deduplicates on; due until the provider confirms.

// Migrations are frozen in time, so they do not use the evolving app schema type.
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('payments').addColumn('checked_at', 'bigint').execute();
  await db.schema.alterTable('membership_orders').addColumn('payment_id', 'varchar(64)').execute();
  await db.schema.alterTable('membership_orders').addColumn('cancelled_at', 'bigint').execute();
  // An order paid online before: the first of its paid payments is the one the order took.
  await sql`
    update membership_orders set payment_id = (
      select p.id from payments p
      where p.order_id = membership_orders.id and p.status = 'paid'
      order by p.completed_at, p.id limit 1
    )
    where status = 'paid' and pay_with = 'online'
  `.execute(db);

  await db.schema
    .createTable('provider_refunds')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('payment_id', 'varchar(64)', (c) => c.notNull().unique().references('payments.id'))
    .addColumn('user_id', 'varchar(64)', (c) => c.notNull().references('users.id'))
    .addColumn('order_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('provider', 'varchar(32)', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount > 0`))
    .addColumn('reason', 'varchar(32)', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'bigint', (c) => c.notNull())
    .addColumn('last_error', 'varchar(500)')
    .addColumn('operator', 'varchar(64)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('completed_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('provider_refunds_due')
    .on('provider_refunds')
    .columns(['status', 'next_attempt_at'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('provider_refunds').execute();
  await db.schema.alterTable('membership_orders').dropColumn('cancelled_at').execute();
  await db.schema.alterTable('membership_orders').dropColumn('payment_id').execute();
  await db.schema.alterTable('payments').dropColumn('checked_at').execute();
}
