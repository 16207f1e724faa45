import './status-tabs.css';

export interface StatusTabsProps<T extends string> {
  /** The tablist's name. */
  readonly label: string;
  /** `''` is the tab for every state. */
  readonly tabs: readonly (T | '')[];
  readonly value: T | '';
  readonly onChange: (tab: T | '') => void;
  readonly tabLabel: (tab: T | '') => string;
}

/** A list's filter by state, one tab a state, in a row that scrolls when the tabs do not fit. */
export function StatusTabs<T extends string>({ label, tabs, value, onChange, tabLabel }: StatusTabsProps<T>) {
  return (
    <div className="status-tabs" role="tablist" aria-label={label}>
      {tabs.map((tab) => (
        <button
          key={tab || 'all'}
          type="button"
          role="tab"
          className="status-tabs__item"
          aria-selected={value === tab}
          onClick={(event) => {
            onChange(tab);
            // A tab cut at the window's edge comes wholly into view (docs/product/client.md, Layout and formatting).
            event.currentTarget.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
          }}
        >
          {tabLabel(tab)}
        </button>
      ))}
    </div>
  );
}
