import type { ReactNode } from 'react';
import './nav-bar.css';

export interface NavBarProps {
  readonly title: ReactNode;
  /** No handler, no back button (tab pages and home). */
  readonly onBack?: () => void;
  readonly backLabel: string;
  /**
   * In the flow of a full-screen layer (the goods detail, notices) rather than fixed at the top
   * of the window: the same head as the page's, under a heading of the next level.
   */
  readonly inLayer?: boolean;
}

/** The one page head (docs/product/client.md, Navigation): back on the left, the title centred. */
export function NavBar({ title, onBack, backLabel, inLayer = false }: NavBarProps) {
  const Heading = inLayer ? 'h2' : 'h1';
  return (
    <header className={inLayer ? 'nav-bar nav-bar--in-layer' : 'nav-bar'}>
      {onBack ? (
        <button type="button" className="icon-button nav-bar__back" aria-label={backLabel} onClick={onBack}>
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
            <path d="M15 4 7 12l8 8" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
      ) : null}
      <Heading className="nav-bar__title">{title}</Heading>
    </header>
  );
}
