import { useEffect, useState } from 'react';

/** `on`: the screen is kept awake; `unsupported`: the browser has no Screen Wake Lock; `refused`: it said no. */
export type WakeLockState = 'off' | 'on' | 'unsupported' | 'refused';

const isSupported = () => typeof navigator !== 'undefined' && 'wakeLock' in navigator;

/**
 * Keeps the screen on while `isWanted` (a walk under way on the page shown), with the Screen Wake
 * Lock API. The browser lets the lock go when the page is hidden; it is taken again when the page
 * is visible again, and released when no longer wanted.
 */
export function useWakeLock(isWanted: boolean): WakeLockState {
  const [state, setState] = useState<WakeLockState>(isSupported() ? 'off' : 'unsupported');
  useEffect(() => {
    if (!isWanted || !isSupported()) return undefined;
    let sentinel: WakeLockSentinel | undefined;
    let isDone = false;
    const acquire = () => {
      if (document.visibilityState !== 'visible' || (sentinel && !sentinel.released)) return;
      navigator.wakeLock.request('screen').then(
        (lock) => {
          if (isDone) {
            void lock.release();
            return;
          }
          sentinel = lock;
          setState('on');
          lock.addEventListener('release', () => {
            if (!isDone) setState('off');
          });
        },
        () => {
          if (!isDone) setState('refused');
        },
      );
    };
    const onVisibility = () => {
      if (document.visibilityState === 'visible') acquire();
    };
    acquire();
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      isDone = true;
      document.removeEventListener('visibilitychange', onVisibility);
      void sentinel?.release();
      setState('off');
    };
  }, [isWanted]);
  return state;
}
