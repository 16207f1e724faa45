import { useEffect, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useKeyDown } from '../../hooks';
import './overlay.css';

export interface OverlayProps {
  readonly title: string;
  /** The accessible name of the close button, in the page's words. */
  readonly closeLabel: string;
  readonly onClose: () => void;
  readonly children: ReactNode;
  /** Extra class for the body, for pages that lay out their own scrolling. */
  readonly bodyClassName?: string;
}

/**
 * A full-screen panel over the page with its own head and close button; Escape closes it and focus
 * returns where it was. Our own rather than the kit's Popup, which would add its spring code to
 * the page's chunk for a panel with no animation.
 */
export function Overlay({ title, closeLabel, onClose, children, bodyClassName }: OverlayProps) {
  const panel = useRef<HTMLDivElement>(null);
  useKeyDown((event) => {
    if (event.key === 'Escape') onClose();
  });
  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    panel.current?.focus();
    return () => previous?.focus();
  }, []);
  return createPortal(
    <div className="overlay" role="dialog" aria-modal="true" aria-label={title} ref={panel} tabIndex={-1}>
      <header className="overlay__head">
        <button type="button" className="overlay__close" aria-label={closeLabel} onClick={onClose}>
          ‹
        </button>
        <h2 className="overlay__title">{title}</h2>
      </header>
      <div className={bodyClassName ? `overlay__body ${bodyClassName}` : 'overlay__body'}>{children}</div>
    </div>,
    document.body,
  );
}
