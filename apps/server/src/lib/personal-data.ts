import type { Executor } from '../db/executor.js';
import { isoTime } from './clock.js';

/** Who is being erased, handed to every section's `erase` inside the deletion's transaction. */
export interface ErasureContext {
  userId: string;
  /** The mobile number the account had (messages and counters keyed by it go too). */
  account: string;
  now: number;
}

/**
 * One module's part of a user's data (decision 047 "Your data"): what the export shows of it, and how the
 * account deletion erases or anonymises it. Each module's service builds its own; the privacy
 * module only lists them, so a new kind of personal data is one more section, one line in app.ts.
 */
export interface PersonalDataSection {
  /** The key of the section in the export (one of the contract's DATA_EXPORT_SECTIONS). */
  name: string;
  /** Plain JSON of the user's records; ID and account numbers masked as the app shows them. */
  exportFor(userId: string): Promise<unknown>;
  /**
   * Erases or anonymises this section's personal data inside the deletion's transaction. May
   * answer work to do once it committed (private files removed from storage).
   */
  erase?(trx: Executor, context: ErasureContext): Promise<(() => Promise<void>) | void>;
  /**
   * What of this section is still under way and must end before the account can go (counted
   * inside the deletion's transaction, after the user-row lock).
   */
  blocksDeletion?(db: Executor, userId: string): Promise<Partial<Record<DeletionBlocker, number>>>;
}

/** The contract's blockers (AccountDeletionCheck.blockers). */
export type DeletionBlocker = 'pendingWithdrawals' | 'unpaidOrders' | 'unshippedOrders' | 'unshippedMailings';

function camel(key: string): string {
  return key.replace(/_([a-z])/g, (_match, letter: string) => letter.toUpperCase());
}

/**
 * A row as the export writes it: camelCase keys, `*_at` times as ISO text. Callers select only the
 * columns a user should see (never hashes, encrypted or operator-only fields).
 */
export function exportRow(row: object): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) {
    const time = key.endsWith('_at') && (typeof value === 'number' || typeof value === 'string') && value !== '';
    out[camel(key)] = time ? isoTime(Number(value)) : value;
  }
  return out;
}
