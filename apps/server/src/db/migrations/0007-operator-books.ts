import { sql, type Kysely } from 'kysely';

// Schema builder only (decision 002 "Kysely over embedded SQLite or PostgreSQL"). Money that arrived for an order
// already paid is held in `system:refunds-due`; an operator refunds it to its payer once. The primary key is the
// "once".

// Migrations are frozen in time, so they do not use the evolving app schema type.
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('payment_refunds')
    .addColumn('payment_id', 'varchar(64)', (c) => c.primaryKey().references('payments.id'))
    .addColumn('user_id', 'varchar(64)', (c) => c.notNull().references('users.id'))
    .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount > 0`))
    .addColumn('transfer_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('operator', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('payment_refunds').execute();
}
