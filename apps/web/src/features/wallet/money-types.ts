import { STATEMENT_TYPES, type StatementType } from '@stride/contract/rules';
import type { MessageKey } from '../../lib/i18n';
import { signed, typeLabel } from './statement-lines';

/** The funds statement's types, from the contract's one list (its filter offers each of them). */
export const MONEY_TYPES: readonly StatementType[] = STATEMENT_TYPES;

/** A label for every statement type: a type added to the contract without one fails the typecheck. */
export const MONEY_TYPE_LABELS: Readonly<Record<StatementType, MessageKey>> = {
  'card.buy': 'statement.type.cardBuy',
  'card.cashback': 'statement.type.cashBack',
  exchange: 'statement.type.exchange',
  'withdraw.request': 'statement.type.withdrawal',
  'withdraw.refund': 'statement.type.withdrawalRefund',
  'payment.refund': 'statement.type.paymentRefund',
  'demo.welcome': 'statement.type.welcome',
  'adjustment.credit': 'statement.type.adjustmentCredit',
  'adjustment.debit': 'statement.type.adjustmentDebit',
};

/** A type not in the list (added by a later server) shows as the server wrote it rather than disappearing. */
export const moneyTypeLabel = (type: string, t: (key: MessageKey) => string) => typeLabel(MONEY_TYPE_LABELS, type, t);

/** Signed money from minor units: `+¥3.00`, `-¥99.00`. */
export const signedMoney: (minor: number, format: (minor: number) => string) => string = signed;
