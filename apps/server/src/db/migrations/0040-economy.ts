import { sql, type Kysely } from 'kysely';

// Schema builder only (decision 002 "Kysely over embedded SQLite or PostgreSQL"). The economy page (docs/console/
// economy.md, decision 100 "The economy page"): the daily points cap's counter, one row per service day, taken from
// with one conditional update; the days whose points a reached cap held, collectable on a later day; and what a
// collection's cap held, so that its replay answers the same.

// Migrations are frozen in time, so they do not use the evolving app schema type.
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('economy_days')
    .addColumn('day', 'varchar(10)', (c) => c.primaryKey())
    // Points credited for steps that day while the cap was on; never above the cap.
    .addColumn('points_issued', 'bigint', (c) => c.notNull())
    // What the last take got: the update answers it, as it computes it from the row before the update.
    .addColumn('last_taken', 'bigint', (c) => c.notNull().defaultTo(0))
    .addCheckConstraint('economy_days_points_issued', sql`points_issued >= 0`)
    .execute();
  await db.schema
    .createTable('points_cap_holds')
    .addColumn('user_id', 'varchar(64)', (c) => c.notNull().references('users.id'))
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('held_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('points_cap_holds_pk', ['user_id', 'day'])
    .execute();
  // A collection's answer is replayed whole: what the cap held back of today's points, and what it credited of days
  // the cap had held before.
  await db.schema
    .alterTable('point_collections')
    .addColumn('capped_points', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('point_collections')
    .addColumn('earlier_points', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('point_collections').dropColumn('earlier_points').execute();
  await db.schema.alterTable('point_collections').dropColumn('capped_points').execute();
  await db.schema.dropTable('points_cap_holds').execute();
  await db.schema.dropTable('economy_days').execute();
}
