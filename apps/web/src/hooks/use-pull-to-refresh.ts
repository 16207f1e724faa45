import { useCallback, useEffect, useRef, useState, type TouchEvent } from 'react';

/** docs/product/client.md, Gestures and components: pulling 45 px far enough and letting go refreshes. */
export const PULL_THRESHOLD_PX = 45;
/** Beyond the threshold the pull resists, and it stops at twice the threshold. */
const RESISTANCE = 3;

export type PullStatus = 'idle' | 'pulling' | 'canRelease' | 'refreshing';

export interface PullToRefreshOptions {
  readonly onRefresh: () => Promise<unknown> | void;
  readonly threshold?: number;
  /** Only a pull that starts at the top of the content counts; defaults to the window scroll. */
  readonly isAtTop?: () => boolean;
}

export interface PullToRefreshState {
  /** How far the content is pulled down, in px. */
  readonly distance: number;
  readonly status: PullStatus;
  readonly handlers: {
    readonly onTouchStart: (event: TouchEvent) => void;
    readonly onTouchMove: (event: TouchEvent) => void;
    readonly onTouchEnd: () => void;
    readonly onTouchCancel: () => void;
  };
}

const windowAtTop = () => window.scrollY <= 0;

export function pullDistance(finger: number, threshold: number): number {
  if (finger <= 0) return 0;
  if (finger <= threshold) return finger;
  return Math.min(threshold * 2, threshold + (finger - threshold) / RESISTANCE);
}

export function usePullToRefresh({
  onRefresh,
  threshold = PULL_THRESHOLD_PX,
  isAtTop = windowAtTop,
}: PullToRefreshOptions): PullToRefreshState {
  const [distance, setDistance] = useState(0);
  const [status, setStatus] = useState<PullStatus>('idle');
  const startY = useRef<number | undefined>(undefined);
  const current = useRef(0);
  const isMounted = useRef(true);

  useEffect(() => {
    isMounted.current = true;
    return () => {
      isMounted.current = false;
    };
  }, []);

  const onTouchStart = useCallback(
    (event: TouchEvent) => {
      const touch = event.touches[0];
      startY.current = status !== 'refreshing' && touch && isAtTop() ? touch.clientY : undefined;
    },
    [isAtTop, status],
  );

  const onTouchMove = useCallback(
    (event: TouchEvent) => {
      const touch = event.touches[0];
      if (startY.current === undefined || !touch) return;
      const next = pullDistance(touch.clientY - startY.current, threshold);
      current.current = next;
      setDistance(next);
      setStatus(next === 0 ? 'idle' : next >= threshold ? 'canRelease' : 'pulling');
    },
    [threshold],
  );

  const reset = useCallback(() => {
    startY.current = undefined;
    current.current = 0;
    setDistance(0);
    setStatus('idle');
  }, []);

  const onTouchEnd = useCallback(() => {
    if (startY.current === undefined) return;
    const pulled = current.current;
    startY.current = undefined;
    if (pulled < threshold) {
      reset();
      return;
    }
    setDistance(threshold);
    setStatus('refreshing');
    void Promise.resolve()
      .then(onRefresh)
      .catch(() => undefined)
      .finally(() => {
        if (isMounted.current) reset();
      });
  }, [onRefresh, reset, threshold]);

  return { distance, status, handlers: { onTouchStart, onTouchMove, onTouchEnd, onTouchCancel: reset } };
}
