import type { ConsoleUserPage, OperatorActionName } from '@stride/contract';
import type { Db } from '../../db/database.js';
import type { Executor } from '../../db/executor.js';
import { pageResult, pageWindow } from '../../db/retry.js';
import { AppError } from '../../http/errors.js';
import { isoTime, type Clock } from '../../lib/clock.js';
import { maskMobile, maskName } from '../../lib/secrets.js';
import type { CardsService } from '../cards/cards.service.js';
import type { IdentityService } from '../identity/identity.service.js';
import type { InvitesAdmin } from '../invites/invites.admin.js';
import type { LedgerService } from '../ledger/ledger.service.js';
import type { AuditService } from '../audit/audit.service.js';
import type { PayoutsService } from '../payouts/payouts.service.js';
import type { RateLimitService } from '../rate-limit/rate-limit.service.js';
import type { ShopService } from '../shop/shop.service.js';
import type { AccountsRepository, UserRow } from './accounts.repository.js';
import type { SessionsService } from './sessions.service.js';

/** Invitees shown on a user's page (the newest). */
const INVITEES_SHOWN = 100;
const UUID = /^[0-9a-fA-F-]{36}$/;

/**
 * What another domain answers about one user, through its own service (decision 026 "User care in the operator
 * console").
 */
export interface UserReaders {
  identity: IdentityService;
  cards: CardsService;
  payouts: PayoutsService;
  shop: ShopService;
  invites: InvitesAdmin;
  ledger: LedgerService;
}

/** Who reads: support sees masked numbers and names, an admin the whole number. */
export interface Viewer {
  operator: string;
  masked: boolean;
}

type Page = { page: number; pageSize: number };

function userView(row: UserRow, masked: boolean) {
  return {
    id: row.id,
    account: masked ? maskMobile(row.account) : row.account,
    inviteCode: row.invite_code,
    invitedBy: row.invited_by,
    createdAt: isoTime(row.created_at),
    status: row.frozen_at === null ? ('active' as const) : ('frozen' as const),
    frozenAt: row.frozen_at === null ? null : isoTime(row.frozen_at),
    frozenBy: row.frozen_by,
    frozenReason: row.frozen_reason,
    version: row.version,
  };
}
export type ConsoleUserView = ReturnType<typeof userView>;

function stateOf(row: UserRow) {
  return {
    status: row.frozen_at === null ? 'active' : 'frozen',
    reason: row.frozen_reason,
    version: row.version,
  };
}

/**
 * User care for operators (decision 026 "User care in the operator console"): search, a user's page composed from each
 * domain's own reader, freeze and unfreeze by compare-and-set on the user's version, and the reset of login
 * limits. Every read of a user is a recorded look; every change is recorded with before and after
 * in its transaction.
 */
export class AccountsAdmin {
  constructor(
    private readonly db: Db,
    private readonly repository: AccountsRepository,
    private readonly audit: AuditService,
    private readonly limits: RateLimitService,
    private readonly readers: UserReaders,
    private readonly clock: Clock,
    private readonly sessions: SessionsService,
  ) {}

  private async user(id: string): Promise<UserRow> {
    const row = await this.repository.findById(this.db, id);
    if (!row) throw new AppError('NOT_FOUND', 'userMissing');
    return row;
  }

  private look(
    viewer: Viewer,
    action: OperatorActionName,
    userId: string,
    detail?: Record<string, unknown>,
  ): Promise<void> {
    return this.audit.recordLook({
      operator: viewer.operator,
      action,
      subjectType: 'user',
      subjectId: userId,
      detail: { masked: viewer.masked, ...detail },
    });
  }

  async search(viewer: Viewer, query: Page & { q: string }) {
    const term = UUID.test(query.q) ? { id: query.q.toLowerCase() } : { digits: query.q };
    const { rows, total } = await this.repository.search(this.db, term, pageWindow(query));
    // The search term is itself a personal number, so the record keeps only who was found.
    await this.audit.recordLook({
      operator: viewer.operator,
      action: 'user.search',
      subjectType: 'user',
      subjectId: 'search',
      detail: { userIds: rows.map((row) => row.id), masked: viewer.masked },
    });
    const items = rows.map((row) => {
      const view = userView(row, viewer.masked);
      return {
        id: view.id,
        account: view.account,
        realNameStatus: row.real_name_status as ConsoleUserPage['verification']['status'],
        status: view.status,
        createdAt: view.createdAt,
      };
    });
    return { ...pageResult(items, query, total), masked: viewer.masked };
  }

  /** A user's page: opening it is a recorded look at personal data. */
  async page(viewer: Viewer, userId: string): Promise<ConsoleUserPage> {
    const row = await this.user(userId);
    const { identity, cards, payouts, invites, ledger } = this.readers;
    const [verification, myCards, bankCards, invitees, cash, points] = await Promise.all([
      identity.get(userId),
      cards.listMyCards(userId),
      payouts.listCards(userId),
      invites.invitees(userId, INVITEES_SHOWN),
      ledger.balance({ kind: 'user', userId, asset: 'CNY' }),
      ledger.balance({ kind: 'user', userId, asset: 'POINTS' }),
    ]);
    await this.look(viewer, 'user.view', userId);
    return {
      user: userView(row, viewer.masked),
      masked: viewer.masked,
      verification: {
        status: verification.status,
        name: verification.name !== null && viewer.masked ? maskName(verification.name) : verification.name,
        idNumberMasked: verification.idNumberMasked,
        submittedAt: verification.submittedAt,
        reviewedAt: verification.reviewedAt,
        faceVerified: verification.faceVerified,
      },
      balances: { cash, points },
      cards: myCards,
      bankCards,
      invitees,
    };
  }

  async orders(viewer: Viewer, userId: string, query: Page) {
    await this.user(userId);
    const answer = await this.readers.shop.listOrders(userId, query);
    await this.look(viewer, 'user.view-orders', userId, { page: query.page });
    return answer;
  }

  async withdrawals(viewer: Viewer, userId: string, query: Page) {
    await this.user(userId);
    const answer = await this.readers.payouts.listWithdrawals(userId, query);
    await this.look(viewer, 'user.view-withdrawals', userId, { page: query.page });
    return answer;
  }

  /** Every movement of one asset, newest first, with the balance after each. */
  async statement(viewer: Viewer, userId: string, query: Page & { asset: 'CNY' | 'POINTS' }) {
    await this.user(userId);
    const { rows, total } = await this.readers.ledger.statement(
      { kind: 'user', userId, asset: query.asset },
      {},
      pageWindow(query),
    );
    await this.look(viewer, 'user.view-statement', userId, { asset: query.asset, page: query.page });
    const items = rows.map((entry) => ({
      id: String(entry.id),
      type: entry.kind,
      amount: entry.amount,
      balanceAfter: entry.balance_after,
      createdAt: isoTime(entry.created_at),
    }));
    return pageResult(items, query, total);
  }

  /**
   * Freezes (`reason` given, `frozen` true) or unfreezes an account, if it is still at `version`.
   * A frozen user's sessions stay, answering 1018 (the authentication reads the flag in its one
   * query); unfreezing ends them, so a token from before the freeze does not come back to life.
   */
  async setFrozen(
    operator: string,
    userId: string,
    input: { frozen: boolean; version: number; reason: string },
  ): Promise<ConsoleUserView> {
    const now = this.clock.now();
    const view = await this.db.transaction().execute(async (trx) => {
      const before = await this.repository.findById(trx, userId);
      if (!before) throw new AppError('NOT_FOUND', 'userMissing');
      const won = await this.repository.setFrozen(
        trx,
        userId,
        input.version,
        input.frozen ? { at: now, by: operator, reason: input.reason } : null,
      );
      const after = await this.repository.findById(trx, userId);
      if (!after) throw new AppError('NOT_FOUND', 'userMissing');
      if (!won) {
        if (after.version !== input.version) throw new AppError('STALE_EDIT', 'staleEdit');
        throw new AppError('BUSINESS_RULE', input.frozen ? 'userAlreadyFrozen' : 'userNotFrozen');
      }
      if (!input.frozen) await this.repository.revokeSessions(trx, userId, now);
      await this.audit.record(trx, {
        operator,
        action: input.frozen ? 'user.freeze' : 'user.unfreeze',
        subjectType: 'user',
        subjectId: userId,
        detail: { reason: input.reason },
        before: stateOf(before),
        after: stateOf(after),
        now,
      });
      return userView(after, false);
    });
    // Frozen answers 1018 from the next call on; unfrozen, the sessions from before have ended.
    this.sessions.forgetUser(userId);
    return view;
  }

  /**
   * Freezes an account inside another decision's transaction (a moderation decision, docs/product/moderation.md), as
   * the console's freeze does and recorded as one: false when it was frozen already. The caller forgets the user's
   * cached sessions once it committed (`sessions.forgetUser`).
   */
  async freezeWithin(trx: Executor, operator: string, userId: string, reason: string, now: number): Promise<boolean> {
    const before = await this.repository.findById(trx, userId);
    if (!before || before.frozen_at !== null) return false;
    if (!(await this.repository.setFrozen(trx, userId, before.version, { at: now, by: operator, reason }))) {
      throw new AppError('STALE_EDIT', 'staleEdit');
    }
    const after = await this.repository.findById(trx, userId);
    await this.audit.record(trx, {
      operator,
      action: 'user.freeze',
      subjectType: 'user',
      subjectId: userId,
      detail: { reason },
      before: stateOf(before),
      ...(after ? { after: stateOf(after) } : {}),
      now,
    });
    return true;
  }

  /**
   * Clears the account's failed-login counters: the captcha demand (failures on the account) and
   * the lockout of each address on this account. An address's lock over every account stays: it
   * belongs to a network address, not to this user.
   */
  async resetLoginLimits(operator: string, userId: string): Promise<{ cleared: number }> {
    const row = await this.user(userId);
    const now = this.clock.now();
    return this.db.transaction().execute(async (trx) => {
      const cleared = await this.limits.clear(trx, [`login:account:${row.account}`], [`login:source:%:${row.account}`]);
      await this.audit.record(trx, {
        operator,
        action: 'user.reset-login-limits',
        subjectType: 'user',
        subjectId: userId,
        detail: { cleared },
        before: { counters: cleared },
        after: { counters: 0 },
        now,
      });
      return { cleared };
    });
  }
}
