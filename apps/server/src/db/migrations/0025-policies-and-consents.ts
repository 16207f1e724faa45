import type { Kysely } from 'kysely';

// Schema builder only (decision 002 "Kysely over embedded SQLite or PostgreSQL"). Policies and consents (decision
// 046 "Policies and consent"): the terms of service and the privacy policy, each in numbered versions with a text per
// language (as content is, decision 042 "Content in every language"), and an append-only record of what each user
// agreed to and when.

// Migrations are frozen in time, so they do not use the evolving app schema type.
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('policy_versions')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    // `terms` or `privacy`.
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    // 1, 2, 3 … per kind; the highest published one is current.
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('default_language', 'varchar(16)', (c) => c.notNull().defaultTo('en'))
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    // What changed since the previous version, shown when users are asked again ('' for the first).
    .addColumn('changes', 'text', (c) => c.notNull().defaultTo(''))
    // JSON: language → {title, body, changes}, for every language but the default one.
    .addColumn('translations', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('published_at', 'bigint', (c) => c.notNull())
    .addColumn('created_by', 'varchar(100)', (c) => c.notNull())
    .addUniqueConstraint('policy_versions_kind_version', ['kind', 'version'])
    .execute();

  await db.schema
    .createTable('consents')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(64)', (c) => c.notNull().references('users.id'))
    // `terms`, `privacy`, `id_photos` or `face`.
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    // The policy version agreed to (terms, privacy); null for id_photos and face.
    .addColumn('version', 'integer')
    .addColumn('granted_at', 'bigint', (c) => c.notNull())
    .addColumn('withdrawn_at', 'bigint')
    .addColumn('client_address', 'varchar(64)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('consents_user_kind').on('consents').columns(['user_id', 'kind', 'granted_at']).execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('consents').execute();
  await db.schema.dropTable('policy_versions').execute();
}
