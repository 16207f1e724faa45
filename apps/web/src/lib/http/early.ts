/**
 * Reads asked for by the start script, before the app's code has loaded (decision 060 "The first page's reads leave
 * with its code, fewer files"): the first page's GET calls leave with the page's code instead of after it, so the page
 * paints its data as soon as its code runs. This file stays small and free of the contract: the start script loads it.
 */

import type { Answer } from './client';

/** What an early read answered: what the client reads of its own fetch's answer. */
export type EarlyAnswer = Answer;

/** How long after it was asked an early answer may stand in for the app's own call. */
export const EARLY_MS = 5_000;

interface Early {
  readonly answer: Promise<EarlyAnswer>;
  readonly askedAt: number;
}

const asked = new Map<string, Early>();
/** Early answers a call has taken: still there for a start read (`shared`) until EARLY_MS. */
const taken = new Map<string, Early>();

/** The same call by the same session in the same language: what makes an early answer usable. */
function keyOf(url: string, token: string, language: string): string {
  return `${language} ${token} ${url}`;
}

/**
 * The headers the app's client sends on a GET (client.ts), so the server answers the same: no
 * Authorization without a session (a logged-out start's public read, the login page's rules).
 */
export function earlyHeaders(token: string, language: string): Record<string, string> {
  const headers: Record<string, string> = { platform: 'h5', 'Accept-Language': language };
  if (token) headers.Authorization = `Bearer ${token}`;
  return headers;
}

/** Starts a GET of `url` for the session `token`; a second ask for the same call is not sent again. */
export function askEarly(
  url: string,
  token: string,
  language: string,
  fetchImpl: typeof fetch = (input, init) => fetch(input, init),
  now: () => number = () => performance.now(),
): void {
  const key = keyOf(url, token, language);
  if (asked.has(key)) return;
  const answer = fetchImpl(url, { headers: earlyHeaders(token, language) }).then(async (response) => {
    const text = await response.text();
    return { status: response.status, json: () => Promise.resolve().then(() => JSON.parse(text) as unknown) };
  });
  // A failure is the client's to handle: it then calls as it would have without this.
  answer.catch(() => undefined);
  asked.set(key, { answer, askedAt: now() });
}

/**
 * The early answer for the app's GET of `url`, while it was asked for less than EARLY_MS ago.
 * Only the first call of an address takes it: that is the start's own read. Any later call (the
 * unread count read again when the app comes back into view, a pull to refresh) asks the server,
 * so nothing the start read is ever shown in place of a fresh answer. A `shared` call, one that
 * wants the state as of the start (the step counter's business day), takes it even after the
 * first: home and the counter then make one read of `/api/home` between them, not two. The caller
 * asks only while nothing may have changed since the start: no write, no return to the app, no
 * notification, no pull (index.ts, decision 076 "Screens that stay current"). An answer past EARLY_MS is dropped.
 */
export function takeEarly(
  url: string,
  token: string,
  language: string,
  now: () => number = () => performance.now(),
  shared = false,
): Promise<EarlyAnswer> | undefined {
  const key = keyOf(url, token, language);
  const at = now();
  for (const kept of [asked, taken]) {
    for (const [each, early] of kept) if (at - early.askedAt >= EARLY_MS) kept.delete(each);
  }
  if (shared) {
    // Only looks: the page's own first call still finds the answer, whichever comes first.
    return (asked.get(key) ?? taken.get(key))?.answer;
  }
  const early = asked.get(key);
  asked.delete(key);
  if (!early) return undefined;
  taken.set(key, early);
  return early.answer;
}

/** Forgets every early answer (tests, and the first change the app makes). */
export function forgetEarly(): void {
  asked.clear();
  taken.clear();
}
