import type { Kysely } from 'kysely';

// Schema builder only (decision 002 "Kysely over embedded SQLite or PostgreSQL"). Challenges (docs/product/challenges.md;
// decision 095 "Challenge summaries and prize pools"): a challenge with its rules, period and prize pool; one row per
// participant (the key), with the summary of their steps kept beside it and, once settled, their place and prize; one
// row per club in a `team-total` one; and the watermark of the summaries' refresh. Indexes on walking's change marks
// (`step_days.reported_at`, the reviews' `created_at` and `decided_at`) let the refresh find the days that changed.

// Migrations are frozen in time, so they do not use the evolving app schema type.
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('challenges')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('scope', 'varchar(16)', (c) => c.notNull())
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('title', 'varchar(120)', (c) => c.notNull())
    .addColumn('description', 'varchar(4000)', (c) => c.notNull().defaultTo(''))
    .addColumn('creator_user_id', 'varchar(64)', (c) => c.references('users.id'))
    .addColumn('club_id', 'varchar(64)', (c) => c.references('clubs.id'))
    .addColumn('code', 'varchar(16)', (c) => c.unique())
    .addColumn('starts_on', 'varchar(10)', (c) => c.notNull())
    .addColumn('ends_on', 'varchar(10)', (c) => c.notNull())
    .addColumn('daily_steps', 'integer')
    .addColumn('days_needed', 'integer')
    .addColumn('winners', 'integer')
    .addColumn('prize_points', 'bigint', (c) => c.notNull().defaultTo(0))
    // The prize fund's name (`system:prizes:<fund>`) and when the pool moved from it; null until funded.
    .addColumn('fund', 'varchar(64)')
    .addColumn('funded_at', 'bigint')
    // `open`, `settling` (results fixed, paying), `settled`, `cancelled`; upcoming, running and deciding follow from
    // the day.
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('ended_reason', 'varchar(500)')
    .addColumn('hidden_at', 'bigint')
    // Kept with every join and leave under the challenge row's lock.
    .addColumn('participant_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('team_count', 'integer', (c) => c.notNull().defaultTo(0))
    // The settlement: results fixed at `results_at`, then paid; a lease keeps one server at it at a time.
    .addColumn('results_at', 'bigint')
    .addColumn('lease_until', 'bigint')
    .addColumn('winners_count', 'integer')
    .addColumn('paid_points', 'bigint')
    .addColumn('returned_points', 'bigint')
    .addColumn('settled_at', 'bigint')
    .addColumn('refreshed_at', 'bigint')
    // The participants were told it started, is half over, ends today.
    .addColumn('started_told_at', 'bigint')
    .addColumn('halfway_told_at', 'bigint')
    .addColumn('ending_told_at', 'bigint')
    .addColumn('created_by', 'varchar(120)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.createIndex('challenges_status_ends').on('challenges').columns(['status', 'ends_on']).execute();
  await db.schema
    .createIndex('challenges_scope_status')
    .on('challenges')
    .columns(['scope', 'status', 'ends_on'])
    .execute();
  await db.schema.createIndex('challenges_creator').on('challenges').columns(['creator_user_id', 'status']).execute();
  await db.schema.createIndex('challenges_club').on('challenges').columns(['club_id', 'status']).execute();
  await db.schema.createIndex('challenges_created').on('challenges').columns(['created_at', 'id']).execute();

  await db.schema
    .createTable('challenge_participants')
    .addColumn('challenge_id', 'varchar(64)', (c) => c.notNull().references('challenges.id'))
    .addColumn('user_id', 'varchar(64)', (c) => c.notNull().references('users.id'))
    // `team-total`: the club they walk for.
    .addColumn('club_id', 'varchar(64)')
    .addColumn('joined_at', 'bigint', (c) => c.notNull())
    .addColumn('left_at', 'bigint')
    // The account was deleted after the results were fixed: on the board as a former member.
    .addColumn('erased_at', 'bigint')
    // The summary, refreshed from the days that changed; final once the results are fixed.
    .addColumn('steps', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('pending_steps', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('goal_days', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('pending_days', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('refreshed_at', 'bigint')
    // The results: place, won or finished, the share of the pool, and when it was paid.
    .addColumn('place', 'integer')
    .addColumn('won', 'integer')
    .addColumn('prize_points', 'bigint')
    .addColumn('paid_at', 'bigint')
    .addPrimaryKeyConstraint('challenge_participants_pk', ['challenge_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('challenge_participants_board')
    .on('challenge_participants')
    .columns(['challenge_id', 'steps desc'])
    .execute();
  await db.schema
    .createIndex('challenge_participants_user')
    .on('challenge_participants')
    .columns(['user_id'])
    .execute();

  await db.schema
    .createTable('challenge_teams')
    .addColumn('challenge_id', 'varchar(64)', (c) => c.notNull().references('challenges.id'))
    .addColumn('club_id', 'varchar(64)', (c) => c.notNull().references('clubs.id'))
    .addColumn('entered_at', 'bigint', (c) => c.notNull())
    .addColumn('steps', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('pending_steps', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('participants', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('place', 'integer')
    .addPrimaryKeyConstraint('challenge_teams_pk', ['challenge_id', 'club_id'])
    .execute();

  // One row per name: how far a pass over changed rows has read (the challenges' refresh).
  await db.schema
    .createTable('watermarks')
    .addColumn('name', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema.createIndex('step_days_reported').on('step_days').columns(['reported_at']).execute();
  await db.schema.createIndex('step_reviews_created').on('step_reviews').columns(['created_at']).execute();
  await db.schema.createIndex('step_reviews_decided').on('step_reviews').columns(['decided_at']).execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('step_reviews_decided').execute();
  await db.schema.dropIndex('step_reviews_created').execute();
  await db.schema.dropIndex('step_days_reported').execute();
  await db.schema.dropTable('watermarks').execute();
  await db.schema.dropTable('challenge_teams').execute();
  await db.schema.dropTable('challenge_participants').execute();
  await db.schema.dropTable('challenges').execute();
}
