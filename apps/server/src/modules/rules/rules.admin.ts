import type { BodyOf, ResponseOf, consolePublishRules, consoleRuleVersions } from '@stride/contract';
import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/database.js';
import { AppError } from '../../http/errors.js';
import type { BusinessCalendar } from '../../lib/business-day.js';
import { isoTime, type Clock } from '../../lib/clock.js';
import type { AuditService } from '../audit/audit.service.js';
import { changesBetween, type RuleBook } from './rules.book.js';
import { columnsOf, rulesOf, type RuleVersionRow, type RulesRepository } from './rules.repository.js';

type ConsoleVersion = ResponseOf<typeof consolePublishRules>;

/**
 * The finance operators' side of the earning rules (docs/console/earning-rules.md): the versions, and publishing a
 * new one. A change worse for users applies no sooner than the notice period after today, one better from today;
 * a new version applies after every version already published, so the past never changes. Publishing is a compare
 * and set on the book's counter: two operators at once, one wins and the other gets 1017.
 */
export class RulesAdmin {
  constructor(
    private readonly db: Db,
    private readonly repository: RulesRepository,
    private readonly book: RuleBook,
    private readonly audit: AuditService,
    private readonly clock: Clock,
    private readonly calendar: BusinessCalendar,
    private readonly noticeDays: number,
  ) {}

  async list(): Promise<ResponseOf<typeof consoleRuleVersions>> {
    this.book.forget();
    const [versions, bookVersion] = await Promise.all([
      this.book.published(this.db),
      this.repository.bookVersion(this.db),
    ]);
    return {
      today: this.book.todayIs(),
      noticeDays: this.noticeDays,
      bookVersion,
      versions: versions.map(({ row, ...version }) => ({ ...version, ...operatorPart(row) })),
    };
  }

  async publish(operator: string, body: BodyOf<typeof consolePublishRules>): Promise<ConsoleVersion> {
    this.book.forget();
    const today = this.book.todayIs();
    const versions = await this.book.versions(this.db);
    const last = versions.at(-1);
    if (last && body.effectiveOn <= last.effective_on) {
      throw new AppError('BUSINESS_RULE', 'rulesAfterLast', { day: last.effective_on });
    }
    const changes = changesBetween(last ? rulesOf(last) : null, body.rules);
    if (changes.length === 0) throw new AppError('BUSINESS_RULE', 'rulesUnchanged');
    const worse = changes.some((change) => change.worse);
    const earliest = worse ? this.calendar.addDays(today, this.noticeDays) : today;
    if (body.effectiveOn < earliest) {
      throw new AppError('BUSINESS_RULE', worse ? 'rulesNotice' : 'rulesPast', {
        days: this.noticeDays,
        day: earliest,
      });
    }
    const now = this.clock.now();
    const id = randomUUID();
    await this.db.transaction().execute(async (trx) => {
      if (!(await this.repository.turn(trx, body.bookVersion))) throw new AppError('STALE_EDIT', 'staleEdit');
      await this.repository.insert(trx, {
        id,
        effective_on: body.effectiveOn,
        published_at: now,
        published_by: operator,
        ...columnsOf(body.rules),
        told_at: null,
      });
      await this.audit.record(trx, {
        operator,
        action: 'rules.publish',
        subjectType: 'rules',
        subjectId: id,
        detail: { effectiveOn: body.effectiveOn, worse, changes },
        ...(last ? { before: { effectiveOn: last.effective_on, rules: rulesOf(last) } } : {}),
        after: { effectiveOn: body.effectiveOn, rules: body.rules },
        now,
      });
    });
    this.book.forget();
    const published = (await this.book.published(this.db)).find((version) => version.id === id);
    if (!published) throw new Error(`The rules version ${id} is not there once published`);
    const { row, ...version } = published;
    return { ...version, ...operatorPart(row) };
  }
}

function operatorPart(row: RuleVersionRow) {
  return {
    publishedBy: row.published_by,
    toldAt: row.told_at === null ? null : isoTime(Number(row.told_at)),
  };
}
