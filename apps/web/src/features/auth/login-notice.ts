/**
 * What the login page says once when the app lands on it for a reason the user did not see
 * (docs/product/client.md, Login and sign-up): the session ended elsewhere (1001) with no dialog to
 * say so, or the account was just deleted. Held in memory only and taken once, like the reset
 * handoff.
 */
export type LoginNotice =
  /** The server's own sentence for the ended session (1001). */
  | { readonly kind: 'sessionEnded'; readonly message: string }
  | { readonly kind: 'accountDeleted' }
  /** The user logged out: nothing to say, and no ended session to report either. */
  | { readonly kind: 'signedOut' };

let pending: LoginNotice | undefined;

/**
 * Keeps `notice` for the login page. A session the app itself just left (a logout, a deletion) is
 * no news: calls still under way answer 1001 meanwhile, and that does not replace the reason.
 */
export function handOverLoginNotice(notice: LoginNotice): void {
  if (notice.kind === 'sessionEnded' && pending && pending.kind !== 'sessionEnded') return;
  pending = notice;
}

/** The notice waiting for the login page, once; undefined otherwise. */
export function takeLoginNotice(): LoginNotice | undefined {
  const notice = pending;
  pending = undefined;
  return notice;
}

/** Forgets a waiting notice (only one of `kind`, when given): a dialog said it, or a user signed in. */
export function dropLoginNotice(kind?: LoginNotice['kind']): void {
  if (kind === undefined || pending?.kind === kind) pending = undefined;
}
