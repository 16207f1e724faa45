import type { ReactNode } from 'react';
import type { StepFlagReason, StepReceipt, StepRefusalReason, StepSourceKind } from '@stride/contract';
import { deviceTimeZone, formatMoney, formatNumber, formatZonedTime, utcOffsetName } from '../../../lib/format';
import { useI18n, type MessageKey } from '../../../lib/i18n';
import { formatDay, formatMultiplier, formatSteps } from '../format';
import { heldText } from '../held';
import { CardSection } from '../../../components/card-section';

const KINDS: Readonly<Record<StepSourceKind, MessageKey>> = {
  web: 'receipt.kind.web',
  companion: 'receipt.kind.companion',
  device: 'receipt.kind.device',
  appleHealth: 'receipt.kind.appleHealth',
  googleFit: 'receipt.kind.googleFit',
  huawei: 'receipt.kind.huawei',
  fitbit: 'receipt.kind.fitbit',
};

const REFUSALS: Readonly<Record<StepRefusalReason, MessageKey>> = {
  rate: 'receipt.refusal.rate',
  cap: 'receipt.refusal.cap',
  late: 'receipt.refusal.late',
  manual: 'receipt.refusal.manual',
  lowered: 'receipt.refusal.lowered',
};

const REASONS: Readonly<Record<StepFlagReason, MessageKey>> = {
  regularRhythm: 'receipt.reason.regularRhythm',
  sourcesDisagree: 'receipt.reason.sourcesDisagree',
  sharedDevice: 'receipt.reason.sharedDevice',
  sharedAddress: 'receipt.reason.sharedAddress',
};

const REVIEWS: Readonly<Record<NonNullable<StepReceipt['review']>['status'], MessageKey>> = {
  flagged: 'receipt.review.flagged',
  cleared: 'receipt.review.cleared',
  rejected: 'receipt.review.rejected',
};

/** China's offset, the product's business time zone by default (docs/product/rules.md, Steps and points). */
const CHINA_OFFSET_MINUTES = 480;

/**
 * The zone a service day is counted in, by name (docs/product/client.md, Step day receipt): China
 * time at UTC+8, else the offset itself.
 */
export function serviceZoneName(offsetMinutes: number, t: (key: MessageKey) => string): string {
  return offsetMinutes === CHINA_OFFSET_MINUTES ? t('time.chinaTime') : utcOffsetName(offsetMinutes);
}

/**
 * A day's receipt (GET /api/steps/days/{day}): everything that made the day pay what it paid. `reviewAction` goes under
 * the review's reasons: the page's appeal of it (docs/product/appeals.md).
 */
export function StepReceiptView({
  receipt,
  reviewAction,
}: {
  readonly receipt: StepReceipt;
  readonly reviewAction?: ReactNode;
}) {
  const { t, language } = useI18n();
  const count = (value: number) => formatSteps(value, language);
  const sourceName = (kind: StepSourceKind, name: string | null) =>
    name ? `${t(KINDS[kind])} · ${name}` : t(KINDS[kind]);
  const { review, points } = receipt;
  // The day is a service day; the moments below are the device's, each labelled with its zone.
  const formatTime = (value: string) => formatZonedTime(value, language);
  return (
    <>
      <section className="card receipt-head" aria-labelledby="receipt-day">
        <h2 id="receipt-day" className="history-title">
          {t('receipt.serviceDay', {
            day: formatDay(receipt.day, language, true),
            zone: serviceZoneName(receipt.utcOffsetMinutes, t),
          })}
        </h2>
        <p className="hint" data-testid="receipt-zone">
          {t('receipt.timesInZone', { zone: deviceTimeZone() })}
        </p>
        <p className="receipt-head__steps" data-testid="receipt-steps">
          {t('receipt.steps', { steps: count(receipt.steps) })}
        </p>
        <p className="hint">
          {t('receipt.goal', { goal: count(receipt.goal) })} ·{' '}
          {receipt.steps >= receipt.goal
            ? t('receipt.goalMet')
            : t('receipt.goalShort', { left: count(receipt.goal - receipt.steps) })}
        </p>
        {review ? (
          <div
            className={review.status === 'cleared' ? 'receipt-review receipt-review--cleared' : 'receipt-review'}
            role="note"
            data-testid="receipt-review"
          >
            <p className="receipt-review__status">{t(REVIEWS[review.status])}</p>
            {receipt.held && (receipt.held.points > 0 || receipt.held.cashBack > 0) ? (
              <p data-testid="receipt-held">{heldText(t, receipt.held, review)}</p>
            ) : null}
            {receipt.releasedPoints > 0 ? (
              <p data-testid="receipt-released">
                {t('review.released', { points: formatNumber(receipt.releasedPoints) })}
              </p>
            ) : null}
            {review.reasons.length > 0 ? (
              <ul className="receipt-review__reasons" aria-label={t('receipt.reasons')}>
                {review.reasons.map((reason) => (
                  <li key={reason}>{t(REASONS[reason])}</li>
                ))}
              </ul>
            ) : null}
            {reviewAction}
          </div>
        ) : null}
      </section>

      <CardSection titleId="receipt-sources" title={t('receipt.sources')} titleClassName="history-title">
        {receipt.sources.length === 0 ? <p className="hint">{t('receipt.noSources')}</p> : null}
        <ul className="receipt-list">
          {receipt.sources.map((source) => (
            <li key={`${source.kind}-${source.reportedAt}-${source.name ?? ''}`} className="detail-row receipt-row">
              <span>
                {sourceName(source.kind, source.name)}
                {source.credited ? (
                  <span className="badge badge--good receipt-badge">{t('receipt.credited')}</span>
                ) : null}
                <span className="receipt-row__meta">
                  {t('receipt.reportedAt', { time: formatTime(source.reportedAt) })}
                </span>
              </span>
              <span className="receipt-row__figure">{count(source.steps)}</span>
            </li>
          ))}
        </ul>
      </CardSection>

      {receipt.refusals.length > 0 ? (
        <section className="card" aria-labelledby="receipt-refusals" data-testid="receipt-refusals">
          <h2 id="receipt-refusals" className="history-title">
            {t('receipt.refusals')}
          </h2>
          <ul className="receipt-list">
            {receipt.refusals.map((refusal, index) => (
              <li key={`${refusal.at}-${index}`} className="detail-row receipt-row receipt-row--refused">
                <span>
                  {t(REFUSALS[refusal.reason], {
                    steps: count(refusal.steps),
                    limit: refusal.limit === null ? '—' : count(refusal.limit),
                  })}
                  <span className="receipt-row__meta">
                    {sourceName(refusal.kind, refusal.name)} · {formatTime(refusal.at)}
                  </span>
                </span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <CardSection titleId="receipt-points" title={t('receipt.points')} titleClassName="history-title">
        <dl className="receipt-figures">
          <div>
            <dt>{t('receipt.earned')}</dt>
            <dd data-testid="receipt-earned">{count(points.earned)}</dd>
          </div>
          <div>
            <dt>{t('receipt.collected')}</dt>
            <dd>{count(points.collected)}</dd>
          </div>
        </dl>
        <p className="hint">
          {points.multiplierCard
            ? t('receipt.multiplier', {
                multiplier: formatMultiplier(points.multiplierPercent, language),
                card: points.multiplierCard,
              })
            : t('receipt.noMultiplier')}
        </p>
      </CardSection>

      <section className="card" aria-labelledby="receipt-cash-back" data-testid="receipt-cash-back">
        <h2 id="receipt-cash-back" className="history-title">
          {t('receipt.cashBack')}
        </h2>
        {receipt.cashBack.length === 0 && receipt.cashBackCapped === 0 ? (
          <p className="hint">{t('receipt.noCashBack')}</p>
        ) : null}
        {receipt.cashBackCapped > 0 ? (
          <p className="hint" data-testid="receipt-cash-back-capped">
            {t('receipt.cashBackCapped', { amount: formatMoney(receipt.cashBackCapped) })}
          </p>
        ) : null}
        <ul className="receipt-list">
          {receipt.cashBack.map((item) => (
            <li key={item.cardId} className="detail-row receipt-row">
              <span>{item.cardName}</span>
              <span className="receipt-row__figure receipt-row__figure--money">+{formatMoney(item.amount)}</span>
            </li>
          ))}
        </ul>
      </section>

      {receipt.inviteReward ? (
        <CardSection titleId="receipt-invite" title={t('receipt.inviteReward')} titleClassName="history-title">
          <p>{t('receipt.inviteRewardPoints', { points: count(receipt.inviteReward.points) })}</p>
        </CardSection>
      ) : null}
    </>
  );
}
