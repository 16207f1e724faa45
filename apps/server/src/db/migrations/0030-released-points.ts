import type { Kysely } from 'kysely';

// Schema builder only (decision 002 "Kysely over embedded SQLite or PostgreSQL"). A cleared day's points are released
// to the user to collect, not credited by the reviewer (decision 078 "A held step day is never a dead end"): the review
// keeps how many points its clearing released and when the user collected them, so they are collected once.

// Migrations are frozen in time, so they do not use the evolving app schema type.
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('step_reviews').addColumn('released_points', 'integer').execute();
  await db.schema.alterTable('step_reviews').addColumn('released_collected_at', 'bigint').execute();
  // A collection's answer is replayed whole: how much of it was released points.
  await db.schema
    .alterTable('point_collections')
    .addColumn('released_points', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // Days cleared before: the reviewer's transaction credited their points, so nothing is left to collect.
  await db
    .updateTable('step_reviews')
    .set({ released_points: 0, released_collected_at: 0 })
    .where('status', '=', 'cleared')
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('point_collections').dropColumn('released_points').execute();
  await db.schema.alterTable('step_reviews').dropColumn('released_collected_at').execute();
  await db.schema.alterTable('step_reviews').dropColumn('released_points').execute();
}
