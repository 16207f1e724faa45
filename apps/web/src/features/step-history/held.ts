// What a day under review holds, said in one line (decision 078 "A held step day is never a dead end"): home and the
// day's receipt use it. Apart from index.ts, like streak.ts, so that home's chunk carries only this.
import type { HeldRewards, StepReview } from '@stride/contract';
import { formatMoney, formatNumber } from '../../lib/format';
import type { Translate } from '../../lib/i18n';

/**
 * "84 points and ¥3.00 cash back wait for review · Usually decided within 24 hours" while flagged;
 * "Not paid after review: …" once rejected; cash back left out when the day holds none.
 */
export function heldText(
  t: Translate,
  held: HeldRewards,
  review: Pick<StepReview, 'status' | 'expectedHours'>,
): string {
  const values = { points: formatNumber(held.points), amount: formatMoney(held.cashBack) };
  if (review.status === 'rejected') {
    return t(held.cashBack > 0 ? 'review.heldWithheld' : 'review.heldPointsWithheld', values);
  }
  const waiting = t(held.cashBack > 0 ? 'review.heldWaiting' : 'review.heldPointsWaiting', values);
  return `${waiting} · ${t('review.expected', { hours: review.expectedHours })}`;
}
