import type { Kysely } from 'kysely';

// Schema builder only (decision 002 "Kysely over embedded SQLite or PostgreSQL"). Indexes for the dashboard's read-only
// aggregates (decision 027 "The console's dashboard"): each reads the last 30 days of a table that grows with every
// user and day, or counts one queue, without scanning the whole table.

// Migrations are frozen in time, so they do not use the evolving app schema type.
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema.createIndex('ledger_entries_created_at').on('ledger_entries').column('created_at').execute();
  await db.schema.createIndex('ledger_transfers_created_at').on('ledger_transfers').column('created_at').execute();
  await db.schema.createIndex('step_days_day').on('step_days').column('day').execute();
  await db.schema
    .createIndex('membership_orders_paid')
    .on('membership_orders')
    .columns(['status', 'paid_at'])
    .execute();
  await db.schema.createIndex('withdrawals_paid').on('withdrawals').columns(['status', 'paid_at']).execute();
  await db.schema
    .createIndex('identities_face_status')
    .on('identities')
    .columns(['face_status', 'face_submitted_at'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const name of [
    'identities_face_status',
    'withdrawals_paid',
    'membership_orders_paid',
    'step_days_day',
    'ledger_transfers_created_at',
    'ledger_entries_created_at',
  ]) {
    await db.schema.dropIndex(name).execute();
  }
}
