import { collectPoints } from '@stride/contract';
import { maskMiddle } from '@stride/contract/rules';
import { useEffect, useRef, useState } from 'react';
import { usePageActive, useSubmit } from '../../hooks';
import { celebrate, takeGoalMoment } from '../../components/celebration';
import { PullToRefresh } from '../../components/pull-to-refresh';
import { StatusTip } from '../../components/status-tip';
import { Swiper } from '../../components/swiper';
import { CardProgress } from '../../features/cards';
import { ExchangeSheet } from '../../features/exchange';
import { HomeNotice, QuickEntryIcon, appPathOf, useHome, type Home } from '../../features/home';
import { NoticesSection } from '../../features/notices';
import { heldText } from '../../features/step-history/held';
import { StepStreak } from '../../features/step-history/streak';
import { createRetryKey, call } from '../../lib/http';
import {
  MotionPermission,
  SENSOR_TEXT,
  StepsRing,
  SyncStatus,
  isWalking,
  stepCounter,
  useStepCounter,
} from '../../features/walking';
import { formatMoney, formatNumber, formatTime } from '../../lib/format';
import { useI18n, type MessageKey } from '../../lib/i18n';
import { PATHS, getNavigator, go } from '../../lib/navigation';
import { useUser } from '../../lib/storage';
import '../../features/home/home.css';
import { CardSection } from '../../components/card-section';

/** A flagged or rejected day says so beside the points it holds (docs/product/rules.md, Steps and points). */
const REVIEW_TEXT: Record<NonNullable<Home['review']>['status'], MessageKey> = {
  flagged: 'receipt.review.flagged',
  cleared: 'receipt.review.cleared',
  rejected: 'receipt.review.rejected',
};

/**
 * A banner or entry target: tab pages by switchTab, other pages by navigateTo, outside links in a
 * tab. A refused navigation (a path the app does not have) is reported through `onRefused`.
 */
function open(target: string, onRefused: (message: string) => void = () => undefined) {
  const found = appPathOf(target);
  if (!found) return;
  if (found.kind === 'external') {
    window.open(found.url, '_blank', 'noopener');
    return;
  }
  const navigator = getNavigator();
  const route = found.url.split('?')[0] ?? found.url;
  const go = navigator.isTab(route) ? navigator.switchTab(found.url) : navigator.navigateTo(found.url);
  go.catch((error: unknown) => onRefused(error instanceof Error ? error.message : String(error)));
}

function HomeContent({
  home,
  refresh,
  patch,
}: {
  home: Home;
  refresh: () => void;
  patch: (change: Partial<Home>) => void;
}) {
  const { t, language } = useI18n();
  const counter = useStepCounter();
  const isActive = usePageActive();
  // A home kept on the device (offline, decision 079 "Home kept on the device for an app opened offline") may be of an
  // earlier day.
  const isKept = home.savedAt !== undefined;
  // The app's counter learns the business day and time zone from the server's home, never from a
  // kept one.
  useEffect(() => {
    if (isKept) return;
    stepCounter.learnToday({ day: home.day, steps: home.steps, utcOffsetMinutes: home.utcOffsetMinutes });
  }, [isKept, home.day, home.steps, home.utcOffsetMinutes]);
  // Past midnight, home reads again. After an accepted report (points and card progress move) it
  // reads again as after any write (useRemote, decision 076 "Screens that stay current"), and a hidden home (another
  // tab shown) reads whenever it is shown again.
  const refreshedForDay = useRef<string | null>(null);
  useEffect(() => {
    if (!isActive) return;
    const isNewDay = counter.day !== null && counter.day > home.day && counter.day !== refreshedForDay.current;
    if (!isNewDay) return;
    refreshedForDay.current = counter.day;
    refresh();
  }, [isActive, counter.day, home.day, refresh]);
  const [collectKey] = useState(createRetryKey);
  const [exchangeKey] = useState(createRetryKey);
  const collecting = useSubmit();
  const [isExchangeOpen, setExchangeOpen] = useState(false);
  // Results are said inline beside the action (role="status"), so they stay until the next one.
  const [notice, setNotice] = useState<string | undefined>(undefined);
  const openTarget = (target: string) => open(target, setNotice);
  // The server's credited count, or this device's own when it is ahead (not yet synced). A kept
  // home of an earlier day counts nothing of today's but this device's own.
  const deviceSteps = Math.max(counter.deviceSteps, counter.creditedSteps);
  const isKeptEarlierDay = isKept && counter.day !== null && counter.day !== home.day;
  const steps = isKeptEarlierDay ? deviceSteps : Math.max(home.steps, counter.day === home.day ? deviceSteps : 0);

  // The day's goal reached: marked once a day, from the ring (a burst, or nothing with reduced motion).
  const ringRef = useRef<HTMLElement>(null);
  const walletRef = useRef<HTMLElement>(null);
  const userId = useUser().userInfo?.id;
  useEffect(() => {
    if (!isActive || !userId || isKept) return;
    if (!takeGoalMoment(window.localStorage, userId, home.day, steps, home.goal)) return;
    // Said and shown on the next frame, with the ring drawn at its full goal.
    const text = t('celebrate.goal', { goal: formatNumber(home.goal) });
    requestAnimationFrame(() => {
      setNotice(text);
      void celebrate(ringRef.current);
    });
  }, [isActive, userId, isKept, home.day, home.goal, steps, t]);

  const collect = () =>
    // Errors show through the request layer's dialog; the same key is sent again on a retry.
    collecting.run(async () => {
      const result = await collectKey.run((idempotencyKey) => call(collectPoints, { body: { idempotencyKey } }));
      patch({
        points: result.points,
        // Points released from earlier days are not today's (decision 078 "A held step day is never a dead end"), nor
        // those of earlier days the service's daily cap had held (docs/console/economy.md).
        collectedPoints: home.collectedPoints + result.collected - result.released - result.earlier,
        collectablePoints: 0,
        releasedPoints: 0,
      });
      setNotice(
        result.capped > 0
          ? t('home.collectedCapped', { points: formatNumber(result.collected), held: formatNumber(result.capped) })
          : t('home.collected', { points: formatNumber(result.collected) }),
      );
      if (result.collected > 0) void celebrate(walletRef.current);
      refresh();
    });

  return (
    <>
      {home.savedAt !== undefined ? (
        <p className="hint home-kept" role="status" data-testid="home-kept">
          {t('home.keptAsOf', { time: formatTime(home.savedAt) })}
        </p>
      ) : null}
      <section ref={ringRef} className="home-steps" aria-label={t('home.steps')}>
        <StepsRing
          steps={steps}
          goal={home.goal}
          label={t('home.steps')}
          stepsText={formatNumber(steps, language)}
          goalText={formatNumber(home.goal, language)}
        />
        <p className="home-steps__goal">
          {t('home.steps')} · {t('home.goal')} {formatNumber(home.goal)}
        </p>
        <p className="home-steps__sensor" role="status">
          {t(SENSOR_TEXT[counter.status])}
        </p>
        <SyncStatus view={counter} className="home-steps__sync" />
        <MotionPermission
          view={counter}
          store={stepCounter}
          buttonClassName="button button--ghost home-steps__enable"
        />
        <button type="button" className="button button--ghost home-steps__walk" onClick={() => go(PATHS.walk)}>
          {counter.walk && isWalking(counter.walk)
            ? t('walk.open', { steps: formatNumber(counter.walk.steps) })
            : t('walk.start')}
        </button>
      </section>
      <StepStreak steps={steps} goal={home.goal} />

      <section ref={walletRef} className="card home-wallet" aria-label={t('home.wallet')}>
        <dl className="home-wallet__figures">
          <div>
            <dt>{t('home.points')}</dt>
            <dd data-testid="home-points">{formatNumber(home.points)}</dd>
            <dd>
              <button type="button" className="link" onClick={() => go(PATHS.pointsStatement)}>
                {t('title.pointsStatement')} ›
              </button>
            </dd>
          </div>
          <div>
            <dt>{t('home.balance')}</dt>
            <dd data-testid="home-balance">{formatMoney(home.balance)}</dd>
          </div>
        </dl>
        <p className="hint">
          {t('home.earnedToday', {
            earned: formatNumber(home.earnedPoints),
            collected: formatNumber(home.collectedPoints),
          })}
          {home.multiplier > 1 ? ` · ${t('home.multiplier', { multiplier: home.multiplier })}` : ''}
        </p>
        {home.review && home.review.status !== 'cleared' ? (
          <p className="hint home-review" role="status">
            {home.held ? heldText(t, home.held, home.review) : t(REVIEW_TEXT[home.review.status])}{' '}
            <button type="button" className="link" onClick={() => go(PATHS.stepDay, { day: home.day })}>
              {t('title.stepDay')}
            </button>
          </p>
        ) : null}
        {home.releasedPoints > 0 ? (
          <p className="hint home-released" role="status">
            {t('review.released', { points: formatNumber(home.releasedPoints) })}
          </p>
        ) : null}
        {home.expiringPoints ? (
          // The nearest expiry within 30 days (docs/product/points-expiry.md).
          <p className="hint home-expiring" data-testid="home-expiring">
            {t('home.expiring', { points: formatNumber(home.expiringPoints.points), day: home.expiringPoints.day })}
          </p>
        ) : null}
        <div className="home-wallet__actions">
          <button
            type="button"
            className="button"
            disabled={collecting.isBusy || isKept || home.collectablePoints <= 0}
            onClick={() => void collect()}
          >
            {home.collectablePoints > 0
              ? t('home.collect', { points: formatNumber(home.collectablePoints) })
              : t('home.nothingToCollect')}
          </button>
          <button
            type="button"
            className="button button--ghost"
            disabled={isKept}
            onClick={() => setExchangeOpen(true)}
          >
            {t('exchange.open')}
          </button>
        </div>
        <HomeNotice text={notice} />
      </section>

      {home.activeCards.length > 0 ? (
        // Every active card, the highest target first: each pays its own cash back.
        home.activeCards.map((card) => (
          <section key={card.cardId} className="card" aria-labelledby={`home-card-${card.cardId}`}>
            <h2 id={`home-card-${card.cardId}`} className="home-section__title">
              {card.name}
            </h2>
            <CardProgress
              steps={steps}
              target={card.dailyTarget}
              dailyCashBack={card.dailyCashBack}
              isEarned={card.cashBackEarned}
              heldCashBack={card.cashBackPending}
              cappedCashBack={card.cashBackCapped}
            />
            <p className="hint home-card__days">{t('page.daysLeft', { days: card.daysLeft })}</p>
          </section>
        ))
      ) : (
        <CardSection titleId="home-card-title" title={t('home.activeCard')} titleClassName="home-section__title">
          <p className="hint">{t('home.noCard')}</p>
          <button type="button" className="button button--ghost" onClick={() => openTarget(PATHS.invest)}>
            {t('home.seePlans')}
          </button>
        </CardSection>
      )}

      {home.banners.length > 0 ? (
        <div className="home-banners">
          <Swiper label={t('home.banners')}>
            {home.banners.map((banner) => (
              <button key={banner.id} type="button" className="home-banner" onClick={() => openTarget(banner.url)}>
                <img src={banner.image} alt={banner.title} className="home-banner__image" />
              </button>
            ))}
          </Swiper>
        </div>
      ) : null}

      {home.quickEntries.length > 0 ? (
        <nav className="card quick-entries" aria-label={t('home.quickEntries')}>
          {home.quickEntries.map((entry) => (
            <button key={entry.id} type="button" className="quick-entry" onClick={() => openTarget(entry.path)}>
              <QuickEntryIcon icon={entry.icon} title={entry.title} />
              <span className="quick-entry__title">{entry.title}</span>
            </button>
          ))}
        </nav>
      ) : null}

      <NoticesSection latest={home.notices} />

      {home.banners.length === 0 && home.quickEntries.length === 0 && home.notices.length === 0 ? (
        // Nothing configured yet (a production start has no catalogue): said plainly, not a gap.
        <p className="hint home-nothing-yet">{t('home.nothingYet')}</p>
      ) : null}

      <ExchangeSheet
        visible={isExchangeOpen}
        availablePoints={home.points}
        retryKey={exchangeKey}
        onExchanged={(record) => {
          setExchangeOpen(false);
          patch({ points: home.points - record.points, balance: home.balance + record.amount });
          setNotice(t('exchange.done', { amount: formatMoney(record.amount) }));
          refresh();
        }}
        onClose={() => setExchangeOpen(false)}
      />
    </>
  );
}

export default function HomePage() {
  const { t } = useI18n();
  const { userInfo } = useUser();
  const { state, retry, refresh, update } = useHome({ refreshOnShow: true });
  const patch = (change: Partial<Home>) => update((home) => ({ ...home, ...change }));
  // A pull reads again the figures, the streak and the notices (every value the page shows).
  return (
    <PullToRefresh>
      <header className="home-head">
        <h1 className="home-head__title">{t('appName')}</h1>
        {userInfo ? (
          <p className="home-head__greeting">
            {t('home.greeting', { account: userInfo.nickname ?? maskMiddle(userInfo.account) })}
          </p>
        ) : null}
      </header>
      {state.status === 'loading' ? <StatusTip status="loading" /> : null}
      {state.status === 'error' ? <StatusTip status="error" message={state.message} onRetry={retry} /> : null}
      {state.status === 'ready' ? <HomeContent home={state.data} refresh={refresh} patch={patch} /> : null}
    </PullToRefresh>
  );
}
