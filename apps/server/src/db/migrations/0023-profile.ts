import type { Kysely } from 'kysely';

// Schema builder only (decision 002 "Kysely over embedded SQLite or PostgreSQL"). The user's profile (decision
// 043 "Profile (nickname and avatar), My in groups with icons"): a nickname, and an avatar that is one of the user's
// own uploads (purpose `avatar`). Both start empty; the app greets by the masked mobile number until a nickname is set.

// Migrations are frozen in time, so they do not use the evolving app schema type.
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('users').addColumn('nickname', 'varchar(80)').execute();
  // A reference like the identity photos': the upload cleanup keeps a file that a user shows.
  await db.schema
    .alterTable('users')
    .addColumn('avatar_file_id', 'varchar(64)', (c) => c.references('files.id'))
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('users').dropColumn('avatar_file_id').execute();
  await db.schema.alterTable('users').dropColumn('nickname').execute();
}
