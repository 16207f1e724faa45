import type { Kysely } from 'kysely';

// Schema builder only (decision 002 "Kysely over embedded SQLite or PostgreSQL"). Indexes for the cleanup of unused
// uploads (decision 017 "Upload quotas, sign-up and captcha limits"): it looks for old files and asks, for each,
// whether an identity refers to it.

// Migrations are frozen in time, so they do not use the evolving app schema type.
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema.createIndex('files_created_at').on('files').column('created_at').execute();
  await db.schema.createIndex('identities_front_file_id').on('identities').column('front_file_id').execute();
  await db.schema.createIndex('identities_back_file_id').on('identities').column('back_file_id').execute();
  await db.schema.createIndex('identities_face_file_id').on('identities').column('face_file_id').execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const index of [
    'identities_face_file_id',
    'identities_back_file_id',
    'identities_front_file_id',
    'files_created_at',
  ]) {
    await db.schema.dropIndex(index).execute();
  }
}
