/** One line of a verification's status: what it is, and its value, shown as a badge when `badge` names the state. */
export function StatusRow({
  label,
  value,
  badge,
}: {
  readonly label: string;
  readonly value: string;
  readonly badge?: string;
}) {
  return (
    <p className="identity-status__row">
      <span>{label}</span>
      <span className={badge ? `identity-badge identity-badge--${badge}` : undefined}>{value}</span>
    </p>
  );
}
