import { sql, type Kysely } from 'kysely';

// Schema builder only (decision 002 "Kysely over embedded SQLite or PostgreSQL"). Card plans become versioned (decision
// 025 "Card plans and the home page in the console"): an edit adds a new row that replaces the old one on sale, and the
// old row stays, retired, for the cards and orders sold under it. Home items get a version for stale-edit checks.

// Migrations are frozen in time, so they do not use the evolving app schema type.
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('card_plans')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  // Every version of one plan shares its first version's id; filled in below for existing rows.
  await db.schema.alterTable('card_plans').addColumn('family_id', 'varchar(64)').execute();
  await db.schema.alterTable('card_plans').addColumn('retired_at', 'bigint').execute();
  await db.schema.alterTable('card_plans').addColumn('replaced_by', 'varchar(64)').execute();
  await db
    .updateTable('card_plans')
    .set({ family_id: sql`id` })
    .execute();
  await db
    .updateTable('card_plans')
    .set({ retired_at: sql`created_at` })
    .where('is_active', '=', 0)
    .execute();
  // At most one live (not retired) version per plan: two operators editing at once cannot both
  // put a successor on sale, whatever the compare-and-set before it (decision 015 "Only once rules are held by the
  // database").
  await db.schema
    .createIndex('card_plans_one_live_version')
    .on('card_plans')
    .column('family_id')
    .unique()
    .where(sql.ref('retired_at'), 'is', null)
    .execute();

  await db.schema
    .alterTable('home_items')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('card_plans_one_live_version').execute();
  await db.schema.alterTable('home_items').dropColumn('version').execute();
  for (const column of ['replaced_by', 'retired_at', 'family_id', 'version']) {
    await db.schema.alterTable('card_plans').dropColumn(column).execute();
  }
}
