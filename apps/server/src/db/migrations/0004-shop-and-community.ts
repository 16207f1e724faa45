import { sql, type Kysely } from 'kysely';

// Schema builder only (decision 002 "Kysely over embedded SQLite or PostgreSQL"). Orders and mailings copy the delivery
// address, so a later edit or deletion of the address never changes where something was sent.

// Migrations are frozen in time, so they do not use the evolving app schema type.
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('goods_categories')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('goods')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('category_id', 'varchar(64)', (c) => c.notNull().references('goods_categories.id'))
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    // JSON array of image URLs (https: or data:image/…).
    .addColumn('images', 'text', (c) => c.notNull())
    .addColumn('points', 'bigint', (c) => c.notNull())
    // The never-oversell rule is a conditional decrement; the check backs it up.
    .addColumn('stock', 'bigint', (c) => c.notNull().check(sql`stock >= 0`))
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('goods_category').on('goods').columns(['category_id', 'is_active', 'position']).execute();

  await db.schema
    .createTable('delivery_addresses')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(64)', (c) => c.notNull().references('users.id'))
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('phone', 'varchar(20)', (c) => c.notNull())
    .addColumn('region', 'varchar(140)', (c) => c.notNull())
    .addColumn('detail', 'varchar(140)', (c) => c.notNull())
    .addColumn('is_default', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('delivery_addresses_user_id')
    .on('delivery_addresses')
    .columns(['user_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('goods_orders')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(64)', (c) => c.notNull().references('users.id'))
    .addColumn('goods_id', 'varchar(64)', (c) => c.notNull().references('goods.id'))
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('points', 'bigint', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('ship_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('ship_phone', 'varchar(20)', (c) => c.notNull())
    .addColumn('ship_region', 'varchar(140)', (c) => c.notNull())
    .addColumn('ship_detail', 'varchar(140)', (c) => c.notNull())
    .addColumn('carrier', 'varchar(64)')
    .addColumn('tracking_number', 'varchar(64)')
    .addColumn('idempotency_key', 'varchar(200)', (c) => c.notNull().unique())
    .addColumn('request_hash', 'varchar(128)', (c) => c.notNull())
    .addColumn('transfer_id', 'varchar(64)', (c) => c.notNull().references('ledger_transfers.id'))
    .addColumn('refund_transfer_id', 'varchar(64)', (c) => c.references('ledger_transfers.id'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('shipped_at', 'bigint')
    .addColumn('completed_at', 'bigint')
    .addColumn('cancelled_at', 'bigint')
    .execute();
  await db.schema.createIndex('goods_orders_user_id').on('goods_orders').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('goods_orders_status').on('goods_orders').columns(['status', 'created_at']).execute();

  await db.schema
    .createTable('card_mailings')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(64)', (c) => c.notNull().references('users.id'))
    // One physical card per member card.
    .addColumn('card_id', 'varchar(64)', (c) => c.notNull().unique().references('member_cards.id'))
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('ship_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('ship_phone', 'varchar(20)', (c) => c.notNull())
    .addColumn('ship_region', 'varchar(140)', (c) => c.notNull())
    .addColumn('ship_detail', 'varchar(140)', (c) => c.notNull())
    .addColumn('carrier', 'varchar(64)')
    .addColumn('tracking_number', 'varchar(64)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('shipped_at', 'bigint')
    .addColumn('delivered_at', 'bigint')
    .execute();
  await db.schema.createIndex('card_mailings_user_id').on('card_mailings').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('card_mailings_status').on('card_mailings').columns(['status', 'created_at']).execute();

  await db.schema
    .createTable('invite_rewards')
    // One row per invitee, written when they first qualify: the reward can only happen once.
    .addColumn('invitee_id', 'varchar(64)', (c) => c.primaryKey().references('users.id'))
    .addColumn('inviter_id', 'varchar(64)', (c) => c.notNull().references('users.id'))
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('year', 'varchar(4)', (c) => c.notNull())
    // Points credited to each side; 0 beyond the inviter's yearly limit.
    .addColumn('points', 'bigint', (c) => c.notNull())
    .addColumn('transfer_id', 'varchar(64)', (c) => c.references('ledger_transfers.id'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('invite_rewards_inviter').on('invite_rewards').columns(['inviter_id', 'year']).execute();
  await db.schema.createIndex('users_invited_by').on('users').column('invited_by').execute();

  await db.schema
    .createTable('notices')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('title', 'varchar(140)', (c) => c.notNull())
    // Sanitized HTML (sanitized again on every read).
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('published_at', 'bigint')
    .addColumn('created_by', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('notices_published').on('notices').column('published_at').execute();

  await db.schema
    .createTable('community_channels')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('description', 'varchar(280)', (c) => c.notNull())
    .addColumn('url', 'varchar(500)', (c) => c.notNull())
    // A configured image (URL or data URL); null: a QR code is drawn from `url`.
    .addColumn('qr_image', 'text')
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('users_invited_by').execute();
  for (const table of [
    'community_channels',
    'notices',
    'invite_rewards',
    'card_mailings',
    'goods_orders',
    'delivery_addresses',
    'goods',
    'goods_categories',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
