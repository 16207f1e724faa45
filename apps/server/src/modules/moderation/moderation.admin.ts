import {
  consoleModerationAvatar,
  type AppealedReport,
  type ConsoleModerationItem,
  type ModerationDecision,
  type ModerationKind,
  type ReportReason,
} from '@stride/contract';
import type { Db } from '../../db/database.js';
import { pageResult, pageWindow } from '../../db/retry.js';
import type { BinaryAnswer } from '../../http/endpoints.js';
import { AppError, notFound } from '../../http/errors.js';
import { isoTime } from '../../lib/clock.js';
import type { Hidden, ModeratedContent } from '../../lib/moderation.js';
import type { AccountsAdmin } from '../accounts/accounts.admin.js';
import type { SessionsService } from '../accounts/sessions.service.js';
import type { AuditService } from '../audit/audit.service.js';
import type { Executor } from '../../db/executor.js';
import { inEveryLanguage, type MessageKey } from '../../locales/index.js';
import { NOTIFICATION_PAGES, type NotificationsService } from '../notifications/notifications.service.js';
import type { CaseRow, ContentKey, ModerationRepository, ReportRow } from './moderation.repository.js';
import type { ModerationService } from './moderation.service.js';

/** Notes shown per content in the queue, the newest. */
const NOTES_SHOWN = 5;

const keyOf = (key: ContentKey) => `${key.kind}:${key.id}`;
const avatarUrl = (id: string) => consoleModerationAvatar.path.replace('{id}', encodeURIComponent(id));

/**
 * The reviewers' side of moderation (docs/console/reviewer.md, Reported content): the queue of reported content and
 * the decisions on it. A decision is a compare-and-set on the content's case `version`, closes every open report of
 * it, does what it says (hide, freeze the owner's account) and is recorded with the reviewer's reason, all in one
 * transaction.
 */
export class ModerationAdmin {
  constructor(
    private readonly db: Db,
    private readonly repository: ModerationRepository,
    private readonly moderation: ModerationService,
    private readonly audit: AuditService,
    private readonly accounts: AccountsAdmin,
    private readonly sessions: SessionsService,
    private readonly notifications: NotificationsService,
  ) {}

  async queue(page: { page: number; pageSize: number }) {
    const { rows, total } = await this.repository.queue(this.db, pageWindow(page));
    const keys = rows.map((row) => ({ kind: row.kind, id: row.target_id }));
    const reports = groupBy(await this.repository.openReports(this.db, keys), (row) =>
      keyOf({ kind: row.kind, id: row.target_id }),
    );
    const contents = new Map<string, ModeratedContent | undefined>();
    for (const [kind, ids] of groupBy(keys, (key) => key.kind)) {
      const found = await this.moderation.target(kind).contents(
        this.db,
        ids.map((key) => key.id),
      );
      for (const { id } of ids) contents.set(keyOf({ kind, id }), found.get(id));
    }
    const owners = [...contents.values()].flatMap((content) => (content?.ownerId ? [content.ownerId] : []));
    const mobiles = await this.audit.maskedMobiles([...new Set(owners)]);
    const items = rows.map((row) =>
      toItem(row, reports.get(keyOf({ kind: row.kind, id: row.target_id })) ?? [], contents, mobiles),
    );
    return pageResult(items, page, total);
  }

  /** The avatar of a user while it has open reports: what a reviewer decides on. */
  async avatar(userId: string): Promise<BinaryAnswer> {
    const open = await this.repository.findCase(this.db, { kind: 'avatar', id: userId });
    const target = this.moderation.target('avatar');
    if (open?.open_since == null || !target.image) throw notFound();
    return target.image(userId);
  }

  async decide(
    operator: string,
    key: { kind: ModerationKind; id: string },
    input: { decision: ModerationDecision; reason: string; version: number },
  ): Promise<{ decision: ModerationDecision; closedReports: number }> {
    const target = this.moderation.target(key.kind);
    if (!(await this.repository.findCase(this.db, key))) throw notFound();
    let hidden: Hidden | undefined;
    let frozen: string | undefined;
    const result = await this.audit.changeState<CaseRow, { closedReports: number; detail: Record<string, unknown> }>({
      operator,
      change: (trx, now) => this.repository.decide(trx, key, input.version, input.decision, operator, now),
      reread: (trx) => this.repository.findCase(trx, key),
      missing: `No reported content ${keyOf(key)}`,
      lost: () => {
        throw new AppError('STALE_EDIT', 'staleEdit');
      },
      apply: async (trx, now) => {
        // A dismissal tells each reporter, who may appeal it (docs/product/appeals.md).
        const dismissed = input.decision === 'dismiss' ? await this.repository.openReports(trx, [key]) : [];
        const closedReports = await this.repository.closeReports(trx, key, input.decision, now);
        for (const report of dismissed) await this.tellDismissed(trx, report);
        const detail: Record<string, unknown> = { reason: input.reason, reports: closedReports };
        if (input.decision === 'hide') hidden = await target.hide(trx, key.id, now);
        if (input.decision === 'freeze') {
          const owner = (await target.contents(trx, [key.id])).get(key.id)?.ownerId;
          if (!owner) throw notFound();
          detail.owner = owner;
          if (await this.accounts.freezeWithin(trx, operator, owner, input.reason, now)) frozen = owner;
          else detail.alreadyFrozen = true;
        }
        return { closedReports, detail };
      },
      record: ({ detail }) => ({
        action: `moderation.${input.decision}`,
        subjectType: 'content',
        subjectId: keyOf(key),
        detail,
        before: { open: true, version: input.version, ...(hidden ? { content: hidden.before } : {}) },
        after: { open: false, version: input.version + 1, ...(hidden ? { content: hidden.after } : {}) },
      }),
    });
    hidden?.committed?.();
    if (frozen) this.sessions.forgetUser(frozen);
    this.notifications.nudge();
    return { decision: input.decision, closedReports: result.closedReports };
  }

  private async tellDismissed(trx: Executor, report: ReportRow): Promise<void> {
    await this.notifications.record(trx, {
      userId: report.reporter_id,
      kind: 'report.dismissed',
      params: { reportId: report.id, content: inEveryLanguage(`appeal.content.${report.kind}` as MessageKey) },
      dedupeKey: `report.dismissed:${report.id}`,
      link: { path: NOTIFICATION_PAGES.appeals, query: { kind: 'report', subject: report.id } },
    });
  }

  // ---- Appeals of a dismissed report (decision 102 "Appeals with a deadline") ----

  /** The user's own report that a reviewer dismissed: what an appeal of a report may be about. */
  async dismissedReportOf(db: Executor, userId: string, reportId: string): Promise<ReportRow | undefined> {
    const report = await this.repository.findReport(db, reportId);
    return report?.reporter_id === userId && report.decision === 'dismiss' ? report : undefined;
  }

  /** The dismissed report beside its appeal in the console, with the content as it is now. */
  async appealedReport(db: Executor, reportId: string): Promise<AppealedReport | null> {
    const report = await this.repository.findReport(db, reportId);
    if (!report) return null;
    const kind = report.kind as ModerationKind;
    const content = (await this.moderation.target(kind).contents(db, [report.target_id])).get(report.target_id);
    return {
      kind,
      targetId: report.target_id,
      reason: report.reason as ReportReason,
      note: report.note,
      text: content?.text ?? null,
      reportedAt: isoTime(Number(report.created_at)),
      dismissedAt: report.closed_at === null ? null : isoTime(Number(report.closed_at)),
    };
  }

  /**
   * A granted appeal of a dismissal, inside the appeal's transaction: the content is hidden as a reviewer's hide does
   * (the case decided, its open reports closed). Answers what changed, for the appeal's record.
   */
  async hideOnAppeal(trx: Executor, reportId: string, operator: string, now: number): Promise<Hidden | undefined> {
    const report = await this.repository.findReport(trx, reportId);
    if (!report) throw notFound();
    const key = { kind: report.kind, id: report.target_id };
    const current = await this.repository.findCase(trx, key);
    if (current?.open_since != null) {
      await this.repository.decide(trx, key, Number(current.version), 'hide', operator, now);
    }
    await this.repository.closeReports(trx, key, 'hide', now);
    return this.moderation.target(report.kind).hide(trx, key.id, now);
  }
}

function groupBy<T>(rows: readonly T[], key: (row: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) groups.set(key(row), [...(groups.get(key(row)) ?? []), row]);
  return groups;
}

function toItem(
  row: CaseRow,
  reports: readonly ReportRow[],
  contents: ReadonlyMap<string, ModeratedContent | undefined>,
  mobiles: ReadonlyMap<string, string>,
): ConsoleModerationItem {
  const content = contents.get(keyOf({ kind: row.kind, id: row.target_id }));
  const counts = new Map<ReportReason, number>();
  for (const report of reports) {
    counts.set(report.reason as ReportReason, (counts.get(report.reason as ReportReason) ?? 0) + 1);
  }
  return {
    kind: row.kind as ModerationKind,
    id: row.target_id,
    ownerId: content?.ownerId ?? null,
    ownerMobileMasked: content?.ownerId ? (mobiles.get(content.ownerId) ?? null) : null,
    text: content?.text ?? null,
    imageUrl: content?.image ? avatarUrl(row.target_id) : null,
    reports: reports.length,
    reasons: [...counts].map(([reason, count]) => ({ reason, count })).sort((a, b) => b.count - a.count),
    notes: reports.flatMap((report) => (report.note ? [report.note] : [])).slice(0, NOTES_SHOWN),
    firstReportedAt: isoTime(Number(row.open_since)),
    version: Number(row.version),
  };
}
