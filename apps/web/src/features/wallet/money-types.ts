import type { MessageKey } from '../../lib/i18n';

/**
 * The server's movement types (ledger transfer kinds) with their labels. A type not listed here
 * (added by a later server) shows as the server wrote it rather than disappearing.
 */
export const MONEY_TYPES: Readonly<Record<string, MessageKey>> = {
  'card.buy': 'statement.type.cardBuy',
  'card.cashback': 'statement.type.cashBack',
  exchange: 'statement.type.exchange',
  'demo.welcome': 'statement.type.welcome',
};

export function moneyTypeLabel(type: string, t: (key: MessageKey) => string): string {
  const key = MONEY_TYPES[type];
  return key ? t(key) : type;
}

/** Signed money from minor units: `+¥3.00`, `-¥99.00`. */
export function signedMoney(minor: number, format: (minor: number) => string): string {
  return minor > 0 ? `+${format(minor)}` : format(minor);
}
