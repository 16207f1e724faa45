import { sql, type Kysely } from 'kysely';

// Schema builder only (decision 002 "Kysely over embedded SQLite or PostgreSQL"). Moderation of user content
// (docs/product/moderation.md, decision 096 "Moderation of user content"): users' reports of a piece of content (a
// kind and an id), at most one open report per reporter and content (a partial unique index); one row per reported
// content whose `version` the reviewers' decisions compare and set; a club's name hidden by a decision.

// Migrations are frozen in time, so they do not use the evolving app schema type.
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('content_reports')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('reporter_id', 'varchar(64)', (c) => c.notNull().references('users.id'))
    .addColumn('kind', 'varchar(32)', (c) => c.notNull())
    .addColumn('target_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('reason', 'varchar(32)', (c) => c.notNull())
    .addColumn('note', 'varchar(500)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    // Set by the decision that closed it (hide, freeze or dismiss), or by the deletion of the content's account.
    .addColumn('closed_at', 'bigint')
    .addColumn('decision', 'varchar(16)')
    .execute();
  await db.schema
    .createIndex('content_reports_open_once')
    .on('content_reports')
    .columns(['reporter_id', 'kind', 'target_id'])
    .unique()
    .where(sql.ref('closed_at'), 'is', null)
    .execute();
  await db.schema.createIndex('content_reports_target').on('content_reports').columns(['kind', 'target_id']).execute();
  await db.schema.createIndex('content_reports_reporter').on('content_reports').columns(['reporter_id']).execute();

  await db.schema
    .createTable('moderation_cases')
    .addColumn('kind', 'varchar(32)', (c) => c.notNull())
    .addColumn('target_id', 'varchar(64)', (c) => c.notNull())
    // The oldest open report's time, null while none is open: the queue's order.
    .addColumn('open_since', 'bigint')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('decision', 'varchar(16)')
    .addColumn('decided_by', 'varchar(64)')
    .addColumn('decided_at', 'bigint')
    .addPrimaryKeyConstraint('moderation_cases_pk', ['kind', 'target_id'])
    .execute();
  await db.schema
    .createIndex('moderation_cases_open')
    .on('moderation_cases')
    .columns(['open_since', 'kind', 'target_id'])
    .execute();

  await db.schema.alterTable('clubs').addColumn('name_hidden_at', 'bigint').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('clubs').dropColumn('name_hidden_at').execute();
  await db.schema.dropTable('moderation_cases').execute();
  await db.schema.dropTable('content_reports').execute();
}
