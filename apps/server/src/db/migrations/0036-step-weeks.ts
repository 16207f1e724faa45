import type { Kysely } from 'kysely';

// Schema builder only (decision 002 "Kysely over embedded SQLite or PostgreSQL"). Each user's credited and held steps
// of a week (Monday to Sunday, service days), kept by walking with every change of a day or of its review, so a club's
// week board reads one row a member, not seven days and their reviews (docs/product/clubs.md).

// Migrations are frozen in time, so they do not use the evolving app schema type.
type AnyDb = Kysely<any>;

const DAY_MS = 86_400_000;

function mondayOf(day: string): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return new Date(Date.parse(`${day}T00:00:00Z`) - ((weekday + 6) % 7) * DAY_MS).toISOString().slice(0, 10);
}

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('step_weeks')
    .addColumn('user_id', 'varchar(64)', (c) => c.notNull().references('users.id'))
    // The week's Monday.
    .addColumn('week', 'varchar(10)', (c) => c.notNull())
    // Steps of days no review holds or rejects, and of days a review still holds.
    .addColumn('steps', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('pending_steps', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('step_weeks_pk', ['user_id', 'week'])
    .execute();

  // The weeks a board can still show: from two weeks back (whatever the business time zone), summed here once.
  const since = new Date(Date.now() - 14 * DAY_MS).toISOString().slice(0, 10);
  const days: { user_id: string; day: string; steps: number | string; status: string | null }[] = await db
    .selectFrom('step_days as d')
    .leftJoin('step_reviews as r', (join) => join.onRef('r.user_id', '=', 'd.user_id').onRef('r.day', '=', 'd.day'))
    .select(['d.user_id', 'd.day', 'd.steps', 'r.status'])
    .where('d.day', '>=', mondayOf(since))
    .execute();
  const weeks = new Map<string, { user_id: string; week: string; steps: number; pending_steps: number }>();
  for (const row of days) {
    const week = mondayOf(row.day);
    const key = `${row.user_id} ${week}`;
    const total = weeks.get(key) ?? { user_id: row.user_id, week, steps: 0, pending_steps: 0 };
    if (row.status === null || row.status === 'cleared') total.steps += Number(row.steps);
    else if (row.status === 'flagged') total.pending_steps += Number(row.steps);
    weeks.set(key, total);
  }
  const rows = [...weeks.values()];
  for (let start = 0; start < rows.length; start += 500) {
    await db
      .insertInto('step_weeks')
      .values(rows.slice(start, start + 500))
      .execute();
  }
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('step_weeks').execute();
}
