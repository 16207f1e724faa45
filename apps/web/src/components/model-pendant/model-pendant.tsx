import { useEffect, useRef, useState, type PointerEvent as ReactPointerEvent, type ReactNode } from 'react';
import './model-pendant.css';

/** A move under 10 px is still a tap (the long-press tolerance of docs/product/client.md, Gestures and components). */
export const PENDANT_TAP_TOLERANCE_PX = 10;
export const PENDANT_SIZE_PX = 56;
/** Gap to the edge it snaps to. */
export const PENDANT_MARGIN_PX = 12;
export const PENDANT_STORAGE_KEY = 'model-pendant';

export interface PendantPosition {
  readonly x: number;
  readonly y: number;
}

export interface ModelPendantProps {
  readonly label: string;
  readonly onClick: () => void;
  readonly children: ReactNode;
  /** Pendants on different pages keep their own place. */
  readonly storageKey?: string;
  /** Where it may go; the viewport unless the app narrows it (the centred column on wide screens). */
  readonly getBounds?: () => PendantBounds;
}

/** The area the pendant lives in, in viewport coordinates. */
export interface PendantBounds {
  readonly left: number;
  readonly top: number;
  readonly width: number;
  readonly height: number;
}

const viewport = (): PendantBounds => ({ left: 0, top: 0, width: window.innerWidth, height: window.innerHeight });

export function clampPosition(position: PendantPosition, bounds: PendantBounds): PendantPosition {
  const maxX = bounds.left + Math.max(0, bounds.width - PENDANT_SIZE_PX);
  const maxY = bounds.top + Math.max(0, bounds.height - PENDANT_SIZE_PX);
  return {
    x: Math.min(Math.max(position.x, bounds.left), maxX),
    y: Math.min(Math.max(position.y, bounds.top), maxY),
  };
}

/** On release the pendant goes to the left or right edge, whichever its centre is nearer. */
export function snapToSide(position: PendantPosition, bounds: PendantBounds): PendantPosition {
  const isLeft = position.x + PENDANT_SIZE_PX / 2 < bounds.left + bounds.width / 2;
  const x = isLeft ? bounds.left + PENDANT_MARGIN_PX : bounds.left + bounds.width - PENDANT_SIZE_PX - PENDANT_MARGIN_PX;
  const y = Math.min(
    Math.max(position.y, bounds.top + PENDANT_MARGIN_PX),
    bounds.top + bounds.height - PENDANT_SIZE_PX - PENDANT_MARGIN_PX,
  );
  return clampPosition({ x, y }, bounds);
}

function readPosition(key: string, view: PendantBounds): PendantPosition {
  const fallback = snapToSide({ x: view.left + view.width, y: view.top + Math.round(view.height * 0.7) }, view);
  try {
    const saved: unknown = JSON.parse(window.localStorage.getItem(key) ?? 'null');
    if (typeof saved === 'object' && saved !== null) {
      const x: unknown = Reflect.get(saved, 'x');
      const y: unknown = Reflect.get(saved, 'y');
      if (typeof x === 'number' && typeof y === 'number') return snapToSide({ x, y }, view);
    }
  } catch {
    // A damaged saved value: start from the default place.
  }
  return fallback;
}

/** A floating entry button: drag it anywhere, it snaps to the nearest side and remembers where. */
export function ModelPendant({
  label,
  onClick,
  children,
  storageKey = PENDANT_STORAGE_KEY,
  getBounds = viewport,
}: ModelPendantProps) {
  const [position, setPosition] = useState<PendantPosition>(() => readPosition(storageKey, getBounds()));
  const [isDragging, setDragging] = useState(false);
  const drag = useRef<
    { readonly pointer: PendantPosition; readonly start: PendantPosition; moved: boolean } | undefined
  >(undefined);
  // The click that follows a drag's pointerup is not a tap.
  const suppressClick = useRef(false);

  useEffect(() => {
    const onResize = () => setPosition((current) => snapToSide(current, getBounds()));
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, [getBounds]);

  const onPointerDown = (event: ReactPointerEvent<HTMLButtonElement>) => {
    event.currentTarget.setPointerCapture?.(event.pointerId);
    drag.current = { pointer: { x: event.clientX, y: event.clientY }, start: position, moved: false };
  };

  const onPointerMove = (event: ReactPointerEvent<HTMLButtonElement>) => {
    const current = drag.current;
    if (!current) return;
    const dx = event.clientX - current.pointer.x;
    const dy = event.clientY - current.pointer.y;
    if (!current.moved && Math.hypot(dx, dy) < PENDANT_TAP_TOLERANCE_PX) return;
    current.moved = true;
    setDragging(true);
    setPosition(clampPosition({ x: current.start.x + dx, y: current.start.y + dy }, getBounds()));
  };

  const onPointerUp = () => {
    const current = drag.current;
    drag.current = undefined;
    if (!current?.moved) return;
    suppressClick.current = true;
    setDragging(false);
    setPosition((last) => {
      const snapped = snapToSide(last, getBounds());
      window.localStorage.setItem(storageKey, JSON.stringify(snapped));
      return snapped;
    });
  };

  return (
    <button
      type="button"
      className={isDragging ? 'model-pendant model-pendant--dragging' : 'model-pendant'}
      aria-label={label}
      style={{ transform: `translate(${position.x}px, ${position.y}px)` }}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
      onClick={() => {
        if (suppressClick.current) {
          suppressClick.current = false;
          return;
        }
        onClick();
      }}
    >
      {children}
    </button>
  );
}
