import type { Kysely } from 'kysely';

// Schema builder only (decision 002). The shared-address check of a flagged day (decision 029)
// finds other accounts' delivery addresses by phone number without scanning the table.

// Migrations are frozen in time, so they do not use the evolving app schema type.
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema.createIndex('delivery_addresses_phone').on('delivery_addresses').column('phone').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('delivery_addresses_phone').execute();
}
