import { type Kysely } from 'kysely';

// Schema builder only (decision 002 "Kysely over embedded SQLite or PostgreSQL"). The payment password
// (docs/product/payment-password.md, decision 104 "A payment password"): one per user, its argon2id hash, and the
// tries taken since the last right one, with the lock they set.

// Migrations are frozen in time, so they do not use the evolving app schema type.
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('payment_passwords')
    .addColumn('user_id', 'varchar(64)', (c) => c.primaryKey().references('users.id'))
    .addColumn('password_hash', 'varchar(255)', (c) => c.notNull())
    .addColumn('set_at', 'bigint', (c) => c.notNull())
    // Tries taken (each before its check) since the last right one or the last lock's end.
    .addColumn('tries', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('locked_until', 'bigint')
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('payment_passwords').execute();
}
