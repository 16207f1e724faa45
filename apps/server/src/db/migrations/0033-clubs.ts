import type { Kysely } from 'kysely';

// Schema builder only (decision 002 "Kysely over embedded SQLite or PostgreSQL"). Clubs (docs/product/clubs.md): a
// club with its owner and join code, and one row per user and club (the key): a membership, or, once the owner
// removed them, the mark that keeps them from joining again by the code.

// Migrations are frozen in time, so they do not use the evolving app schema type.
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('clubs')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('name', 'varchar(120)', (c) => c.notNull())
    .addColumn('code', 'varchar(16)', (c) => c.notNull().unique())
    .addColumn('owner_id', 'varchar(64)', (c) => c.notNull().references('users.id'))
    // Kept with every join and leave under the club row's lock: the limit, and the count shown.
    .addColumn('member_count', 'integer', (c) => c.notNull())
    .addColumn('verified_at', 'bigint')
    .addColumn('closed_at', 'bigint')
    .addColumn('closed_reason', 'varchar(500)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.createIndex('clubs_owner').on('clubs').columns(['owner_id']).execute();

  await db.schema
    .createTable('club_members')
    .addColumn('club_id', 'varchar(64)', (c) => c.notNull().references('clubs.id'))
    .addColumn('user_id', 'varchar(64)', (c) => c.notNull().references('users.id'))
    .addColumn('joined_at', 'bigint', (c) => c.notNull())
    // Set when the owner removed them: no longer a member, and not let in again by the code.
    .addColumn('removed_at', 'bigint')
    .addPrimaryKeyConstraint('club_members_pk', ['club_id', 'user_id'])
    .execute();
  await db.schema.createIndex('club_members_user').on('club_members').columns(['user_id']).execute();
  await db.schema.createIndex('club_members_joined').on('club_members').columns(['club_id', 'joined_at']).execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('club_members').execute();
  await db.schema.dropTable('clubs').execute();
}
