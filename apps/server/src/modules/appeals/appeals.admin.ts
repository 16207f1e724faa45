import {
  APPEAL_GRANT_REASONS,
  APPEAL_REFUSE_REASONS,
  type AppealKind,
  type AppealReason,
  type AppealStatus,
  type ConsoleAppeal,
} from '@stride/contract';
import type { Db } from '../../db/database.js';
import type { Executor } from '../../db/executor.js';
import { pageResult, pageWindow } from '../../db/retry.js';
import type { BinaryAnswer } from '../../http/endpoints.js';
import { AppError, notFound } from '../../http/errors.js';
import { OperatorError } from '../../http/operator-error.js';
import { isoTime, type Clock } from '../../lib/clock.js';
import type { Hidden } from '../../lib/moderation.js';
import { inEveryLanguage, type MessageKey } from '../../locales/index.js';
import type { AuditService } from '../audit/audit.service.js';
import type { FilesService } from '../files/files.service.js';
import type { InvitesAdmin } from '../invites/invites.admin.js';
import type { ModerationAdmin } from '../moderation/moderation.admin.js';
import { NOTIFICATION_PAGES, type NotificationsService } from '../notifications/notifications.service.js';
import type { WalkingAdmin } from '../walking/walking.admin.js';
import type { AppealRow, AppealsRepository } from './appeals.repository.js';

export type AppealDecision = 'grant' | 'refuse';

const REASONS_OF: Readonly<Record<AppealDecision, readonly AppealReason[]>> = {
  grant: APPEAL_GRANT_REASONS,
  refuse: APPEAL_REFUSE_REASONS,
};

/**
 * Appeals, the reviewers' side (docs/console/reviewer.md, Appeals; decision 102 "Appeals with a deadline"): the queue
 * by due time, beside the evidence the first decision used; the decision, a compare-and-set on the appeal's version that
 * does what it says to the day or the content, tells the user with its reason and is recorded, in one transaction.
 */
export class AppealsAdmin {
  constructor(
    private readonly db: Db,
    private readonly repository: AppealsRepository,
    private readonly files: FilesService,
    private readonly walking: WalkingAdmin,
    private readonly moderation: ModerationAdmin,
    private readonly invites: InvitesAdmin,
    private readonly notifications: NotificationsService,
    private readonly audit: AuditService,
    private readonly clock: Clock,
  ) {}

  async queue(status: 'open' | 'decided', page: { page: number; pageSize: number }) {
    const { rows, total } = await this.repository.queue(this.db, status, pageWindow(page));
    const mobiles = await this.audit.maskedMobiles(rows.map((row) => row.user_id));
    const now = this.clock.now();
    const items: ConsoleAppeal[] = [];
    for (const row of rows) items.push(await this.toConsoleAppeal(this.db, row, mobiles, now));
    return pageResult(items, page, total);
  }

  /** The picture sent with an appeal; the look is recorded. */
  async image(operator: string, id: string): Promise<BinaryAnswer> {
    const row = await this.repository.find(this.db, id);
    if (!row?.file_id) throw notFound();
    const file = await this.files.readAny(row.file_id);
    await this.audit.recordLook({
      operator,
      action: 'appeal.view-image',
      subjectType: 'appeal',
      subjectId: id,
      detail: { userId: row.user_id, fileId: row.file_id },
    });
    return { contentType: file.contentType, body: file.body };
  }

  async decide(
    operator: string,
    id: string,
    input: { decision: AppealDecision; reason: AppealReason; reply?: string | undefined; version: number },
  ): Promise<ConsoleAppeal> {
    if (!REASONS_OF[input.decision].includes(input.reason)) {
      throw new OperatorError(`A ${input.decision} gives one of: ${REASONS_OF[input.decision].join(', ')}`);
    }
    const found = await this.repository.find(this.db, id);
    if (!found) throw notFound();
    const status: AppealStatus = input.decision === 'grant' ? 'granted' : 'refused';
    const reply = input.reply?.trim() ? input.reply.trim() : null;
    let hidden: Hidden | undefined;
    const result = await this.audit.changeState<AppealRow, { effect: Record<string, unknown>; appeal: ConsoleAppeal }>({
      operator,
      change: (trx, now) =>
        this.repository.decide(trx, id, input.version, {
          status,
          decided_at: now,
          operator_id: this.audit.actorId(),
          reason: input.reason,
          reply,
        }),
      reread: (trx) => this.repository.find(trx, id),
      missing: `No appeal ${id}`,
      lost: () => {
        throw new AppError('STALE_EDIT', 'staleEdit');
      },
      apply: async (trx, now) => {
        let effect: Record<string, unknown> = {};
        if (found.kind === 'step-day') {
          effect = await this.walking.settleAppeal(trx, found.user_id, found.subject, input.decision, {
            now,
            note: `appeal ${id}: ${input.reason}`,
          });
        } else if (found.kind === 'invite-reward') {
          effect = await this.invites.settleAppeal(trx, found.subject, input.decision, now);
        } else if (input.decision === 'grant') {
          hidden = await this.moderation.hideOnAppeal(trx, found.subject, operator, now);
          effect = hidden ? { content: hidden.after } : {};
        }
        await this.tell(trx, found, status, input.reason);
        const row = await this.repository.find(trx, id);
        if (!row) throw notFound();
        const mobiles = await this.audit.maskedMobiles([row.user_id]);
        return { effect, appeal: await this.toConsoleAppeal(trx, row, mobiles, now) };
      },
      record: ({ effect }) => ({
        action: `appeal.${input.decision}`,
        subjectType: 'appeal',
        subjectId: id,
        detail: { userId: found.user_id, kind: found.kind, subject: found.subject, reason: input.reason, ...effect },
        before: { status: 'open', version: input.version },
        after: { status, reason: input.reason, ...(reply ? { reply } : {}), version: input.version + 1 },
      }),
    });
    hidden?.committed?.();
    this.notifications.nudge();
    return result.appeal;
  }

  /** The user's notice of the decision, its reason in every language; it opens the day's receipt, or the appeals. */
  private async tell(trx: Executor, row: AppealRow, outcome: 'granted' | 'refused', reason: AppealReason) {
    const isDay = row.kind === 'step-day';
    await this.notifications.record(trx, {
      userId: row.user_id,
      kind: 'appeal.decided',
      params: {
        appealId: row.id,
        subject: isDay ? row.subject : inEveryLanguage(`appeal.subject.${row.kind as 'report' | 'invite-reward'}`),
        outcome,
        reason: inEveryLanguage(`appeal.reason.${reason}` as MessageKey),
      },
      dedupeKey: `appeal.decided:${row.id}`,
      link: isDay
        ? { path: NOTIFICATION_PAGES.stepDay, query: { day: row.subject } }
        : { path: row.kind === 'invite-reward' ? NOTIFICATION_PAGES.invite : NOTIFICATION_PAGES.appeals },
    });
  }

  private async toConsoleAppeal(
    db: Executor,
    row: AppealRow,
    mobiles: ReadonlyMap<string, string>,
    now: number,
  ): Promise<ConsoleAppeal> {
    const kind = row.kind as AppealKind;
    const review = kind === 'step-day' ? await this.walking.reviewOfDay(db, row.user_id, row.subject) : undefined;
    return {
      id: row.id,
      kind,
      subject: row.subject,
      userId: row.user_id,
      mobile: mobiles.get(row.user_id) ?? '',
      note: row.note,
      hasImage: row.file_id !== null,
      status: row.status as AppealStatus,
      createdAt: isoTime(Number(row.created_at)),
      dueAt: isoTime(Number(row.due_at)),
      overdue: row.status === 'open' && Number(row.due_at) < now,
      decidedAt: row.decided_at === null ? null : isoTime(Number(row.decided_at)),
      reason: row.reason as AppealReason | null,
      reply: row.reply,
      day: review ? await this.walking.reviewEvidence(db, review.id) : null,
      report: kind === 'report' ? await this.moderation.appealedReport(db, row.subject) : null,
      inviteReward: kind === 'invite-reward' ? await this.invites.rewardEvidence(db, row.subject) : null,
      version: Number(row.version),
    };
  }
}
