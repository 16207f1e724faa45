import type { ResponseOf, getHome } from '@stride/contract';
import { readJson, writeJson } from '../../lib/storage/json';

/**
 * The last home a user was shown, kept on the device (docs/product/client.md, Install, offline and
 * updates; decision 079 "Home kept on the device for an app opened offline"): an app opened without a network shows it,
 * said to be as of when it was read, rather than a bare error. One user's at a time, and forgotten at logout.
 */
export const HOME_SNAPSHOT_KEY = 'homeSnapshot';

type HomeAnswer = ResponseOf<typeof getHome>;

export interface HomeSnapshot {
  readonly userId: string;
  /** When the server's answer arrived (ms since the epoch). */
  readonly savedAt: number;
  readonly home: HomeAnswer;
}

function isSnapshot(value: unknown): value is HomeSnapshot {
  if (typeof value !== 'object' || value === null) return false;
  const home: unknown = Reflect.get(value, 'home');
  return (
    typeof Reflect.get(value, 'userId') === 'string' &&
    Number.isFinite(Reflect.get(value, 'savedAt')) &&
    typeof home === 'object' &&
    home !== null &&
    // Enough of the shape that the page can draw it; an older app's snapshot is simply not used.
    typeof Reflect.get(home, 'day') === 'string' &&
    Number.isInteger(Reflect.get(home, 'steps')) &&
    Number.isInteger(Reflect.get(home, 'points')) &&
    Number.isInteger(Reflect.get(home, 'balance')) &&
    Array.isArray(Reflect.get(home, 'activeCards')) &&
    Array.isArray(Reflect.get(home, 'notices'))
  );
}

export function saveHomeSnapshot(storage: Storage, userId: string, home: HomeAnswer, savedAt: number): void {
  writeJson(storage, HOME_SNAPSHOT_KEY, { userId, savedAt, home } satisfies HomeSnapshot);
}

/** The snapshot of this user, never another's (a shared phone). */
export function readHomeSnapshot(storage: Storage, userId: string): HomeSnapshot | undefined {
  const snapshot = readJson(storage, HOME_SNAPSHOT_KEY, isSnapshot);
  return snapshot?.userId === userId ? snapshot : undefined;
}

export function forgetHomeSnapshot(storage: Storage): void {
  try {
    storage.removeItem(HOME_SNAPSHOT_KEY);
  } catch {
    // A blocked storage holds nothing to forget.
  }
}
