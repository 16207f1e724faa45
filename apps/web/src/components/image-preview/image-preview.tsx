import { useCallback, useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { createPortal } from 'react-dom';
import { useHistoryLayer, useImageSource, useKeyDown } from '../../hooks';
import { useI18n } from '../../lib/i18n';
import './image-preview.css';

/** docs/product/client.md, Gestures and components: zoom up to 4x; a move under 20 px is a tap (which closes). */
export const PREVIEW_MAX_ZOOM = 4;
export const PREVIEW_TAP_THRESHOLD_PX = 20;
/** A horizontal move this far at 1x turns the page. */
const SWIPE_PX = 50;
const WHEEL_STEP = 300;

export interface ImagePreviewProps {
  /** URLs, or Files and Blobs (picked images), shown through object URLs. */
  readonly images: readonly (string | Blob)[];
  readonly visible: boolean;
  readonly onClose: () => void;
  readonly defaultIndex?: number;
  readonly onIndexChange?: (index: number) => void;
  readonly maxZoom?: number;
}

interface Point {
  readonly x: number;
  readonly y: number;
}

interface Gesture {
  readonly origin: Point;
  readonly offset: Point;
  readonly scale: number;
  pinchStart?: number;
  maxMove: number;
  wasPinch: boolean;
  dx: number;
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));
const gap = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);

export function ImagePreview(props: ImagePreviewProps) {
  if (!props.visible || props.images.length === 0) return null;
  return createPortal(<PreviewBody {...props} />, document.body);
}

function PreviewBody({
  images,
  onClose,
  defaultIndex = 0,
  onIndexChange,
  maxZoom = PREVIEW_MAX_ZOOM,
}: ImagePreviewProps) {
  const { t } = useI18n();
  const [index, setIndex] = useState(clamp(defaultIndex, 0, images.length - 1));
  const [scale, setScale] = useState(1);
  const [offset, setOffset] = useState<Point>({ x: 0, y: 0 });
  const pointers = useRef(new Map<number, Point>());
  const gesture = useRef<Gesture | undefined>(undefined);
  const stage = useRef<HTMLDivElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  useHistoryLayer(onClose);

  const go = useCallback(
    (next: number) => {
      const bounded = clamp(next, 0, images.length - 1);
      setIndex(bounded);
      setScale(1);
      setOffset({ x: 0, y: 0 });
      onIndexChange?.(bounded);
    },
    [images.length, onIndexChange],
  );

  const zoomTo = useCallback(
    (next: number) => {
      const bounded = clamp(next, 1, maxZoom);
      setScale(bounded);
      if (bounded === 1) setOffset({ x: 0, y: 0 });
    },
    [maxZoom],
  );

  useEffect(() => {
    closeButton.current?.focus();
  }, []);

  // React's wheel listener is passive; zooming must stop the page behind from scrolling.
  useEffect(() => {
    const element = stage.current;
    if (!element) return undefined;
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      setScale((current) => {
        const next = clamp(current * Math.exp(-event.deltaY / WHEEL_STEP), 1, maxZoom);
        if (next === 1) setOffset({ x: 0, y: 0 });
        return next;
      });
    };
    element.addEventListener('wheel', onWheel, { passive: false });
    return () => element.removeEventListener('wheel', onWheel);
  }, [maxZoom]);

  const onPointerDown = (event: ReactPointerEvent<HTMLDivElement>) => {
    event.currentTarget.setPointerCapture?.(event.pointerId);
    const point = { x: event.clientX, y: event.clientY };
    pointers.current.set(event.pointerId, point);
    const all = [...pointers.current.values()];
    if (all.length === 1) {
      gesture.current = { origin: point, offset, scale, maxMove: 0, wasPinch: false, dx: 0 };
    } else if (all.length === 2 && gesture.current) {
      const [a, b] = all as [Point, Point];
      gesture.current = { ...gesture.current, scale, pinchStart: gap(a, b), wasPinch: true };
    }
  };

  const onPointerMove = (event: ReactPointerEvent<HTMLDivElement>) => {
    const current = gesture.current;
    if (!current || !pointers.current.has(event.pointerId)) return;
    const point = { x: event.clientX, y: event.clientY };
    pointers.current.set(event.pointerId, point);
    const all = [...pointers.current.values()];
    if (all.length >= 2 && current.pinchStart) {
      const [a, b] = all as [Point, Point];
      zoomTo((current.scale * gap(a, b)) / current.pinchStart);
      return;
    }
    const dx = point.x - current.origin.x;
    const dy = point.y - current.origin.y;
    current.maxMove = Math.max(current.maxMove, Math.hypot(dx, dy));
    current.dx = dx;
    if (scale > 1) setOffset({ x: current.offset.x + dx, y: current.offset.y + dy });
  };

  const onPointerUp = (event: ReactPointerEvent<HTMLDivElement>) => {
    pointers.current.delete(event.pointerId);
    const current = gesture.current;
    if (!current || pointers.current.size > 0) return;
    gesture.current = undefined;
    if (current.wasPinch) return;
    if (current.maxMove < PREVIEW_TAP_THRESHOLD_PX) {
      onClose();
      return;
    }
    if (scale === 1 && Math.abs(current.dx) >= SWIPE_PX) go(index + (current.dx < 0 ? 1 : -1));
  };

  const onPointerCancel = (event: ReactPointerEvent<HTMLDivElement>) => {
    pointers.current.delete(event.pointerId);
    if (pointers.current.size === 0) gesture.current = undefined;
  };

  const picture = useImageSource(images[index]);

  useKeyDown((event) => {
    if (event.key === 'Escape') onClose();
    else if (event.key === 'ArrowRight') go(index + 1);
    else if (event.key === 'ArrowLeft') go(index - 1);
    else if (event.key === '+' || event.key === '=') zoomTo(scale * 2);
    else if (event.key === '-') zoomTo(scale / 2);
  });

  const hasMany = images.length > 1;

  return (
    <div className="image-preview" role="dialog" aria-modal="true" aria-label={t('preview.label')}>
      <div
        ref={stage}
        className="image-preview__stage"
        data-testid="image-preview-stage"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerCancel}
      >
        <img
          className="image-preview__image"
          ref={picture}
          alt={t('preview.position', { index: index + 1, total: images.length })}
          draggable={false}
          style={{ transform: `translate(${offset.x}px, ${offset.y}px) scale(${scale})` }}
        />
      </div>
      <button
        ref={closeButton}
        type="button"
        className="icon-button image-preview__close"
        aria-label={t('preview.close')}
        onClick={onClose}
      >
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
          <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
      {hasMany ? (
        <div className="image-preview__bar">
          <button
            type="button"
            className="image-preview__nav"
            aria-label={t('preview.previous')}
            disabled={index === 0}
            onClick={() => go(index - 1)}
          >
            ‹
          </button>
          <span className="image-preview__count" aria-live="polite">
            {index + 1} / {images.length}
          </span>
          <button
            type="button"
            className="image-preview__nav"
            aria-label={t('preview.next')}
            disabled={index === images.length - 1}
            onClick={() => go(index + 1)}
          >
            ›
          </button>
        </div>
      ) : null}
    </div>
  );
}
