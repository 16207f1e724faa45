import { createHash, randomInt, randomUUID } from 'node:crypto';
import type { LedgerType } from '@stride/contract';
import { isUniqueViolation } from '../../db/constraints.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../http/errors.js';
import type { Clock } from '../../lib/clock.js';
import { LedgerRepository, type Executor } from './ledger.repository.js';
import { recordId } from '../../lib/ids.js';
import { exportRow, type PersonalDataSection } from '../../lib/personal-data.js';

/** Kept here for the modules that import it from the ledger. */

/** Money in minor units of the configured currency, and points. */
export type Asset = 'CNY' | 'POINTS';

export type LedgerAccountRef =
  | { kind: 'user'; userId: string; asset: Asset }
  /** Where rewards come from and payments go: the only accounts allowed below zero. */
  | { kind: 'system'; name: string; asset: Asset };

export interface TransferLeg {
  account: LedgerAccountRef;
  /** Signed: negative debits the account, positive credits it. */
  amount: number;
}

export interface TransferRequest {
  /** One of the contract's LEDGER_TYPES: the funds statement labels and filters by it. */
  kind: LedgerType;
  legs: TransferLeg[];
  /** Scoped by the caller, e.g. `<user id>:<client key>`. */
  idempotencyKey?: string;
  /** Whatever identifies the request's content, to tell a replay from a conflicting reuse of the key. */
  fingerprint?: unknown;
  memo?: string;
}

export interface TransferResult {
  transferId: string;
  replayed: boolean;
}

export function accountCode(ref: LedgerAccountRef): string {
  return ref.kind === 'user' ? `user:${ref.userId}:${ref.asset}` : `system:${ref.name}:${ref.asset}`;
}

/**
 * The system accounts that every user's everyday operations move (an exchange, collected points, a
 * goods order, a card bought), whose balance is kept in SYSTEM_STRIPES rows (decision 053 "Fewer statements for home
 * and for money"): `<code>` and `<code>#1` … `<code>#15`, each transfer moving one of them at random, so that
 * concurrent transfers of different users do not all wait for one row until each commit. The
 * account's balance is the sum of its rows; system accounts may go below zero, so no check needs
 * the whole. Other system accounts (read by code, such as `system:refunds-due`) keep one row.
 */
export const STRIPED_SYSTEM_ACCOUNTS: ReadonlySet<string> = new Set(['exchange', 'rewards', 'shop', 'sales']);
export const SYSTEM_STRIPES = 16;

/** The rows of an account's balance: its code, then for a striped one the code with `#1` … `#15`. */
export function stripeCodes(ref: LedgerAccountRef): string[] {
  const code = accountCode(ref);
  if (ref.kind !== 'system' || !STRIPED_SYSTEM_ACCOUNTS.has(ref.name)) return [code];
  return [code, ...Array.from({ length: SYSTEM_STRIPES - 1 }, (_, index) => `${code}#${index + 1}`)];
}

/** The account a row belongs to: a stripe's code without its `#n`. */
export function stripeBase(code: string): string {
  return code.startsWith('system:') ? code.replace(/#\d+$/, '') : code;
}

function legCode(ref: LedgerAccountRef, stripe: number): string {
  const code = accountCode(ref);
  return ref.kind === 'system' && stripe > 0 && STRIPED_SYSTEM_ACCOUNTS.has(ref.name) ? `${code}#${stripe}` : code;
}

function fingerprintHash(fingerprint: unknown): string | null {
  if (fingerprint === undefined) return null;
  return createHash('sha256').update(JSON.stringify(fingerprint)).digest('base64url');
}

export interface InvariantReport {
  unbalancedTransfers: string[];
  driftedAccounts: string[];
  overdrawnAccounts: string[];
  mismatchedAssets: string[];
}

/**
 * Double-entry ledger: every movement of money or points is one transfer whose legs sum to zero
 * per asset, written in the caller's database transaction together with the business change.
 */
export class LedgerService {
  private readonly repository = new LedgerRepository();

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /**
   * Posts a transfer inside `trx`. With an idempotency key already used for the same request it
   * answers the first transfer; for a different request, a conflict. Throws INSUFFICIENT_FUNDS,
   * changing nothing, when a user account would go below zero.
   */
  async post(trx: Executor, request: TransferRequest): Promise<TransferResult> {
    const totals = new Map<Asset, number>();
    for (const leg of request.legs) {
      if (!Number.isSafeInteger(leg.amount)) throw new Error('Ledger amounts are integers in minor units');
      totals.set(leg.account.asset, (totals.get(leg.account.asset) ?? 0) + leg.amount);
    }
    if ([...totals.values()].some((total) => total !== 0)) throw new Error('Transfer legs must sum to zero per asset');

    const requestHash = fingerprintHash(request.fingerprint);
    const now = this.clock.now();
    const transferId = recordId();
    // The transfer first: a key already used leaves it unwritten, and the first transfer answers.
    const recorded = await this.repository.insertTransfer(trx, {
      id: transferId,
      kind: request.kind,
      idempotencyKey: request.idempotencyKey ?? null,
      requestHash,
      memo: request.memo ?? null,
      now,
    });
    if (!recorded) {
      const existing = request.idempotencyKey
        ? await this.repository.findTransferByKey(trx, request.idempotencyKey)
        : undefined;
      if (!existing) throw new Error('A new transfer was not recorded');
      if (existing.request_hash !== requestHash) throw new AppError('CONFLICT', 'conflict');
      return { transferId: existing.id, replayed: true };
    }

    // A fixed lock order (by account code) keeps two transfers over the same accounts from
    // deadlocking. Each leg is one statement that checks, moves and answers the balance (decision 053 "Fewer statements
    // for home and for money"). One stripe of each system account, chosen at random per transfer.
    const stripe = randomInt(SYSTEM_STRIPES);
    const legs = request.legs
      .map((leg, index) => ({ ...leg, code: legCode(leg.account, stripe), index }))
      .sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : a.index - b.index));
    const entries = [];
    for (const leg of legs) {
      let moved = await this.repository.applyDelta(trx, leg.code, leg.amount);
      if (!moved) {
        // Nothing moved: the balance is short, or the row did not exist when the update ran. An
        // account's first use opens it (at zero; a no-op when it exists), then the move is tried
        // once more. Asking first whether the row exists would be a race: a concurrent transfer
        // can open it between that update and the question, and a move with money behind it would
        // be refused as short.
        await this.repository.ensureAccount(trx, {
          id: randomUUID(),
          code: leg.code,
          userId: leg.account.kind === 'user' ? leg.account.userId : null,
          asset: leg.account.asset,
          allowNegative: leg.account.kind === 'system',
          now,
        });
        moved = await this.repository.applyDelta(trx, leg.code, leg.amount);
      }
      if (!moved) {
        // Same code either way; the message names what is short.
        throw new AppError(
          'INSUFFICIENT_FUNDS',
          leg.account.asset === 'POINTS' ? 'insufficientPoints' : 'insufficientFunds',
        );
      }
      entries.push({
        transferId,
        accountId: moved.id,
        asset: leg.account.asset,
        amount: leg.amount,
        balanceAfter: moved.balance,
        now,
      });
    }
    await this.repository.insertEntries(trx, entries);
    return { transferId, replayed: false };
  }

  /**
   * Posts many transfers inside `trx` as `post` posts each, with a few statements for all of them (a settlement's chunk
   * of prizes): the transfers' rows in one statement (a key already used answers its first transfer, or a conflict for
   * a different request), each account's balance moved once by the sum of its legs, then every leg. All or nothing: a
   * user account that would go below zero refuses the whole batch. Answers one result per request, in order.
   */
  async postMany(trx: Executor, requests: readonly TransferRequest[]): Promise<TransferResult[]> {
    if (requests.length === 0) return [];
    for (const request of requests) {
      const totals = new Map<Asset, number>();
      for (const leg of request.legs) {
        if (!Number.isSafeInteger(leg.amount)) throw new Error('Ledger amounts are integers in minor units');
        totals.set(leg.account.asset, (totals.get(leg.account.asset) ?? 0) + leg.amount);
      }
      if ([...totals.values()].some((total) => total !== 0))
        throw new Error('Transfer legs must sum to zero per asset');
    }
    const now = this.clock.now();
    const rows = requests.map((request) => ({
      id: recordId(),
      kind: request.kind,
      idempotency_key: request.idempotencyKey ?? null,
      request_hash: fingerprintHash(request.fingerprint),
      memo: request.memo ?? null,
      created_at: now,
    }));
    const recorded = await this.repository.insertTransfers(trx, rows);
    const replays = new Map(
      (
        await this.repository.findTransfersByKeys(
          trx,
          rows.flatMap((row) => (recorded.has(row.id) || row.idempotency_key === null ? [] : [row.idempotency_key])),
        )
      ).map((row) => [row.idempotency_key, row]),
    );
    const results: TransferResult[] = [];
    const fresh: { row: (typeof rows)[number]; request: TransferRequest }[] = [];
    for (const [index, row] of rows.entries()) {
      if (recorded.has(row.id)) {
        fresh.push({ row, request: requests[index]! });
        results.push({ transferId: row.id, replayed: false });
        continue;
      }
      const existing = row.idempotency_key === null ? undefined : replays.get(row.idempotency_key);
      if (!existing) throw new Error('A new transfer was not recorded');
      if (existing.request_hash !== row.request_hash) throw new AppError('CONFLICT', 'conflict');
      results.push({ transferId: existing.id, replayed: true });
    }
    if (fresh.length === 0) return results;
    const stripe = randomInt(SYSTEM_STRIPES);
    const legs = fresh.flatMap(({ row, request }) =>
      request.legs.map((leg) => ({ ...leg, code: legCode(leg.account, stripe), transferId: row.id })),
    );
    const sums = new Map<string, { account: LedgerAccountRef; amount: number }>();
    for (const leg of legs) {
      const sum = sums.get(leg.code) ?? { account: leg.account, amount: 0 };
      sum.amount += leg.amount;
      sums.set(leg.code, sum);
    }
    const codes = [...sums.keys()].sort();
    await this.repository.ensureAccounts(
      trx,
      codes.map((code) => {
        const { account } = sums.get(code)!;
        return {
          id: randomUUID(),
          code,
          userId: account.kind === 'user' ? account.userId : null,
          asset: account.asset,
          allowNegative: account.kind === 'system',
          now,
        };
      }),
    );
    const moved = await this.repository.applyDeltas(
      trx,
      codes.map((code) => ({ code, amount: sums.get(code)!.amount })),
    );
    if (moved.size < codes.length) {
      const short = codes.find((code) => !moved.has(code));
      const asset = short ? sums.get(short)?.account.asset : undefined;
      throw new AppError('INSUFFICIENT_FUNDS', asset === 'POINTS' ? 'insufficientPoints' : 'insufficientFunds');
    }
    // Each leg's balance after it, in the order of the legs: from the balance before the batch.
    const running = new Map(codes.map((code) => [code, moved.get(code)!.balance - sums.get(code)!.amount]));
    await this.repository.insertEntries(
      trx,
      legs.map((leg) => {
        const after = running.get(leg.code)! + leg.amount;
        running.set(leg.code, after);
        return {
          transferId: leg.transferId,
          accountId: moved.get(leg.code)!.id,
          asset: leg.account.asset,
          amount: leg.amount,
          balanceAfter: after,
          now,
        };
      }),
    );
    return results;
  }

  /** A transfer in its own database transaction. */
  async transfer(request: TransferRequest): Promise<TransferResult> {
    try {
      return await this.db.transaction().execute((trx) => this.post(trx, request));
    } catch (error) {
      // Two first uses of one key at once: the unique index let one through; answer as a replay.
      if (request.idempotencyKey && isUniqueViolation(error)) {
        return this.db.transaction().execute((trx) => this.post(trx, request));
      }
      throw error;
    }
  }

  balance(ref: LedgerAccountRef, db: Executor = this.db): Promise<number> {
    if (ref.kind === 'system') return this.repository.sumOf(db, stripeCodes(ref));
    return this.repository.balanceOf(db, accountCode(ref));
  }

  /**
   * Takes an account's row lock until `trx` ends, as a transfer that moves it does: a rule computed from the account's
   * entries after it (what of a user's points expires) stays true until the commit, however many transfers race.
   */
  lockAccount(trx: Executor, ref: LedgerAccountRef): Promise<void> {
    return this.repository.lockAccount(trx, accountCode(ref));
  }

  /** The next users after `afterUserId` (by account) holding a positive balance of `asset`, `limit` of them. */
  async holders(db: Executor, asset: Asset, afterUserId: string, limit: number): Promise<string[]> {
    const after = afterUserId ? accountCode({ kind: 'user', userId: afterUserId, asset }) : '';
    const rows = await this.repository.holders(db, asset, after, limit);
    return rows.flatMap((row) => (row.user_id ? [row.user_id] : []));
  }

  /**
   * Per user account: what was credited to it before each moment of `before` (in that order) and everything debited
   * from it so far, by the account's entries; an account without any answers zeros.
   */
  async flows(
    db: Executor,
    refs: readonly LedgerAccountRef[],
    before: readonly number[],
  ): Promise<{ credited: number[]; debited: number }[]> {
    const codes = refs.map(accountCode);
    const flows = await this.repository.flows(db, codes, before);
    return codes.map((code) => flows.get(code) ?? { credited: before.map(() => 0), debited: 0 });
  }

  /** The movements of one account, newest first. */
  statement(
    ref: LedgerAccountRef,
    filter: { kind?: string | undefined; from?: number | undefined; before?: number | undefined },
    page: { limit: number; offset: number },
  ) {
    return this.repository.listEntries(this.db, accountCode(ref), filter, page);
  }

  /** Users' total balance per asset (CNY and POINTS, zero when none), and each system account. */
  async liabilities(): Promise<{
    users: Record<Asset, number>;
    system: { code: string; asset: string; balance: number }[];
  }> {
    const { users, system } = await this.repository.liabilities(this.db);
    const totals: Record<Asset, number> = { CNY: 0, POINTS: 0 };
    for (const row of users) if (row.asset === 'CNY' || row.asset === 'POINTS') totals[row.asset] = row.total;
    // A system account's rows (its stripes) are one account.
    const accounts = new Map<string, { code: string; asset: string; balance: number }>();
    for (const row of system) {
      const code = stripeBase(row.code);
      const account = accounts.get(code);
      if (account) account.balance += row.balance;
      else accounts.set(code, { code, asset: row.asset, balance: row.balance });
    }
    return { users: totals, system: [...accounts.values()] };
  }

  /**
   * What users hold per asset, read cheaply for every metrics scrape (decision 056 "Metrics, liveness apart from
   * readiness, draining on shutdown"): every transfer sums to zero per asset, so users' total is minus the system
   * accounts' total, and those are a handful of rows where summing the users' accounts reads one row per user.
   * `liabilities()` sums the users' accounts themselves; `checkInvariants` says when they differ.
   */
  async systemTotals(): Promise<{
    liabilities: Record<Asset, number>;
    system: { name: string; asset: string; balance: number }[];
  }> {
    const rows = await this.repository.systemBalances(this.db);
    const liabilities: Record<Asset, number> = { CNY: 0, POINTS: 0 };
    for (const row of rows) {
      if (row.asset === 'CNY' || row.asset === 'POINTS') liabilities[row.asset] -= row.balance;
    }
    // Normalises the -0 of an empty ledger.
    for (const asset of Object.keys(liabilities) as Asset[]) liabilities[asset] += 0;
    const system = rows.map((row) => ({
      name: row.code.replace(/^system:/, '').replace(new RegExp(`:${row.asset}$`), ''),
      asset: row.asset,
      balance: row.balance,
    }));
    return { liabilities, system };
  }

  /** Debits equal credits, balances equal their entries, no user account below zero. */
  async checkInvariants(): Promise<InvariantReport> {
    const [unbalancedTransfers, driftedAccounts, overdrawnAccounts, mismatchedAssets] = await Promise.all([
      this.repository.unbalancedTransfers(this.db),
      this.repository.driftedAccounts(this.db),
      this.repository.overdrawnAccounts(this.db),
      this.repository.mismatchedAssets(this.db),
    ]);
    return { unbalancedTransfers, driftedAccounts, overdrawnAccounts, mismatchedAssets };
  }

  /**
   * The ledger section: balances and every entry (cash in minor units, points). Never erased:
   * the money history stays whole (decision 047 "Your data").
   */
  personalData(): PersonalDataSection {
    return {
      name: 'ledger',
      exportFor: async (userId) => ({
        balances: {
          cash: await this.balance({ kind: 'user', userId, asset: 'CNY' }),
          points: await this.balance({ kind: 'user', userId, asset: 'POINTS' }),
        },
        entries: (await this.repository.exportEntries(this.db, userId)).map(exportRow),
      }),
    };
  }
}
