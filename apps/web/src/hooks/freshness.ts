import { useEffect, useRef } from 'react';
import { RECONNECTED_EVENT } from '../lib/connectivity';
import { getChangeCount, onDataChange, type DataChange } from '../lib/data-changed';

/**
 * While `isOn` (its page is the one shown), reads again when what it shows may have changed
 * (lib/data-changed.ts; docs/product/client.md, Navigation, Fresh pages): on a return to the app,
 * a notification, a pull to refresh, and, among `kinds`, after the app's own write. `read` answers
 * the read it started, and must record `getChangeCount()` in `startedAt` whenever it starts one.
 *
 * A write is answered one task later, and not at all when a read started after it: a page that
 * reads again after its own write (collect, exchange) then sends one read, not two. A pull reads at
 * once, and the pull waits for the answer.
 */
export function useDataChanged(
  isOn: boolean,
  kinds: readonly DataChange[],
  startedAt: { readonly current: number },
  read: (change: DataChange) => Promise<unknown>,
): void {
  const latest = useRef(read);
  useEffect(() => {
    latest.current = read;
  });
  const kindList = kinds.join(' ');
  useEffect(() => {
    if (!isOn) return undefined;
    const timers = new Set<ReturnType<typeof setTimeout>>();
    const off = onDataChange((change) => {
      if (!kindList.split(' ').includes(change)) return undefined;
      if (change === 'pull') return latest.current(change);
      const seen = getChangeCount();
      const timer = setTimeout(() => {
        timers.delete(timer);
        if (startedAt.current < seen) void latest.current(change);
      }, 0);
      timers.add(timer);
      return undefined;
    });
    return () => {
      off();
      for (const timer of timers) clearTimeout(timer);
    };
  }, [isOn, kindList, startedAt]);
}

/**
 * Calls `onEvent` on a window or document event while `isOn`; `onEvent` may change freely. `online`
 * also means the API answering again after the offline banner (RECONNECTED_EVENT).
 */
export function useWindowEvent(
  target: 'window' | 'document',
  type: 'online' | 'visibilitychange',
  isOn: boolean,
  onEvent: () => void,
): void {
  useEffect(() => {
    if (!isOn) return undefined;
    const source = target === 'window' ? window : document;
    const listener = () => {
      if (type !== 'visibilitychange' || document.visibilityState === 'visible') onEvent();
    };
    source.addEventListener(type, listener);
    if (type === 'online') window.addEventListener(RECONNECTED_EVENT, listener);
    return () => {
      source.removeEventListener(type, listener);
      window.removeEventListener(RECONNECTED_EVENT, listener);
    };
  }, [target, type, isOn, onEvent]);
}
