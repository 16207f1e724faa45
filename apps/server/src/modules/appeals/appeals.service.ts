import { randomUUID } from 'node:crypto';
import { DaySchema, type Appeal, type AppealKind } from '@stride/contract';
import type { Db } from '../../db/database.js';
import type { Executor } from '../../db/executor.js';
import { lockUserRow } from '../../db/locks.js';
import { AppError, notFound } from '../../http/errors.js';
import { isoTime, type Clock } from '../../lib/clock.js';
import type { PersonalDataSection } from '../../lib/personal-data.js';
import type { FilesService } from '../files/files.service.js';
import type { InvitesAdmin } from '../invites/invites.admin.js';
import type { ModerationAdmin } from '../moderation/moderation.admin.js';
import type { WalkingAdmin } from '../walking/walking.admin.js';
import type { AppealsRepository } from './appeals.repository.js';
import { dueAt, toAppeal } from './appeals.view.js';

/** The purpose a picture sent with an appeal is uploaded with (the watch's screen, a receipt). */
const PICTURE_PURPOSE = 'other';

/**
 * Appeals, the user's side (docs/product/appeals.md, decision 102 "Appeals with a deadline"): a held or rejected day, or a
 * dismissed report, appealed once with a note and optionally a picture; the decision due within the service's time.
 */
export class AppealsService {
  constructor(
    private readonly db: Db,
    private readonly repository: AppealsRepository,
    private readonly files: FilesService,
    private readonly walking: WalkingAdmin,
    private readonly moderation: ModerationAdmin,
    private readonly invites: InvitesAdmin,
    private readonly clock: Clock,
    private readonly decisionHours: number,
  ) {}

  /**
   * Under the user's row lock, the lock the uploads' clean-up takes before it removes a file, so that the picture an
   * appeal names is never removed meanwhile. Once per item: the unique (user, kind, subject) row.
   */
  create(
    userId: string,
    input: { kind: AppealKind; subject: string; note: string; fileId?: string | undefined },
  ): Promise<Appeal> {
    const now = this.clock.now();
    return this.db.transaction().execute(async (trx) => {
      await lockUserRow(trx, userId);
      await this.checkAppealable(trx, userId, input.kind, input.subject);
      let fileId: string | null = null;
      if (input.fileId !== undefined) {
        const file = await this.files.findOwned(trx, userId, input.fileId, PICTURE_PURPOSE);
        if (!file) throw notFound();
        fileId = file.id;
      }
      const row = {
        id: randomUUID(),
        user_id: userId,
        kind: input.kind,
        subject: input.subject,
        note: input.note,
        file_id: fileId,
        status: 'open',
        created_at: now,
        due_at: dueAt(now, this.decisionHours),
        decided_at: null,
        operator_id: null,
        reason: null,
        reply: null,
        version: 1,
      };
      if (!(await this.repository.insert(trx, row))) throw new AppError('CONFLICT', 'appealExists');
      return toAppeal(row, this.decisionHours, now);
    });
  }

  /**
   * A day of mine whose review holds or refused its rewards; a report of mine a reviewer dismissed; a held or refused
   * reward of an invitation I am a side of.
   */
  private async checkAppealable(db: Executor, userId: string, kind: AppealKind, subject: string): Promise<void> {
    if (kind === 'step-day') {
      const day = DaySchema.safeParse(subject);
      const review = day.success ? await this.walking.reviewOfDay(db, userId, day.data) : undefined;
      if (review?.status === 'flagged' || review?.status === 'rejected') return;
      throw new AppError('BUSINESS_RULE', 'appealNotAppealable');
    }
    const found =
      kind === 'report'
        ? await this.moderation.dismissedReportOf(db, userId, subject)
        : await this.invites.appealableReward(db, userId, subject);
    if (!found) throw notFound();
  }

  async mine(userId: string): Promise<{ items: Appeal[]; decisionHours: number }> {
    const rows = await this.repository.mine(this.db, userId);
    const now = this.clock.now();
    return { items: rows.map((row) => toAppeal(row, this.decisionHours, now)), decisionHours: this.decisionHours };
  }

  /** The appeals section (decision 047 "Your data"): what the user sent and what was decided; erased with the account. */
  personalData(): PersonalDataSection {
    return {
      name: 'appeals',
      exportFor: async (userId) =>
        (await this.repository.mine(this.db, userId)).map((row) => ({
          kind: row.kind,
          subject: row.subject,
          note: row.note,
          picture: row.file_id,
          status: row.status,
          appealedAt: isoTime(Number(row.created_at)),
          decidedAt: row.decided_at === null ? null : isoTime(Number(row.decided_at)),
          reason: row.reason,
          reply: row.reply,
        })),
      erase: async (trx, { userId }) => {
        await this.repository.deleteOf(trx, userId);
      },
    };
  }
}
