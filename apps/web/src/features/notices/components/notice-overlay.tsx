import { useEffect, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useKeyDown } from '../../../hooks';
import { useI18n } from '../../../lib/i18n';

/** A full-screen panel over the app with a close button; Escape closes it too. */
export function NoticeOverlay({
  title,
  onClose,
  children,
}: {
  readonly title: string;
  readonly onClose: () => void;
  readonly children: ReactNode;
}) {
  const { t } = useI18n();
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
    <div className="notice-overlay" role="dialog" aria-modal="true" aria-label={title} ref={panel} tabIndex={-1}>
      <header className="notice-overlay__head">
        <button type="button" className="notice-overlay__close" aria-label={t('notices.close')} onClick={onClose}>
          ‹
        </button>
        <h2 className="notice-overlay__title">{title}</h2>
      </header>
      <div className="notice-overlay__body">{children}</div>
    </div>,
    document.body,
  );
}
