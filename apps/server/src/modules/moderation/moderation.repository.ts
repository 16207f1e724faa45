import { sql, type Insertable, type Selectable } from 'kysely';
import type { Executor } from '../../db/executor.js';
import { pageOf, updatedCount, updatedOne, type PageWindow } from '../../db/queries.js';
import type { ContentReportsTable, ModerationCasesTable } from '../../db/schema.js';

export type ReportRow = Selectable<ContentReportsTable>;
export type CaseRow = Selectable<ModerationCasesTable>;
/** A reported piece of content: its kind and id. */
export interface ContentKey {
  kind: string;
  id: string;
}

/**
 * Reports and the cases they open (docs/product/moderation.md). One open report per reporter and content is the
 * partial unique index `content_reports_open_once`; a case's `version` moves on with every new report and decision.
 */
export class ModerationRepository {
  /** The report, unless this reporter's report of this content is open already (then nothing, and false). */
  async insertReport(db: Executor, row: Insertable<ContentReportsTable>): Promise<boolean> {
    const result = await db
      .insertInto('content_reports')
      .values(row)
      .onConflict((oc) => oc.doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  /** Opens the content's case with a new report (or keeps it open from its oldest), moving its version on. */
  async openCase(db: Executor, key: ContentKey, at: number): Promise<void> {
    await db
      .insertInto('moderation_cases')
      .values({ kind: key.kind, target_id: key.id, open_since: at })
      .onConflict((oc) =>
        oc.columns(['kind', 'target_id']).doUpdateSet((eb) => ({
          open_since: eb.fn.coalesce('moderation_cases.open_since', 'excluded.open_since'),
          version: eb('moderation_cases.version', '+', 1),
        })),
      )
      .execute();
  }

  findCase(db: Executor, key: ContentKey): Promise<CaseRow | undefined> {
    return db
      .selectFrom('moderation_cases')
      .selectAll()
      .where('kind', '=', key.kind)
      .where('target_id', '=', key.id)
      .executeTakeFirst();
  }

  /** The cases with open reports, the oldest report first. */
  queue(db: Executor, page: PageWindow) {
    return pageOf(db.selectFrom('moderation_cases').where('open_since', 'is not', null), page, (rows) =>
      rows.selectAll().orderBy('open_since').orderBy('kind').orderBy('target_id'),
    );
  }

  /** The open reports of these contents, newest first. */
  openReports(db: Executor, keys: readonly ContentKey[]): Promise<ReportRow[]> {
    if (keys.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('content_reports')
      .selectAll()
      .where('closed_at', 'is', null)
      .where((eb) => eb.or(keys.map((key) => eb.and([eb('kind', '=', key.kind), eb('target_id', '=', key.id)]))))
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
  }

  /** The decision's compare-and-set: only an open case still at `version`. */
  decide(db: Executor, key: ContentKey, version: number, decision: string, by: string, now: number): Promise<boolean> {
    return updatedOne(
      db
        .updateTable('moderation_cases')
        .set((eb) => ({
          open_since: null,
          decision,
          decided_by: by,
          decided_at: now,
          version: eb('version', '+', 1),
        }))
        .where('kind', '=', key.kind)
        .where('target_id', '=', key.id)
        .where('version', '=', version)
        .where('open_since', 'is not', null),
    );
  }

  /** Closes every open report of the content with the decision; answers how many. */
  closeReports(db: Executor, key: ContentKey, decision: string, now: number): Promise<number> {
    return updatedCount(
      db
        .updateTable('content_reports')
        .set({ closed_at: now, decision })
        .where('kind', '=', key.kind)
        .where('target_id', '=', key.id)
        .where('closed_at', 'is', null),
    );
  }

  findReport(db: Executor, id: string): Promise<ReportRow | undefined> {
    return db.selectFrom('content_reports').selectAll().where('id', '=', id).executeTakeFirst();
  }

  reportsBy(db: Executor, userId: string): Promise<ReportRow[]> {
    return db
      .selectFrom('content_reports')
      .selectAll()
      .where('reporter_id', '=', userId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  }

  /** Deletes the user's reports; answers the contents whose open reports they were among. */
  async deleteReportsBy(db: Executor, userId: string): Promise<ContentKey[]> {
    const open = await db
      .selectFrom('content_reports')
      .select(['kind', 'target_id'])
      .where('reporter_id', '=', userId)
      .where('closed_at', 'is', null)
      .execute();
    await db.deleteFrom('content_reports').where('reporter_id', '=', userId).execute();
    return open.map((row) => ({ kind: row.kind, id: row.target_id }));
  }

  /** The case's oldest open report again (none: it leaves the queue), its version moved on. */
  async reopenFromReports(db: Executor, key: ContentKey): Promise<void> {
    const oldest = sql<number | null>`(select min(r.created_at) from content_reports r
      where r.kind = ${key.kind} and r.target_id = ${key.id} and r.closed_at is null)`;
    await db
      .updateTable('moderation_cases')
      .set((eb) => ({ open_since: oldest, version: eb('version', '+', 1) }))
      .where('kind', '=', key.kind)
      .where('target_id', '=', key.id)
      .execute();
  }
}
