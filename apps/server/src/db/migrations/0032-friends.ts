import { sql, type Kysely } from 'kysely';

// Schema builder only (decision 002 "Kysely over embedded SQLite or PostgreSQL"). Friends (decision 094 "Friends: one
// row per pair"): a user's social settings, and one row per pair of users that holds their request, friendship and
// blocks, so every change between two people is a compare-and-set on that one row; and the likes of a friend's day.

// Migrations are frozen in time, so they do not use the evolving app schema type.
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('social_settings')
    .addColumn('user_id', 'varchar(64)', (c) => c.primaryKey().references('users.id'))
    .addColumn('findable_by_mobile', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('share_steps', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('show_avatar', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('friend_pairs')
    // The two users in id order: one row per pair, whoever asked first.
    .addColumn('user_low', 'varchar(64)', (c) => c.notNull().references('users.id'))
    .addColumn('user_high', 'varchar(64)', (c) => c.notNull().references('users.id'))
    // `none`, `requested` or `friends`.
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    // Who asked, while `requested`.
    .addColumn('requester_id', 'varchar(64)')
    .addColumn('requested_at', 'bigint')
    .addColumn('friends_since', 'bigint')
    // Each side's block of the other; either one keeps the pair at `none`.
    .addColumn('low_blocked_at', 'bigint')
    .addColumn('high_blocked_at', 'bigint')
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('friend_pairs_pk', ['user_low', 'user_high'])
    .addCheckConstraint('friend_pairs_ordered', sql`user_low < user_high`)
    .execute();
  // A user's pairs in one state (friends, requests) from either side of the pair.
  await db.schema.createIndex('friend_pairs_high').on('friend_pairs').columns(['user_high', 'status']).execute();
  await db.schema.createIndex('friend_pairs_low').on('friend_pairs').columns(['user_low', 'status']).execute();

  // One like per friend per day: the key, not a read before the insert (decision 015 "Only once rules are held by the
  // database").
  await db.schema
    .createTable('friend_likes')
    .addColumn('from_user_id', 'varchar(64)', (c) => c.notNull().references('users.id'))
    .addColumn('user_id', 'varchar(64)', (c) => c.notNull().references('users.id'))
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('friend_likes_pk', ['from_user_id', 'user_id', 'day'])
    .execute();
  // The likes a user received on a day, counted for the board.
  await db.schema.createIndex('friend_likes_received').on('friend_likes').columns(['user_id', 'day']).execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('friend_likes').execute();
  await db.schema.dropTable('friend_pairs').execute();
  await db.schema.dropTable('social_settings').execute();
}
