import { EARNING_RULE_NAMES, type EarningRules, type RuleVersion } from '@stride/contract';
import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/database.js';
import type { Executor } from '../../db/executor.js';
import type { BusinessCalendar } from '../../lib/business-day.js';
import { isoTime, type Clock } from '../../lib/clock.js';
import { columnsOf, rulesOf, type RuleVersionRow, type RulesRepository } from './rules.repository.js';

/** The first version's first day: it covers every day before the first version published in the console. */
export const FIRST_DAY = '2000-01-01';
/** How long an instance keeps the versions it read (another instance's publication shows within this). */
const CACHE_MS = 5_000;

/** Rules for which more is better for users; for every other rule, less is. */
const MORE_IS_BETTER = new Set<keyof EarningRules>([
  'pointsDailyMax',
  'exchangeCashPerUnit',
  'inviteRewardPoints',
  'withdrawDailyMax',
]);

/** What `after` changes from `before`, each change marked worse when it is worse for users. */
export function changesBetween(before: EarningRules | null, after: EarningRules): RuleVersion['changes'] {
  if (!before) return [];
  return EARNING_RULE_NAMES.flatMap((rule) => {
    const [from, to] = [before[rule], after[rule]];
    if (from === to) return [];
    return [{ rule, from, to, worse: MORE_IS_BETTER.has(rule) ? to < from : to > from }];
  });
}

/** The version in force on `day` among versions ordered by their first day. */
function inForce(versions: readonly RuleVersionRow[], day: string): RuleVersionRow | undefined {
  let found: RuleVersionRow | undefined;
  for (const row of versions) {
    if (row.effective_on > day) break;
    found = row;
  }
  return found ?? versions[0];
}

/**
 * The earning rules' versions (decision 098 "Earning rules as published versions"): every computation asks for the
 * rules of the day it concerns. The first version is written from the configuration (the environment's defaults)
 * the first time the rules are read; from then on the configuration no longer changes them.
 */
export class RuleBook {
  private cached: { at: number; versions: RuleVersionRow[] } | null = null;

  constructor(
    private readonly db: Db,
    private readonly repository: RulesRepository,
    private readonly clock: Clock,
    private readonly calendar: BusinessCalendar,
    private readonly defaults: EarningRules,
  ) {}

  /** Every version by its first day; read with `db` (the caller's transaction, if it is in one) when not kept. */
  async versions(db: Executor = this.db): Promise<RuleVersionRow[]> {
    if (this.cached && performance.now() - this.cached.at < CACHE_MS) return this.cached.versions;
    let versions = await this.repository.versions(db);
    if (versions.length === 0) {
      const now = this.clock.now();
      await this.repository.insertFirst(db, {
        id: randomUUID(),
        effective_on: FIRST_DAY,
        published_at: now,
        published_by: 'configuration',
        ...columnsOf(this.defaults),
        told_at: now,
      });
      versions = await this.repository.versions(db);
    }
    this.cached = { at: performance.now(), versions };
    return versions;
  }

  /** Forgets what it read: a publication on this instance shows at once. */
  forget(): void {
    this.cached = null;
  }

  /** The rules in force on a service day. */
  async on(db: Executor = this.db, day: string = this.todayIs()): Promise<EarningRules> {
    const row = inForce(await this.versions(db), day);
    return row ? rulesOf(row) : this.defaults;
  }

  /** The rules in force today. */
  today(db: Executor = this.db): Promise<EarningRules> {
    return this.on(db, this.todayIs());
  }

  todayIs(): string {
    return this.calendar.dayOf(this.clock.now());
  }

  /** Each version as users read it, the newest first. */
  async published(db: Executor = this.db): Promise<(RuleVersion & { row: RuleVersionRow })[]> {
    const versions = await this.versions(db);
    const current = inForce(versions, this.todayIs());
    const shown = versions.map((row, index) => {
      const rules = rulesOf(row);
      const before = index > 0 ? versions[index - 1] : undefined;
      const changes = changesBetween(before ? rulesOf(before) : null, rules);
      const state: RuleVersion['state'] =
        row === current ? 'current' : row.effective_on > (current?.effective_on ?? '') ? 'upcoming' : 'past';
      return {
        id: row.id,
        effectiveOn: row.effective_on,
        publishedAt: isoTime(Number(row.published_at)),
        state,
        rules,
        changes,
        worse: changes.some((change) => change.worse),
        row,
      };
    });
    return shown.reverse();
  }
}
