import {
  Children,
  useCallback,
  useEffect,
  useRef,
  useState,
  type PointerEvent as ReactPointerEvent,
  type ReactNode,
} from 'react';
import { usePageActive } from '../../hooks';
import { useI18n } from '../../lib/i18n';
import './swiper.css';

/** docs/product/client.md, Gestures and components: autoplay every 5000 ms, 500 ms transitions. */
export const SWIPER_INTERVAL_MS = 5_000;
export const SWIPER_DURATION_MS = 500;
/** A drag of a fifth of the width turns the slide. */
const SWIPE_RATIO = 0.2;

export interface SwiperProps {
  readonly label: string;
  readonly children: ReactNode;
  readonly autoplay?: boolean;
  readonly interval?: number;
  readonly duration?: number;
  readonly loop?: boolean;
  readonly indicator?: boolean;
  readonly onIndexChange?: (index: number) => void;
}

/**
 * A carousel. With loop, the track holds a copy of the last slide before the first and of the
 * first after the last, so that going past the end slides on and then jumps back unseen.
 */
export function Swiper({
  label,
  children,
  autoplay = true,
  interval = SWIPER_INTERVAL_MS,
  duration = SWIPER_DURATION_MS,
  loop = true,
  indicator = true,
  onIndexChange,
}: SwiperProps) {
  const { t } = useI18n();
  const slides = Children.toArray(children);
  const total = slides.length;
  const canLoop = loop && total > 1;
  const lead = canLoop ? 1 : 0;
  // Position in the track, clones included.
  const [position, setPosition] = useState(lead);
  const [isAnimating, setAnimating] = useState(false);
  const [drag, setDrag] = useState(0);
  const [isPaused, setPaused] = useState(false);
  const viewport = useRef<HTMLDivElement>(null);
  const dragStart = useRef<number | undefined>(undefined);
  const isPageActive = usePageActive();

  const current = total === 0 ? 0 : (((position - lead) % total) + total) % total;

  const moveTo = useCallback(
    (next: number) => {
      if (total < 2) return;
      const target = canLoop ? next : Math.min(Math.max(next, 0), total - 1);
      setAnimating(true);
      setPosition(target);
    },
    [canLoop, total],
  );

  // After the transition: settle, and jump from a clone to the real slide without animating.
  useEffect(() => {
    if (!isAnimating) return undefined;
    const timer = setTimeout(() => {
      setAnimating(false);
      if (canLoop && position === 0) setPosition(total);
      else if (canLoop && position === total + 1) setPosition(1);
    }, duration);
    return () => clearTimeout(timer);
  }, [isAnimating, position, canLoop, total, duration]);

  const lastReported = useRef(current);
  useEffect(() => {
    if (lastReported.current === current) return;
    lastReported.current = current;
    onIndexChange?.(current);
  }, [current, onIndexChange]);

  useEffect(() => {
    if (!autoplay || isPaused || !isPageActive || isAnimating || total < 2) return undefined;
    if (!canLoop && position >= total - 1) return undefined;
    const timer = setTimeout(() => moveTo(position + 1), interval);
    return () => clearTimeout(timer);
  }, [autoplay, isPaused, isPageActive, isAnimating, total, canLoop, position, interval, moveTo]);

  const onPointerDown = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (total < 2 || isAnimating) return;
    dragStart.current = event.clientX;
    setPaused(true);
  };
  const onPointerMove = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (dragStart.current === undefined) return;
    setDrag(event.clientX - dragStart.current);
  };
  const endDrag = () => {
    if (dragStart.current === undefined) return;
    dragStart.current = undefined;
    const width = viewport.current?.clientWidth || 1;
    if (Math.abs(drag) >= width * SWIPE_RATIO) moveTo(position + (drag < 0 ? 1 : -1));
    setDrag(0);
    setPaused(false);
  };

  const track = canLoop ? [slides[total - 1], ...slides, slides[0]] : slides;

  return (
    <section className="swiper" aria-roledescription="carousel" aria-label={label}>
      <div
        ref={viewport}
        className="swiper__viewport"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={endDrag}
        onPointerCancel={endDrag}
        onPointerLeave={endDrag}
        onFocus={() => setPaused(true)}
        onBlur={() => setPaused(false)}
      >
        <div
          className="swiper__track"
          data-testid="swiper-track"
          style={{
            transform: `translateX(calc(${-position * 100}% + ${drag}px))`,
            transition: isAnimating ? `transform ${duration}ms ease` : 'none',
          }}
        >
          {track.map((slide, slot) => {
            const isClone = canLoop && (slot === 0 || slot === total + 1);
            const realIndex = canLoop ? (slot - 1 + total) % total : slot;
            return (
              <div
                key={isClone ? `clone-${slot}` : `slide-${realIndex}`}
                className="swiper__slide"
                role={isClone ? undefined : 'group'}
                aria-roledescription={isClone ? undefined : 'slide'}
                aria-label={isClone ? undefined : t('swiper.slide', { index: realIndex + 1, total })}
                aria-hidden={isClone || realIndex !== current ? true : undefined}
                inert={isClone || realIndex !== current}
              >
                {slide}
              </div>
            );
          })}
        </div>
      </div>
      {indicator && total > 1 ? (
        <div className="swiper__indicator">
          {slides.map((_, index) => (
            <button
              // Slides have no identity beyond their place.
              key={index}
              type="button"
              className={index === current ? 'swiper__dot swiper__dot--active' : 'swiper__dot'}
              aria-label={t('swiper.goTo', { index: index + 1 })}
              aria-current={index === current ? 'true' : undefined}
              onClick={() => moveTo(index + lead)}
            />
          ))}
        </div>
      ) : null}
    </section>
  );
}
