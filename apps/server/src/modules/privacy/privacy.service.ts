import { DELETE_CONFIRMATION, type AccountDeletionCheck, type DataExport } from '@stride/contract';
import type { Db } from '../../db/database.js';
import type { Executor } from '../../db/executor.js';
import { lockUserRow } from '../../db/locks.js';
import { AppError } from '../../http/errors.js';
import type { BusinessCalendar } from '../../lib/business-day.js';
import { HOUR_MS, isoTime, type Clock } from '../../lib/clock.js';
import type { DeletionBlocker, PersonalDataSection } from '../../lib/personal-data.js';
import type { AccountsService } from '../accounts/accounts.service.js';
import type { LedgerService } from '../ledger/ledger.service.js';
import type { RateLimitService } from '../rate-limit/rate-limit.service.js';

/** Where a deleted account's remaining balance and points go (decision 047 "Your data"). */
export const FORFEIT_ACCOUNT = 'forfeited';

/** Exports one user may make in an hour: each reads every section, so they are not free. */
export const EXPORTS_PER_HOUR = 10;

/**
 * Your data (docs/product/rules.md, Your data; decision 047 "Your data"): the export of everything a user
 * has, and the deletion of the account. Both read and erase through the registry of sections
 * each module's service contributes, so this module knows no table.
 */
export class PrivacyService {
  constructor(
    private readonly db: Db,
    private readonly sections: readonly PersonalDataSection[],
    private readonly accounts: AccountsService,
    private readonly ledger: LedgerService,
    private readonly limits: RateLimitService,
    private readonly clock: Clock,
    private readonly calendar: BusinessCalendar,
  ) {
    const names = new Set(sections.map((section) => section.name));
    if (names.size !== sections.length) throw new Error('Each personal data section has its own name');
  }

  /** The section names, in export order. */
  sectionNames(): string[] {
    return this.sections.map((section) => section.name);
  }

  async exportData(userId: string, password: string): Promise<DataExport> {
    await this.accounts.confirmPassword(userId, password, 'data-export');
    if (!(await this.limits.allow(`data-export:made:${userId}`, HOUR_MS, EXPORTS_PER_HOUR))) {
      throw new AppError('RATE_LIMITED', 'rateLimited', { minutes: this.limits.minutesLeft(HOUR_MS) });
    }
    const sections: Record<string, unknown> = {};
    for (const section of this.sections) sections[section.name] = await section.exportFor(userId);
    const now = this.clock.now();
    // The service day names the saved file (docs/product/rules.md, Your data), not the device's date.
    return {
      format: 'stride-data-export/1',
      exportedAt: isoTime(now),
      serviceDay: this.calendar.dayOf(now),
      userId,
      sections,
    };
  }

  private async state(db: Executor, userId: string): Promise<AccountDeletionCheck> {
    const blockers: Record<DeletionBlocker, number> = {
      pendingWithdrawals: 0,
      unpaidOrders: 0,
      unshippedOrders: 0,
      unshippedMailings: 0,
    };
    for (const section of this.sections) {
      if (!section.blocksDeletion) continue;
      const counts = await section.blocksDeletion(db, userId);
      for (const [key, count] of Object.entries(counts) as [DeletionBlocker, number][]) blockers[key] += count;
    }
    const [cash, points] = await Promise.all([
      this.ledger.balance({ kind: 'user', userId, asset: 'CNY' }, db),
      this.ledger.balance({ kind: 'user', userId, asset: 'POINTS' }, db),
    ]);
    return { cash, points, blockers, canDelete: Object.values(blockers).every((count) => count === 0) };
  }

  /** What deleting would forfeit and what blocks it now (the page reads it before asking). */
  check(userId: string): Promise<AccountDeletionCheck> {
    return this.state(this.db, userId);
  }

  /**
   * Deletes the account in one transaction after the user-row lock (withdrawals take it too):
   * refused while something is under way; the balance and points move to `system:forfeited`
   * through the ledger; every section erases its part; the user row stays as an anonymous
   * tombstone. Private files leave storage once the transaction committed.
   */
  async deleteAccount(
    userId: string,
    input: { password: string; confirmation: string; forfeit?: boolean | undefined },
  ): Promise<{ done: true; forfeited: { cash: number; points: number } }> {
    if (input.confirmation.trim() !== DELETE_CONFIRMATION) {
      throw new AppError('VALIDATION_FAILED', 'deleteConfirmationWrong', { word: DELETE_CONFIRMATION });
    }
    await this.accounts.confirmPassword(userId, input.password, 'account-delete');
    const now = this.clock.now();
    const { forfeited, afterCommit } = await this.db.transaction().execute(async (trx) => {
      await lockUserRow(trx, userId);
      const account = await this.accounts.accountOf(trx, userId);
      const state = await this.state(trx, userId);
      if (!state.canDelete) throw new AppError('BUSINESS_RULE', 'accountDeletionBlocked');
      if ((state.cash > 0 || state.points > 0) && input.forfeit !== true) {
        throw new AppError('BUSINESS_RULE', 'accountDeletionForfeit');
      }
      const legs = (
        [
          ['CNY', state.cash],
          ['POINTS', state.points],
        ] as const
      )
        .filter(([, amount]) => amount > 0)
        .flatMap(([asset, amount]) => [
          { account: { kind: 'user' as const, userId, asset }, amount: -amount },
          { account: { kind: 'system' as const, name: FORFEIT_ACCOUNT, asset }, amount },
        ]);
      if (legs.length > 0) {
        await this.ledger.post(trx, {
          kind: 'account.forfeit',
          legs,
          idempotencyKey: `${userId}:account.forfeit`,
          fingerprint: { cash: state.cash, points: state.points },
        });
      }
      const after: (() => Promise<void>)[] = [];
      for (const section of this.sections) {
        const then = await section.erase?.(trx, { userId, account, now });
        if (then) after.push(then);
      }
      return { forfeited: { cash: state.cash, points: state.points }, afterCommit: after };
    });
    for (const then of afterCommit) await then();
    return { done: true, forfeited };
  }
}
