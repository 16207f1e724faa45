/**
 * The app's one "data changed" signal (docs/decisions/076-screens-that-stay-current.md): what the
 * pages show may no longer be what the server holds. Plain TypeScript, in the first route.
 *
 * - `write`: a call that changes something succeeded (any method but GET, an upload);
 * - `return`: the user came back to the app: the document became visible, or the window got the
 *   focus back after losing it while the document stayed visible (another window over it);
 * - `notification`: a notification arrived (the unread count grew, or a push reached the page);
 * - `pull`: the user pulled the page shown down to refresh it.
 *
 * The hooks of the page shown read again on it (hooks/freshness.ts); pages kept below read when
 * they are shown again.
 */
export type DataChange = 'write' | 'return' | 'notification' | 'pull';

/** A listener may answer the read it started, so that a pull can wait for the answers. */
export type DataChangeListener = (change: DataChange) => Promise<unknown> | undefined | void;

let changes = 0;
const listeners = new Set<DataChangeListener>();

/** How many changes were announced since the app started: a read records it when it starts. */
export function getChangeCount(): number {
  return changes;
}

/** Tells every listener; settles once the reads the listeners answered have settled. */
export function announceChange(change: DataChange): Promise<void> {
  changes += 1;
  const reads: Promise<unknown>[] = [];
  for (const listener of [...listeners]) {
    const read = listener(change);
    if (read) reads.push(read);
  }
  return Promise.allSettled(reads).then(() => undefined);
}

export function onDataChange(listener: DataChangeListener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Pull to refresh's default: every value and list of the page shown reads again. */
export function refreshShownPage(): Promise<void> {
  return announceChange('pull');
}

/**
 * Returns to the app. A phone switching apps hides the document and shows it again, and then
 * focuses the window too: that is one return, not two. A window that only lost the focus (a
 * desktop window over it) counts when it gets it back.
 */
export function watchReturns(win: Window): () => void {
  let isAway = false;
  const doc = win.document;
  const onVisibility = () => {
    if (doc.visibilityState === 'visible') {
      isAway = false;
      void announceChange('return');
    } else {
      isAway = true;
    }
  };
  const onBlur = () => {
    isAway = true;
  };
  const onFocus = () => {
    if (!isAway || doc.visibilityState !== 'visible') return;
    isAway = false;
    void announceChange('return');
  };
  doc.addEventListener('visibilitychange', onVisibility);
  win.addEventListener('blur', onBlur);
  win.addEventListener('focus', onFocus);
  return () => {
    doc.removeEventListener('visibilitychange', onVisibility);
    win.removeEventListener('blur', onBlur);
    win.removeEventListener('focus', onFocus);
  };
}

if (typeof window !== 'undefined') watchReturns(window);
