import type { Kysely } from 'kysely';

// Schema builder only (decision 002 "Kysely over embedded SQLite or PostgreSQL"). A called-off challenge is marked once
// its participants were told (docs/product/challenges.md, Notifications): the challenges' pass tells those a stop left
// untold. Challenges called off before this mark existed were told when they were called off.

// Migrations are frozen in time, so they do not use the evolving app schema type.
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('challenges').addColumn('cancelled_told_at', 'bigint').execute();
  await db.updateTable('challenges').set({ cancelled_told_at: Date.now() }).where('status', '=', 'cancelled').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('challenges').dropColumn('cancelled_told_at').execute();
}
