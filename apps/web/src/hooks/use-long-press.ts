import { useCallback, useEffect, useRef, type PointerEvent } from 'react';

/** docs/product/client.md, Gestures and components: a long press is a 350 ms hold that moves at most 10 px. */
export const LONG_PRESS_MS = 350;
export const LONG_PRESS_TOLERANCE_PX = 10;

export interface LongPressHandlers {
  readonly onPointerDown: (event: PointerEvent) => void;
  readonly onPointerMove: (event: PointerEvent) => void;
  readonly onPointerUp: () => void;
  readonly onPointerCancel: () => void;
  readonly onPointerLeave: () => void;
  /** Mobile browsers open their own menu on a held touch; the long press replaces it. */
  readonly onContextMenu: (event: { preventDefault(): void }) => void;
}

/** Spread the result on the target element. */
export function useLongPress(
  onLongPress: () => void,
  { delay = LONG_PRESS_MS, tolerance = LONG_PRESS_TOLERANCE_PX }: { delay?: number; tolerance?: number } = {},
): LongPressHandlers {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const origin = useRef<{ x: number; y: number } | undefined>(undefined);
  const callback = useRef(onLongPress);

  useEffect(() => {
    callback.current = onLongPress;
  }, [onLongPress]);

  const cancel = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = undefined;
    origin.current = undefined;
  }, []);

  useEffect(() => cancel, [cancel]);

  const onPointerDown = useCallback(
    (event: PointerEvent) => {
      if (event.button !== 0) return;
      cancel();
      origin.current = { x: event.clientX, y: event.clientY };
      timer.current = setTimeout(() => {
        timer.current = undefined;
        origin.current = undefined;
        callback.current();
      }, delay);
    },
    [cancel, delay],
  );

  const onPointerMove = useCallback(
    (event: PointerEvent) => {
      const start = origin.current;
      if (!start) return;
      if (Math.hypot(event.clientX - start.x, event.clientY - start.y) > tolerance) cancel();
    },
    [cancel, tolerance],
  );

  const onContextMenu = useCallback((event: { preventDefault(): void }) => event.preventDefault(), []);

  return {
    onPointerDown,
    onPointerMove,
    onPointerUp: cancel,
    onPointerCancel: cancel,
    onPointerLeave: cancel,
    onContextMenu,
  };
}
