/** Figures of a plan, a card or its policy: a label and its value a row. */
export function PlanRows({
  rows,
  className,
}: {
  readonly rows: readonly (readonly [label: string, value: string])[];
  /** Added to `plan__details`, as a card in a list places it. */
  readonly className?: string;
}) {
  return (
    <dl className={className ? `plan__details ${className}` : 'plan__details'}>
      {rows.map(([label, value]) => (
        <div key={label} className="plan__row">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
