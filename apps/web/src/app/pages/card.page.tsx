import { listMyCards } from '@stride/contract';
import { call } from '../../lib/http';
import type { MyCard } from '@stride/contract';
import { PullToRefresh } from '../../components/pull-to-refresh';
import { StatusTip } from '../../components/status-tip';
import { CardProgress, PlanValue, termCashBack } from '../../features/cards';
import { formatMoney } from '../../lib/format';
import { useI18n } from '../../lib/i18n';
import { PATHS, go } from '../../lib/navigation';
import { RemoteView } from '../../components/remote-view';
import '../../features/cards/components/cards.css';

const load = (signal: AbortSignal) => call(listMyCards, {}, { hideErrors: true, signal });

function CardItem({ card }: { readonly card: MyCard }) {
  const { t } = useI18n();
  const isActive = card.status === 'active';
  return (
    <li className="card" aria-labelledby={`card-${card.id}`}>
      <div className="item-card__head">
        <h3 id={`card-${card.id}`} className="item-card__title">
          {card.plan.name}
        </h3>
        <span className={isActive ? 'badge badge--good' : 'badge badge--muted'}>
          {t(isActive ? 'cards.status.active' : 'cards.status.expired')}
        </span>
      </div>
      {isActive ? (
        <CardProgress
          steps={card.todaySteps}
          target={card.plan.dailyTarget}
          dailyCashBack={card.plan.dailyCashBack}
          isEarned={card.todayCashBackEarned}
          heldCashBack={card.todayCashBackPending}
          cappedCashBack={card.todayCashBackCapped}
        />
      ) : null}
      <dl className="plan__details item-card__rows">
        <div className="plan__row">
          <dt>{t('cards.period')}</dt>
          <dd>
            {card.startsOn} – {card.endsOn}
          </dd>
        </div>
        {isActive ? (
          <div className="plan__row">
            <dt>{t('cards.daysLeftLabel')}</dt>
            <dd>{t('cards.days', { days: card.daysLeft })}</dd>
          </div>
        ) : null}
        <div className="plan__row">
          <dt>{t('cards.cashBackTotal')}</dt>
          <dd>{formatMoney(card.cashBackTotal)}</dd>
        </div>
        <div className="plan__row">
          <dt>{t('cards.cashBackTerm')}</dt>
          <dd>
            {t('cards.cashBackTermValue', {
              total: formatMoney(termCashBack(card.plan)),
              daily: formatMoney(card.plan.dailyCashBack),
              days: card.plan.days,
            })}
          </dd>
        </div>
      </dl>
      <PlanValue plan={card.plan} />
    </li>
  );
}

function Wallet({ cards }: { readonly cards: readonly MyCard[] }) {
  const { t } = useI18n();
  const active = cards.filter((card) => card.status === 'active');
  const expired = cards.filter((card) => card.status === 'expired');
  return (
    <>
      <section aria-labelledby="wallet-active">
        <h2 id="wallet-active" className="section-title">
          {t('cards.active')}
        </h2>
        {active.length > 0 ? (
          <ul className="plans">
            {active.map((card) => (
              <CardItem key={card.id} card={card} />
            ))}
          </ul>
        ) : (
          <StatusTip status="empty" message={t('cards.noActive')} />
        )}
      </section>
      {expired.length > 0 ? (
        <section aria-labelledby="wallet-expired">
          <h2 id="wallet-expired" className="section-title">
            {t('cards.expired')}
          </h2>
          <ul className="plans">
            {expired.map((card) => (
              <CardItem key={card.id} card={card} />
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}

/** Card wallet (GET /api/member_card/my): active and expired cards with today's progress. */
export default function CardPage() {
  const { t } = useI18n();
  return (
    <PullToRefresh>
      <RemoteView load={load}>
        {(cards) =>
          cards.length > 0 ? (
            <Wallet cards={cards} />
          ) : (
            <>
              <StatusTip status="empty" message={t('cards.none')} />
              <div className="load-more">
                <button type="button" className="button" onClick={() => go(PATHS.invest)}>
                  {t('home.seePlans')}
                </button>
              </div>
            </>
          )
        }
      </RemoteView>
    </PullToRefresh>
  );
}
