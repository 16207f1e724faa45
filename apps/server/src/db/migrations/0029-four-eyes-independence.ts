import { sql, type Kysely } from 'kysely';

// Schema builder only (decision 002 "Kysely over embedded SQLite or PostgreSQL"). Independent second approvers
// (decision 074 "Independent second approvers"): each operator records who created it and who last gave it a money or
// admin role (finance, admin) and when, so a four-eyes compare-and-set can refuse two operators of whom one made the
// other; and a role grant table, where an admin's request to give finance or admin waits for a different admin,
// with at most one pending grant per operator (a partial unique index).
//
// Operators already there get what the record of operator actions says: who created them in the
// console, and the last change of their roles that added finance or admin.

// Migrations are frozen in time, so they do not use the evolving app schema type.
type AnyDb = Kysely<any>;

const MONEY_ROLES = ['finance', 'admin'];

function rolesIn(json: string | null): string[] {
  if (json === null) return [];
  try {
    const parsed = JSON.parse(json) as { roles?: unknown };
    return Array.isArray(parsed.roles) ? parsed.roles.filter((role): role is string => typeof role === 'string') : [];
  } catch {
    return [];
  }
}

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('operators').addColumn('created_by', 'varchar(96)').execute();
  await db.schema.alterTable('operators').addColumn('roles_changed_by', 'varchar(96)').execute();
  await db.schema.alterTable('operators').addColumn('roles_changed_at', 'bigint').execute();

  await db.schema
    .createTable('operator_role_grants')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('operator_id', 'varchar(64)', (c) => c.notNull().references('operators.id'))
    // Comma-separated roles the grant adds (finance, admin).
    .addColumn('roles', 'varchar(255)', (c) => c.notNull())
    // pending, approved, rejected.
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('requested_by', 'varchar(96)', (c) => c.notNull())
    .addColumn('requested_by_id', 'varchar(64)')
    .addColumn('decided_by', 'varchar(96)')
    .addColumn('decided_by_id', 'varchar(64)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('decided_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('operator_role_grants_pending')
    .on('operator_role_grants')
    .column('operator_id')
    .unique()
    .where(sql.ref('status'), '=', 'pending')
    .execute();

  const created = (await db
    .selectFrom('operator_actions as a')
    .innerJoin('operators as o', 'o.id', 'a.subject_id')
    .select(['o.id', 'o.name', 'a.operator'])
    .where('a.action', '=', 'operator.create')
    .where('a.subject_type', '=', 'operator')
    .execute()) as { id: string; name: string; operator: string }[];
  for (const row of created) {
    // The command line without --operator records the new operator's own name: nobody made it.
    if (row.operator === row.name) continue;
    await db.updateTable('operators').set({ created_by: row.operator }).where('id', '=', row.id).execute();
  }

  const changes = (await db
    .selectFrom('operator_actions')
    .select(['subject_id', 'operator', 'before', 'after', 'created_at'])
    .where('action', '=', 'operator.roles')
    .where('subject_type', '=', 'operator')
    .orderBy('created_at')
    .orderBy('id')
    .execute()) as {
    subject_id: string;
    operator: string;
    before: string | null;
    after: string | null;
    created_at: number;
  }[];
  const last = new Map<string, { by: string; at: number }>();
  for (const change of changes) {
    const before = rolesIn(change.before);
    const added = rolesIn(change.after).filter((role) => !before.includes(role));
    if (added.some((role) => MONEY_ROLES.includes(role))) {
      last.set(change.subject_id, { by: change.operator, at: Number(change.created_at) });
    }
  }
  for (const [id, change] of last) {
    await db
      .updateTable('operators')
      .set({ roles_changed_by: change.by, roles_changed_at: change.at })
      .where('id', '=', id)
      .execute();
  }
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('operator_role_grants_pending').execute();
  await db.schema.dropTable('operator_role_grants').execute();
  for (const column of ['roles_changed_at', 'roles_changed_by', 'created_by']) {
    await db.schema.alterTable('operators').dropColumn(column).execute();
  }
}
