import type { Kysely } from 'kysely';

// Schema builder only (decision 002 "Kysely over embedded SQLite or PostgreSQL"). Personal numbers are stored sealed
// (AES-256-GCM), beside a mask for answers and a keyed hash for equality checks; never in plain text.

// Migrations are frozen in time, so they do not use the evolving app schema type.
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('files')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(64)', (c) => c.notNull().references('users.id'))
    .addColumn('purpose', 'varchar(16)', (c) => c.notNull())
    .addColumn('content_type', 'varchar(32)', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    // The store's key; null once the bytes are deleted (face images after their check).
    .addColumn('storage_key', 'varchar(200)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('deleted_at', 'bigint')
    .execute();
  await db.schema.createIndex('files_user_id').on('files').columns(['user_id', 'created_at']).execute();

  await db.schema
    .createTable('identities')
    .addColumn('user_id', 'varchar(64)', (c) => c.primaryKey().references('users.id'))
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('id_number_encrypted', 'text', (c) => c.notNull())
    .addColumn('id_number_masked', 'varchar(40)', (c) => c.notNull())
    .addColumn('id_number_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('front_file_id', 'varchar(64)', (c) => c.notNull().references('files.id'))
    .addColumn('back_file_id', 'varchar(64)', (c) => c.notNull().references('files.id'))
    .addColumn('reject_reason', 'varchar(200)')
    .addColumn('submitted_at', 'bigint', (c) => c.notNull())
    .addColumn('reviewed_at', 'bigint')
    .addColumn('reviewed_by', 'varchar(64)')
    .addColumn('face_status', 'varchar(16)', (c) => c.notNull().defaultTo('none'))
    .addColumn('face_method', 'varchar(16)')
    .addColumn('face_file_id', 'varchar(64)', (c) => c.references('files.id'))
    .addColumn('face_reject_reason', 'varchar(200)')
    .addColumn('face_submitted_at', 'bigint')
    .addColumn('face_reviewed_at', 'bigint')
    .execute();
  await db.schema.createIndex('identities_id_number_hash').on('identities').column('id_number_hash').execute();
  await db.schema.createIndex('identities_status').on('identities').columns(['status', 'submitted_at']).execute();

  await db.schema
    .createTable('bank_cards')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(64)', (c) => c.notNull().references('users.id'))
    .addColumn('bank', 'varchar(64)', (c) => c.notNull())
    .addColumn('holder_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('account_encrypted', 'text', (c) => c.notNull())
    .addColumn('account_masked', 'varchar(32)', (c) => c.notNull())
    .addColumn('account_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    // Soft delete: a withdrawal keeps showing (and an operator can still pay) the card it named.
    .addColumn('deleted_at', 'bigint')
    .execute();
  await db.schema.createIndex('bank_cards_user_id').on('bank_cards').columns(['user_id', 'deleted_at']).execute();

  await db.schema
    .createTable('withdrawal_days')
    .addColumn('user_id', 'varchar(64)', (c) => c.notNull().references('users.id'))
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('total', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('withdrawal_days_pk', ['user_id', 'day'])
    .execute();

  await db.schema
    .createTable('withdrawals')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(64)', (c) => c.notNull().references('users.id'))
    .addColumn('bank_card_id', 'varchar(64)', (c) => c.notNull().references('bank_cards.id'))
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('fee', 'bigint', (c) => c.notNull())
    .addColumn('received', 'bigint', (c) => c.notNull())
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('reject_reason', 'varchar(200)')
    .addColumn('idempotency_key', 'varchar(200)', (c) => c.notNull().unique())
    .addColumn('request_hash', 'varchar(128)', (c) => c.notNull())
    .addColumn('transfer_id', 'varchar(64)', (c) => c.notNull().references('ledger_transfers.id'))
    .addColumn('settle_transfer_id', 'varchar(64)', (c) => c.references('ledger_transfers.id'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('paid_at', 'bigint')
    .addColumn('rejected_at', 'bigint')
    .addColumn('refunded_at', 'bigint')
    .execute();
  await db.schema.createIndex('withdrawals_user_id').on('withdrawals').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('withdrawals_status').on('withdrawals').columns(['status', 'created_at']).execute();

  await db.schema
    .createTable('operator_actions')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('operator', 'varchar(64)', (c) => c.notNull())
    .addColumn('action', 'varchar(64)', (c) => c.notNull())
    .addColumn('subject_type', 'varchar(32)', (c) => c.notNull())
    .addColumn('subject_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('detail', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('operator_actions_subject')
    .on('operator_actions')
    .columns(['subject_type', 'subject_id'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of ['operator_actions', 'withdrawals', 'withdrawal_days', 'bank_cards', 'identities', 'files']) {
    await db.schema.dropTable(table).execute();
  }
}
