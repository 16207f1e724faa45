import type { PointsStatementType } from '@stride/contract/rules';
import type { MessageKey } from '../../lib/i18n';
import { signed, typeLabel } from './statement-lines';

/**
 * A label for every line of the points statement (decision 081 "One points statement"): a type without one fails the
 * typecheck.
 */
export const POINTS_TYPE_LABELS: Readonly<Record<PointsStatementType, MessageKey>> = {
  'points.collect': 'points.type.collect',
  'points.release': 'points.type.release',
  'invite.reward': 'points.type.inviteReward',
  'shop.order': 'points.type.shopOrder',
  'shop.refund': 'points.type.shopRefund',
  exchange: 'points.type.exchange',
  'adjustment.credit': 'points.type.adjustmentCredit',
  'adjustment.debit': 'points.type.adjustmentDebit',
  'demo.welcome': 'statement.type.welcome',
  'challenge.prize': 'points.type.challengePrize',
  'points.expiry': 'points.type.expiry',
};

/** A type not in the list (added by a later server) shows as the server wrote it rather than disappearing. */
export const pointsTypeLabel = (type: string, t: (key: MessageKey) => string) => typeLabel(POINTS_TYPE_LABELS, type, t);

/** Signed whole points: `+200`, `-100`. */
export const signedPoints: (points: number, format: (value: number) => string) => string = signed;
