import { useEffect, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useHistoryLayer, useKeyDown, usePageActive } from '../../hooks';
import { NavBar } from '../nav-bar';
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
 * A full-screen panel over the page under the pages' own head (its back button closes it); Escape and back close it
 * and focus returns where it was. Mount it exactly while it is open: it owns a history entry
 * (`useHistoryLayer`), and it hides, keeping its state, while another page is on top of its own. Our own rather than the kit's Popup, which would add its spring code to
 * the page's chunk for a panel with no animation.
 */
export function Overlay({ title, closeLabel, onClose, children, bodyClassName }: OverlayProps) {
  const panel = useRef<HTMLDivElement>(null);
  const isActive = usePageActive();
  useHistoryLayer(onClose);
  useKeyDown((event) => {
    if (isActive && event.key === 'Escape') onClose();
  });
  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    panel.current?.focus();
    return () => previous?.focus();
  }, []);
  return createPortal(
    <div
      className="overlay"
      role="dialog"
      aria-modal="true"
      aria-label={title}
      ref={panel}
      tabIndex={-1}
      hidden={!isActive}
    >
      <NavBar title={title} backLabel={closeLabel} onBack={onClose} inLayer />
      <div className={bodyClassName ? `overlay__body ${bodyClassName}` : 'overlay__body'}>{children}</div>
    </div>,
    document.body,
  );
}
