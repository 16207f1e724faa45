import { sql, type Kysely } from 'kysely';

// "Only once" rules as partial unique indexes (decision 015 "Only once rules are held by the database"), portable to
// SQLite and PostgreSQL. Rows that already break a rule (written by concurrent requests before these indexes existed)
// are settled first, in the same way on both dialects, so the indexes can be created:
// - one ID number on several live checks: the verified one (else the earliest submitted) keeps
//   it; the others become rejected with a reason the user sees, and may submit again;
// - several pending payments of one order: the newest stays open, the others are expired;
// - several default addresses of one user: the newest stays the default;
// - one card number live twice for one user: the first added stays, the others are deleted
//   (soft, so withdrawals made to them keep showing them).

// Migrations are frozen in time, so they do not use the evolving app schema type.
type AnyDb = Kysely<any>;

const DUPLICATE_ID_REASON = 'This ID number is already verified on another account';

function groupBy<T>(rows: T[], key: (row: T) => string): T[][] {
  const groups = new Map<string, T[]>();
  for (const row of rows) groups.set(key(row), [...(groups.get(key(row)) ?? []), row]);
  return [...groups.values()].filter((group) => group.length > 1);
}

export async function up(db: AnyDb): Promise<void> {
  const now = Date.now();

  const identities = (await db
    .selectFrom('identities')
    .select(['user_id', 'id_number_hash', 'status', 'submitted_at'])
    .where('status', 'in', ['pending', 'verified'])
    .orderBy('submitted_at')
    .orderBy('user_id')
    .execute()) as { user_id: string; id_number_hash: string; status: string }[];
  for (const group of groupBy(identities, (row) => row.id_number_hash)) {
    const keep = group.find((row) => row.status === 'verified') ?? group[0]!;
    for (const row of group.filter((other) => other !== keep)) {
      await db
        .updateTable('identities')
        .set({ status: 'rejected', reject_reason: DUPLICATE_ID_REASON, reviewed_at: now, reviewed_by: 'system' })
        .where('user_id', '=', row.user_id)
        .execute();
      await db.updateTable('users').set({ real_name_status: 'rejected' }).where('id', '=', row.user_id).execute();
    }
  }
  await db.schema
    .createIndex('identities_live_id_number')
    .on('identities')
    .column('id_number_hash')
    .unique()
    .where(sql.ref('status'), 'in', sql`('pending', 'verified')`)
    .execute();

  const payments = (await db
    .selectFrom('payments')
    .select(['id', 'order_id'])
    .where('status', '=', 'pending')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute()) as { id: string; order_id: string }[];
  for (const group of groupBy(payments, (row) => row.order_id)) {
    const stale = group.slice(1).map((row) => row.id);
    await db.updateTable('payments').set({ status: 'expired', completed_at: now }).where('id', 'in', stale).execute();
  }
  await db.schema
    .createIndex('payments_open_order')
    .on('payments')
    .column('order_id')
    .unique()
    .where(sql.ref('status'), '=', sql.lit('pending'))
    .execute();

  const defaults = (await db
    .selectFrom('delivery_addresses')
    .select(['id', 'user_id'])
    .where('is_default', '=', 1)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute()) as { id: string; user_id: string }[];
  for (const group of groupBy(defaults, (row) => row.user_id)) {
    const others = group.slice(1).map((row) => row.id);
    await db.updateTable('delivery_addresses').set({ is_default: 0 }).where('id', 'in', others).execute();
  }
  await db.schema
    .createIndex('delivery_addresses_default')
    .on('delivery_addresses')
    .column('user_id')
    .unique()
    .where(sql.ref('is_default'), '=', sql.lit(1))
    .execute();

  const cards = (await db
    .selectFrom('bank_cards')
    .select(['id', 'user_id', 'account_hash'])
    .where('deleted_at', 'is', null)
    .orderBy('created_at')
    .orderBy('id')
    .execute()) as { id: string; user_id: string; account_hash: string }[];
  for (const group of groupBy(cards, (row) => `${row.user_id} ${row.account_hash}`)) {
    const later = group.slice(1).map((row) => row.id);
    await db.updateTable('bank_cards').set({ deleted_at: now }).where('id', 'in', later).execute();
  }
  await db.schema
    .createIndex('bank_cards_live_account')
    .on('bank_cards')
    .columns(['user_id', 'account_hash'])
    .unique()
    .where(sql.ref('deleted_at'), 'is', null)
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const index of [
    'bank_cards_live_account',
    'delivery_addresses_default',
    'payments_open_order',
    'identities_live_id_number',
  ]) {
    await db.schema.dropIndex(index).execute();
  }
}
