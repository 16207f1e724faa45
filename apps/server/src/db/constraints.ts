/**
 * Unique-violation errors of both dialects, and which index a violation hit. PostgreSQL names the
 * constraint (`error.constraint`); SQLite names the columns in its message ("UNIQUE constraint
 * failed: table.a, table.b"), so a key is known by both.
 */

export interface UniqueKey {
  /** The index or constraint name, as the migration created it. */
  name: string;
  table: string;
  columns: readonly string[];
}

/**
 * The "only once" rules the database enforces with partial unique indexes (decision 015 "Only once rules are held by
 * the database"). The names repeat the migration's (`0005-once-only-rules`), which imports nothing from the app.
 */
export const ONCE_ONLY = {
  /** One account per ID number among checks that are pending or verified. */
  liveIdNumber: { name: 'identities_live_id_number', table: 'identities', columns: ['id_number_hash'] },
  /** One pending payment per order. */
  openPayment: { name: 'payments_open_order', table: 'payments', columns: ['order_id'] },
  /** At most one default address per user. */
  defaultAddress: { name: 'delivery_addresses_default', table: 'delivery_addresses', columns: ['user_id'] },
  /** One card number once among a user's live payout methods. */
  liveBankCard: { name: 'bank_cards_live_account', table: 'bank_cards', columns: ['user_id', 'account_hash'] },
} as const satisfies Record<string, UniqueKey>;

/** The users table's column-level unique keys (PostgreSQL names them `<table>_<column>_key`). */
export const USER_KEYS = {
  account: { name: 'users_account_key', table: 'users', columns: ['account'] },
  inviteCode: { name: 'users_invite_code_key', table: 'users', columns: ['invite_code'] },
} as const satisfies Record<string, UniqueKey>;

export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/** Whether `error` is a unique violation of `key` (and not of another index of the table). */
export function violatesUnique(error: unknown, key: UniqueKey): boolean {
  if (!isUniqueViolation(error)) return false;
  const { constraint, message } = error as { constraint?: unknown; message?: unknown };
  if (typeof constraint === 'string') return constraint === key.name;
  if (typeof message !== 'string') return false;
  const columns = key.columns.map((column) => `${key.table}.${column}`).join(', ');
  return (
    message === `UNIQUE constraint failed: ${columns}` || message === `UNIQUE constraint failed: index '${key.name}'`
  );
}
