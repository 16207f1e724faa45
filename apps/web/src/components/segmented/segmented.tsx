export interface SegmentedProps<T extends string> {
  /** Tabs that switch what is shown, or a radio group that picks a value. */
  readonly role: 'tab' | 'radio';
  /** The group's name. */
  readonly label?: string;
  readonly options: readonly T[];
  readonly value: T;
  readonly onChange: (option: T) => void;
  readonly optionLabel: (option: T) => string;
}

/** A row of options, one of them chosen (the `.segmented` look of app.css). */
export function Segmented<T extends string>({ role, label, options, value, onChange, optionLabel }: SegmentedProps<T>) {
  const isTab = role === 'tab';
  return (
    <div className="segmented" role={isTab ? 'tablist' : 'radiogroup'} aria-label={label}>
      {options.map((option) => (
        <button
          key={option}
          type="button"
          role={role}
          className="segmented__item"
          aria-selected={isTab ? value === option : undefined}
          aria-checked={isTab ? undefined : value === option}
          onClick={() => onChange(option)}
        >
          {optionLabel(option)}
        </button>
      ))}
    </div>
  );
}
