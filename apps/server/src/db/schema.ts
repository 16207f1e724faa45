import type { Generated } from 'kysely';

/**
 * Row types of every table. Times are epoch milliseconds (bigint), money and points are integer
 * minor units, booleans are 0/1: the same on SQLite and PostgreSQL.
 */

export interface UsersTable {
  id: string;
  account: string;
  password_hash: string;
  invite_code: string;
  invited_by: string | null;
  real_name_status: string;
  created_at: number;
}

export interface SessionsTable {
  id: string;
  user_id: string;
  token_hash: string;
  created_at: number;
  expires_at: number;
  revoked_at: number | null;
}

export interface CaptchasTable {
  id: string;
  answer_hash: string;
  expires_at: number;
  used_at: number | null;
}

export interface RateCountersTable {
  key: string;
  window_start: number;
  count: number;
}

export interface PasswordResetsTable {
  id: string;
  user_id: string;
  code_hash: string;
  code_expires_at: number;
  attempts: number;
  reset_key_hash: string | null;
  key_expires_at: number | null;
  used_at: number | null;
  created_at: number;
}

export interface OutboxMessagesTable {
  id: string;
  channel: string;
  recipient: string;
  body: string;
  created_at: number;
}

export interface LedgerAccountsTable {
  id: string;
  /** Unique readable name, e.g. `user:<id>:cash` or `system:funding:CNY`. */
  code: string;
  user_id: string | null;
  asset: string;
  balance: number;
  allow_negative: number;
  created_at: number;
}

export interface LedgerTransfersTable {
  id: string;
  kind: string;
  /** Scoped as `<user id>:<client key>`; null for transfers no client can repeat. */
  idempotency_key: string | null;
  request_hash: string | null;
  memo: string | null;
  created_at: number;
}

export interface LedgerEntriesTable {
  id: Generated<number>;
  transfer_id: string;
  account_id: string;
  asset: string;
  amount: number;
  balance_after: number;
  created_at: number;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  captchas: CaptchasTable;
  rate_counters: RateCountersTable;
  password_resets: PasswordResetsTable;
  outbox_messages: OutboxMessagesTable;
  ledger_accounts: LedgerAccountsTable;
  ledger_transfers: LedgerTransfersTable;
  ledger_entries: LedgerEntriesTable;
}
