import { useEffect, useRef, type RefObject } from 'react';
import { usePageActive } from './page-activity';

/** docs/product/client.md, Gestures and components: fires once per arrival and re-arms after 350 ms. */
export const REACH_BOTTOM_REARM_MS = 350;
/** How close to the end counts as the bottom (the mini-app runtime's default of 50 px). */
export const REACH_BOTTOM_DISTANCE_PX = 50;

export interface ReachBottomOptions {
  /** A scroll container; without one, the page (window) scroll. */
  readonly target?: RefObject<HTMLElement | null>;
  readonly distance?: number;
  readonly enabled?: boolean;
}

interface Metrics {
  readonly top: number;
  readonly height: number;
  readonly total: number;
}

function measure(target: HTMLElement | null | undefined): Metrics {
  if (target) return { top: target.scrollTop, height: target.clientHeight, total: target.scrollHeight };
  const root = document.documentElement;
  return { top: window.scrollY, height: window.innerHeight, total: root.scrollHeight };
}

/**
 * Calls `onReachBottom` when scrolling arrives at the bottom. It fires once per arrival: after
 * firing it waits 350 ms and then for the position to leave the bottom (more items loaded, or the
 * user scrolled up) before it can fire again.
 */
export function useReachBottom(onReachBottom: () => void, options: ReachBottomOptions = {}): void {
  const { target, distance = REACH_BOTTOM_DISTANCE_PX, enabled = true } = options;
  const isPageActive = usePageActive();
  const callback = useRef(onReachBottom);

  useEffect(() => {
    callback.current = onReachBottom;
  }, [onReachBottom]);

  useEffect(() => {
    if (!enabled || !isPageActive) return undefined;
    const element = target?.current;
    const source: HTMLElement | Window = element ?? window;
    let isArmed = true;
    let isResting = false;
    let timer: ReturnType<typeof setTimeout> | undefined;

    const onScroll = () => {
      const { top, height, total } = measure(element);
      const atBottom = top + height >= total - distance;
      if (!atBottom) {
        if (!isResting) isArmed = true;
        return;
      }
      if (!isArmed) return;
      isArmed = false;
      isResting = true;
      timer = setTimeout(() => {
        isResting = false;
      }, REACH_BOTTOM_REARM_MS);
      callback.current();
    };

    source.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      source.removeEventListener('scroll', onScroll);
      clearTimeout(timer);
    };
  }, [target, distance, enabled, isPageActive]);
}
