import type { ReactNode } from 'react';
import './tab-bar.css';

export interface TabBarItem {
  readonly key: string;
  readonly label: string;
  readonly icon: ReactNode;
  /** A count on the icon (unread notifications), and what it says to screen readers after the tab's label. */
  readonly badge?: { readonly text: string; readonly label: string };
}

export interface TabBarProps {
  readonly items: readonly TabBarItem[];
  readonly selected: string;
  readonly label: string;
  readonly onSelect: (key: string) => void;
}

export function TabBar({ items, selected, label, onSelect }: TabBarProps) {
  return (
    <nav className="tab-bar" aria-label={label}>
      {items.map((item) => {
        const isSelected = item.key === selected;
        return (
          <button
            key={item.key}
            type="button"
            className={isSelected ? 'tab-bar__item tab-bar__item--selected' : 'tab-bar__item'}
            aria-current={isSelected ? 'page' : undefined}
            // docs/product/client.md, Navigation: tapping the current tab does not navigate.
            onClick={isSelected ? undefined : () => onSelect(item.key)}
          >
            <span className="tab-bar__icon" aria-hidden="true">
              {item.icon}
              {item.badge ? (
                <span className="tab-bar__badge" data-testid="tab-badge">
                  {item.badge.text}
                </span>
              ) : null}
            </span>
            <span className="tab-bar__label">{item.label}</span>
            {item.badge ? <span className="sr-only">{item.badge.label}</span> : null}
          </button>
        );
      })}
    </nav>
  );
}
