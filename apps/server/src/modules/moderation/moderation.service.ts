import { REPORTS_PER_HOUR, type BodyOf, type reportContent } from '@stride/contract';
import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/database.js';
import { AppError, notFound } from '../../http/errors.js';
import { HOUR_MS, isoTime, type Clock } from '../../lib/clock.js';
import type { ModerationTarget } from '../../lib/moderation.js';
import type { PersonalDataSection } from '../../lib/personal-data.js';
import type { RateLimitService } from '../rate-limit/rate-limit.service.js';
import type { ModerationRepository } from './moderation.repository.js';

/** What a decision writes on the reports it closes, and on the case; `erased`: the content's account was deleted. */
export type CaseOutcome = 'hide' | 'freeze' | 'dismiss' | 'erased';

/**
 * Users' reports of content (docs/product/moderation.md; decision 096 "Moderation of user content"). Each kind of content
 * is a target its module hands over (`register`); only content the reporter sees now can be reported, and anything
 * else answers like missing content. One open report per reporter and content is the database's partial unique index.
 */
export class ModerationService {
  private readonly targets = new Map<string, ModerationTarget>();

  constructor(
    private readonly db: Db,
    private readonly repository: ModerationRepository,
    private readonly limits: RateLimitService,
    private readonly clock: Clock,
  ) {}

  /** One kind of content that can be reported: its module's one registration. */
  register(target: ModerationTarget): void {
    if (this.targets.has(target.kind)) throw new Error(`The moderation kind ${target.kind} is registered already.`);
    this.targets.set(target.kind, target);
  }

  /** The target of a kind; an unknown kind answers like missing content. */
  target(kind: string): ModerationTarget {
    const target = this.targets.get(kind);
    if (!target) throw notFound();
    return target;
  }

  async report(userId: string, body: BodyOf<typeof reportContent>): Promise<{ done: true }> {
    const target = this.target(body.kind);
    if (!(await this.limits.allow(`moderation.report:${userId}`, HOUR_MS, REPORTS_PER_HOUR))) {
      throw new AppError('RATE_LIMITED', 'rateLimited', { minutes: this.limits.minutesLeft(HOUR_MS) });
    }
    const content = (await target.contents(this.db, [body.id])).get(body.id);
    if (!content) throw notFound();
    if (content.ownerId === userId) throw new AppError('BUSINESS_RULE', 'reportOwnContent');
    if (!(await target.visibleTo(this.db, userId, body.id))) throw notFound();
    const now = this.clock.now();
    await this.db.transaction().execute(async (trx) => {
      const inserted = await this.repository.insertReport(trx, {
        id: randomUUID(),
        reporter_id: userId,
        kind: body.kind,
        target_id: body.id,
        reason: body.reason,
        note: body.note || null,
        created_at: now,
      });
      if (inserted) await this.repository.openCase(trx, { kind: body.kind, id: body.id }, now);
    });
    return { done: true };
  }

  personalData(): PersonalDataSection {
    return {
      name: 'reports',
      exportFor: async (userId) =>
        (await this.repository.reportsBy(this.db, userId)).map((row) => ({
          kind: row.kind,
          reason: row.reason,
          note: row.note,
          reportedAt: isoTime(Number(row.created_at)),
          closedAt: row.closed_at === null ? null : isoTime(Number(row.closed_at)),
          outcome: row.decision,
        })),
      // The user's own reports go (their cases keep the others' reports); reports of their nickname or avatar close.
      erase: async (trx, { userId, now }) => {
        for (const key of await this.repository.deleteReportsBy(trx, userId)) {
          await this.repository.reopenFromReports(trx, key);
        }
        for (const target of this.targets.values()) {
          if (!target.ofUser) continue;
          const key = { kind: target.kind, id: userId };
          if ((await this.repository.closeReports(trx, key, 'erased', now)) > 0) {
            await this.repository.reopenFromReports(trx, key);
          }
        }
      },
    };
  }
}
