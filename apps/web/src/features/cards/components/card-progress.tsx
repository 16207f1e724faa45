import { formatMoney, formatNumber } from '../../../lib/format';
import { useI18n } from '../../../lib/i18n';
import './cards.css';

export interface CardProgressProps {
  readonly steps: number;
  readonly target: number;
  readonly dailyCashBack: number;
  readonly isEarned: boolean;
  /**
   * Today's cash back held while the day is under review (decision 078 "A held step day is never a dead end"); 0
   * otherwise.
   */
  readonly heldCashBack?: number;
  /**
   * Today's cash back the service's daily cash cap held, paid by a later day's settlement (docs/product/rules.md,
   * Membership cards); 0 otherwise.
   */
  readonly cappedCashBack?: number;
}

/** Today's steps toward a card's target and whether today's cash back is earned. */
export function CardProgress({
  steps,
  target,
  dailyCashBack,
  isEarned,
  heldCashBack = 0,
  cappedCashBack = 0,
}: CardProgressProps) {
  const { t } = useI18n();
  const share = target > 0 ? Math.min(steps / target, 1) : 0;
  return (
    <div className="card-progress">
      <div
        className="card-progress__bar"
        role="progressbar"
        aria-label={t('cards.todayProgress')}
        aria-valuemin={0}
        aria-valuemax={target}
        aria-valuenow={Math.min(steps, target)}
        aria-valuetext={t('cards.stepsOf', { steps: formatNumber(steps), target: formatNumber(target) })}
      >
        <span className="card-progress__fill" style={{ width: `${share * 100}%` }} />
      </div>
      <p className="card-progress__text">
        <span>{t('cards.stepsOf', { steps: formatNumber(steps), target: formatNumber(target) })}</span>
        <span className={isEarned ? 'card-progress__earned' : 'card-progress__pending'}>
          {isEarned
            ? t('cards.cashBackEarned', { amount: formatMoney(dailyCashBack) })
            : heldCashBack > 0
              ? t('cards.cashBackHeld', { amount: formatMoney(heldCashBack) })
              : cappedCashBack > 0
                ? t('cards.cashBackCapped', { amount: formatMoney(cappedCashBack) })
                : t('cards.cashBackPending', {
                    steps: formatNumber(Math.max(target - steps, 0)),
                    amount: formatMoney(dailyCashBack),
                  })}
        </span>
      </p>
    </div>
  );
}
