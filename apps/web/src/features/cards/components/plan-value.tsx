import { formatMoney, formatNumber } from '../../../lib/format';
import { useI18n, type MessageKey } from '../../../lib/i18n';
import { planValue, type PlanTermsForValue } from '../plan-value';

const BEYOND_TEXT: Readonly<Record<ReturnType<typeof planValue>['beyond'], MessageKey>> = {
  whole: 'cards.value.whole',
  both: 'cards.value.beyondBoth',
  multiplier: 'cards.value.beyondMultiplier',
  insurance: 'cards.value.beyondInsurance',
  nothing: 'cards.value.beyondNothing',
};

/**
 * What the price buys beyond its cash back (docs/product/client.md, Card plans): the cash back at
 * most, the points multiplier, the policy, and in as plain a sentence what the rest of the price
 * pays for, so a cash back below the price is never left unexplained.
 */
export function PlanValue({ plan }: { readonly plan: PlanTermsForValue }) {
  const { t } = useI18n();
  const value = planValue(plan);
  const price = formatMoney(plan.price);
  return (
    <section className="plan__value" aria-label={t('cards.value.title', { price })}>
      <h3 className="plan__value-title">{t('cards.value.title', { price })}</h3>
      <ul className="plan__value-list">
        <li>
          {t('cards.value.cashBack', {
            total: formatMoney(value.cashBack),
            daily: formatMoney(plan.dailyCashBack),
            days: plan.days,
            steps: formatNumber(plan.dailyTarget),
          })}
        </li>
        {value.hasMultiplier ? <li>{t('cards.value.multiplier', { multiplier: plan.pointsMultiplier })}</li> : null}
        {value.hasInsurance ? (
          <li>{t('cards.value.insurance', { coverage: formatMoney(plan.insuranceCoverage) })}</li>
        ) : null}
      </ul>
      <p className="plan__value-rest">
        {t(BEYOND_TEXT[value.beyond], { cashBack: formatMoney(value.cashBack), price, rest: formatMoney(value.rest) })}
      </p>
    </section>
  );
}
