import { announceChange, onDataChange } from '../../lib/data-changed';

export interface UnreadStore {
  /** The unread count, or 0 before the first answer and when logged out. */
  readonly getCount: () => number;
  readonly subscribe: (listener: () => void) => () => void;
  /** Asks the server again (one small call); a call already on its way is not repeated. */
  readonly refresh: () => void;
  /** Sets the count from an answer the app already has (after marking read). */
  readonly set: (count: number) => void;
  /** Starts for a logged-in user: reads now and whenever the user comes back to the app. */
  readonly start: () => void;
  /** Logged out: back to 0, no more reading. */
  readonly stop: () => void;
}

/**
 * The unread notifications count behind the My tab's badge (decision 044 "The notifications inbox"), a plain store:
 * read when a user is logged in, when they come back to the app, when a push reaches the page
 * (app/unread-count.ts), and set after the inbox marks items read; never on every page render.
 * A count that grows on a later read means a notification arrived: the page shown reads again
 * (lib/data-changed.ts, decision 076 "Screens that stay current"). The first answer after a start is no arrival: it is
 * what the start found (and announcing it would keep the start's early reads from the page).
 */
export function createUnreadStore(load: () => Promise<number> = loadUnread): UnreadStore {
  let count = 0;
  let isRunning = false;
  let hasAnswer = false;
  let inFlight: Promise<void> | undefined;
  let stopListening: (() => void) | undefined;
  const listeners = new Set<() => void>();
  const emit = () => listeners.forEach((listener) => listener());
  const set = (next: number) => {
    if (next === count) return;
    count = next;
    emit();
  };
  const store: UnreadStore = {
    getCount: () => count,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    refresh() {
      if (!isRunning || inFlight) return;
      inFlight = load()
        .then((next) => {
          if (!isRunning) return;
          const hasArrived = hasAnswer && next > count;
          hasAnswer = true;
          set(next);
          if (hasArrived) void announceChange('notification');
        })
        .catch(() => undefined)
        .finally(() => {
          inFlight = undefined;
        });
    },
    set(next) {
      if (isRunning) set(next);
    },
    start() {
      if (isRunning) return;
      isRunning = true;
      stopListening = onDataChange((change) => {
        if (change === 'return') store.refresh();
      });
      store.refresh();
    },
    stop() {
      if (!isRunning) return;
      isRunning = false;
      hasAnswer = false;
      stopListening?.();
      stopListening = undefined;
      set(0);
    },
  };
  return store;
}

/**
 * The call, loaded when first made: the store runs on every page, and the endpoint's schemas must
 * not join the first route's bundle.
 */
function loadUnread(): Promise<number> {
  return import('./api/notifications')
    .then((api) => api.unreadNotificationCount({ hideErrors: true }))
    .then((answer) => answer.unread);
}

/** The app's one unread count. */
export const unreadStore = createUnreadStore();
