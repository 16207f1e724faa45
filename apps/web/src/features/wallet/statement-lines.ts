import type { MessageKey } from '../../lib/i18n';

/** A type not in `labels` (added by a later server) shows as the server wrote it rather than disappearing. */
export function typeLabel(
  labels: Readonly<Partial<Record<string, MessageKey>>>,
  type: string,
  t: (key: MessageKey) => string,
): string {
  const key = labels[type];
  return key ? t(key) : type;
}

/** A signed amount: a plus before a credit; a debit keeps the minus its format writes. */
export function signed(amount: number, format: (amount: number) => string): string {
  return amount > 0 ? `+${format(amount)}` : format(amount);
}
