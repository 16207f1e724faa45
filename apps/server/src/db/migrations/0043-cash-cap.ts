import { sql, type Kysely } from 'kysely';

// Schema builder only (decision 002 "Kysely over embedded SQLite or PostgreSQL"). The daily cap on cash back paid
// (docs/console/economy.md, decision 103 "A daily cap on cash back paid"): its counter, one row per service day, taken
// from with one conditional update as the points cap's is; and the card days whose cash back a reached cap held, paid
// by a later day's settlement within that day's cap.

// Migrations are frozen in time, so they do not use the evolving app schema type.
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('cash_cap_days')
    .addColumn('day', 'varchar(10)', (c) => c.primaryKey())
    // Cash back credited that day (in minor units) while the cap was on; never above the cap.
    .addColumn('cash_paid', 'bigint', (c) => c.notNull())
    .addColumn('last_taken', 'bigint', (c) => c.notNull().defaultTo(0))
    .addCheckConstraint('cash_cap_days_cash_paid', sql`cash_paid >= 0`)
    .execute();
  await db.schema
    .createTable('cash_back_cap_holds')
    .addColumn('card_id', 'varchar(64)', (c) => c.notNull().references('member_cards.id'))
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(64)', (c) => c.notNull().references('users.id'))
    .addColumn('held_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('cash_back_cap_holds_pk', ['card_id', 'day'])
    .execute();
  // The settlement pays the oldest days first; a receipt reads its user's day.
  await db.schema
    .createIndex('cash_back_cap_holds_day')
    .on('cash_back_cap_holds')
    .columns(['day', 'user_id'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('cash_back_cap_holds').execute();
  await db.schema.dropTable('cash_cap_days').execute();
}
