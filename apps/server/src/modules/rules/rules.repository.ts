import type { EarningRules } from '@stride/contract';
import type { Insertable, Selectable } from 'kysely';
import type { Executor } from '../../db/executor.js';
import { updatedOne } from '../../db/queries.js';
import type { RuleVersionsTable } from '../../db/schema.js';

export type RuleVersionRow = Selectable<RuleVersionsTable>;

/** The rules a row holds, as numbers (PostgreSQL answers bigint columns as strings). */
export function rulesOf(row: RuleVersionRow): EarningRules {
  return {
    stepsPerPoint: Number(row.steps_per_point),
    pointsDailyMax: Number(row.points_daily_max),
    exchangePointsPerUnit: Number(row.exchange_points_per_unit),
    exchangeCashPerUnit: Number(row.exchange_cash_per_unit),
    exchangeMinPoints: Number(row.exchange_min_points),
    inviteRewardPoints: Number(row.invite_reward_points),
    inviteQualifyingSteps: Number(row.invite_qualifying_steps),
    withdrawFeePermille: Number(row.withdraw_fee_permille),
    withdrawFeeMin: Number(row.withdraw_fee_min),
    withdrawMin: Number(row.withdraw_min),
    withdrawDailyMax: Number(row.withdraw_daily_max),
  };
}

/** The columns of these rules. */
export function columnsOf(rules: EarningRules) {
  return {
    steps_per_point: rules.stepsPerPoint,
    points_daily_max: rules.pointsDailyMax,
    exchange_points_per_unit: rules.exchangePointsPerUnit,
    exchange_cash_per_unit: rules.exchangeCashPerUnit,
    exchange_min_points: rules.exchangeMinPoints,
    invite_reward_points: rules.inviteRewardPoints,
    invite_qualifying_steps: rules.inviteQualifyingSteps,
    withdraw_fee_permille: rules.withdrawFeePermille,
    withdraw_fee_min: rules.withdrawFeeMin,
    withdraw_min: rules.withdrawMin,
    withdraw_daily_max: rules.withdrawDailyMax,
  };
}

export class RulesRepository {
  /** Every version, by the first day it applies to. */
  versions(db: Executor): Promise<RuleVersionRow[]> {
    return db.selectFrom('rule_versions').selectAll().orderBy('effective_on').execute();
  }

  /** The first version and the book, once, whoever comes first (the day's uniqueness and the book's key hold it). */
  async insertFirst(db: Executor, row: Insertable<RuleVersionsTable>): Promise<void> {
    await db
      .insertInto('rule_versions')
      .values(row)
      .onConflict((oc) => oc.column('effective_on').doNothing())
      .execute();
    await db
      .insertInto('rule_book')
      .values({ id: 1, version: 0 })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
  }

  async bookVersion(db: Executor): Promise<number> {
    const row = await db.selectFrom('rule_book').select('version').where('id', '=', 1).executeTakeFirst();
    return Number(row?.version ?? 0);
  }

  /** Moves the book on from `version`; false when another publication did first. */
  turn(db: Executor, version: number): Promise<boolean> {
    return updatedOne(
      db
        .updateTable('rule_book')
        .set({ version: version + 1 })
        .where('id', '=', 1)
        .where('version', '=', version),
    );
  }

  async insert(db: Executor, row: Insertable<RuleVersionsTable>): Promise<void> {
    await db.insertInto('rule_versions').values(row).execute();
  }

  untold(db: Executor): Promise<RuleVersionRow[]> {
    return db.selectFrom('rule_versions').selectAll().where('told_at', 'is', null).orderBy('effective_on').execute();
  }

  async markTold(db: Executor, id: string, now: number): Promise<void> {
    await db.updateTable('rule_versions').set({ told_at: now }).where('id', '=', id).execute();
  }

  /** The next users after `after` by id, to tell a chunk at a time. */
  async userIds(db: Executor, after: string, limit: number): Promise<string[]> {
    const rows = await db.selectFrom('users').select('id').where('id', '>', after).orderBy('id').limit(limit).execute();
    return rows.map((row) => row.id);
  }
}
