import type { Kysely } from 'kysely';

// Schema builder only (decision 002 "Kysely over embedded SQLite or PostgreSQL"). Referral rings caught
// (docs/product/referral-rings.md, decision 101 "Referral rings caught"): an invite reward is `paid` at once, or `held`
// with the signals that matched until a reviewer releases (then `paid`) or refuses it; the row per invitee stays the
// "once", and a decision is a compare-and-set on `status`. Every reward written before is paid. The ring check reads
// the devices of an account, hence their index by user.

// Migrations are frozen in time, so they do not use the evolving app schema type.
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('invite_rewards')
    .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('paid'))
    .execute();
  // JSON: the signals that held it, each with the accounts it concerns (the evidence as it was when held).
  await db.schema.alterTable('invite_rewards').addColumn('signals', 'text').execute();
  await db.schema.alterTable('invite_rewards').addColumn('decided_at', 'bigint').execute();
  await db.schema.alterTable('invite_rewards').addColumn('operator_id', 'varchar(64)').execute();
  // The reviewers' queue reads held rewards oldest first; the dashboard counts them.
  await db.schema
    .createIndex('invite_rewards_by_status')
    .on('invite_rewards')
    .columns(['status', 'created_at'])
    .execute();
  await db.schema.createIndex('step_devices_by_user').on('step_devices').columns(['user_id', 'device']).execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('step_devices_by_user').execute();
  await db.schema.dropIndex('invite_rewards_by_status').execute();
  for (const column of ['operator_id', 'decided_at', 'signals', 'status']) {
    await db.schema.alterTable('invite_rewards').dropColumn(column).execute();
  }
}
