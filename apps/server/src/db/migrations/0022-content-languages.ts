import type { Kysely } from 'kysely';

// Schema builder only (decision 002 "Kysely over embedded SQLite or PostgreSQL"). Content in every language (decision
// 042 "Content in every language"): plans, goods, categories, home items (banners and quick entries), notices and
// community channels get their default language and their texts in the other languages. The columns that hold today's
// texts (name, title, description, body) become the default language's text, and today that language
// is English: every existing row is marked `en` with no other language yet, so nothing is lost
// and every answer reads as it did until an operator adds a language.

// Migrations are frozen in time, so they do not use the evolving app schema type.
type AnyDb = Kysely<any>;

const TABLES = ['card_plans', 'goods_categories', 'goods', 'home_items', 'notices', 'community_channels'] as const;

export async function up(db: AnyDb): Promise<void> {
  for (const table of TABLES) {
    await db.schema
      .alterTable(table)
      .addColumn('default_language', 'varchar(16)', (c) => c.notNull().defaultTo('en'))
      .execute();
    // A JSON object: language → field → text, for every language but the default one.
    await db.schema
      .alterTable(table)
      .addColumn('translations', 'text', (c) => c.notNull().defaultTo('{}'))
      .execute();
  }
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of [...TABLES].reverse()) {
    await db.schema.alterTable(table).dropColumn('translations').execute();
    await db.schema.alterTable(table).dropColumn('default_language').execute();
  }
}
