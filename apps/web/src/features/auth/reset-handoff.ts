/**
 * What a finished password reset hands to the login page it ends on: the account, to fill in,
 * and the fact, to say so. Held in memory only (never in the address or storage) and taken once.
 */
let pending: string | undefined;

export function handOverReset(account: string): void {
  pending = account;
}

/** The account of a reset that just finished, once; undefined otherwise. */
export function takeResetHandoff(): string | undefined {
  const account = pending;
  pending = undefined;
  return account;
}
