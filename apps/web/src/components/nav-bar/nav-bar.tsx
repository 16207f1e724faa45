import type { ReactNode } from 'react';
import './nav-bar.css';

export interface NavBarProps {
  readonly title: ReactNode;
  /** No handler, no back button (tab pages and home). */
  readonly onBack?: () => void;
  readonly backLabel: string;
}

export function NavBar({ title, onBack, backLabel }: NavBarProps) {
  return (
    <header className="nav-bar">
      {onBack ? (
        <button type="button" className="nav-bar__back" aria-label={backLabel} onClick={onBack}>
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
            <path d="M15 4 7 12l8 8" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
      ) : null}
      <h1 className="nav-bar__title">{title}</h1>
    </header>
  );
}
