import { useEffect } from 'react';
import { RECONNECTED_EVENT } from '../lib/connectivity';
import { getWriteCount } from '../lib/http';

let returns = 0;
if (typeof document !== 'undefined') {
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') returns += 1;
  });
}

/**
 * Grows whenever something a page shows may have changed without it knowing (docs/product/client.md,
 * Navigation, Fresh pages): a call that changed something succeeded, or the app came back into
 * view (the user paid on the pay page in another tab, or left the app for a while).
 */
export function getChangeStamp(): number {
  return getWriteCount() + returns;
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
