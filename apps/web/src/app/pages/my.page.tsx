import { useState } from 'react';
import { StatusTip } from '../../components/status-tip';
import { AccountSummary, LanguagePicker, logoutUser } from '../../features/account';
import { listMyCards } from '../../features/cards';
import { ExchangeSheet } from '../../features/exchange';
import { DownloadEntry } from '../../features/download';
import { useHome } from '../../features/home';
import { createRetryKey } from '../../lib/http';
import { formatMoney, formatNumber } from '../../lib/format';
import { useI18n } from '../../lib/i18n';
import { PATHS, go, relaunch, type AppPath } from '../../lib/navigation';
import { useUser, userStore } from '../../lib/storage';
import { APP_VERSION, APP_VERSION_CODE } from '../app-info';
import { RemoteView } from '../../components/remote-view';
import { PAGE_TITLES } from '../page-titles';
import '../../features/home/home.css';

const SERVICES: readonly AppPath[] = [
  PATHS.stepHistory,
  PATHS.invest,
  PATHS.addresses,
  PATHS.asset,
  PATHS.card,
  PATHS.exchangeRecord,
  PATHS.faceRecognition,
  PATHS.insurance,
  PATHS.officialCommunity,
  PATHS.orderList,
  PATHS.orderMember,
  PATHS.orderShop,
  PATHS.physicalCardMailing,
  PATHS.realname,
  PATHS.stepSources,
  PATHS.withdrawal,
  PATHS.withdrawalDetail,
  PATHS.withdrawalType,
];

function logOut() {
  // Leave even when the call fails: the user asked to be logged out of this device.
  const leave = () => {
    userStore.clear();
    relaunch(PATHS.login);
  };
  void logoutUser({ hideErrors: true }).then(leave, leave);
}

const loadActiveCards = (signal: AbortSignal) =>
  listMyCards({ hideErrors: true, signal }).then((cards) => cards.filter((card) => card.status === 'active'));

/** Balance and points (GET /api/home), with points-to-cash and the statement. */
function Assets() {
  const { t } = useI18n();
  const { state, retry, refresh, update } = useHome({ refreshOnShow: true });
  const [isExchangeOpen, setExchangeOpen] = useState(false);
  const [exchangeKey] = useState(createRetryKey);
  const [notice, setNotice] = useState<string | undefined>(undefined);
  if (state.status === 'loading') return <StatusTip status="loading" />;
  if (state.status === 'error') return <StatusTip status="error" message={state.message} onRetry={retry} />;
  const home = state.data;
  return (
    <section className="card home-wallet my-assets" aria-label={t('home.wallet')}>
      <dl className="home-wallet__figures">
        <div>
          <dt>{t('home.balance')}</dt>
          <dd data-testid="my-balance">{formatMoney(home.balance)}</dd>
        </div>
        <div>
          <dt>{t('home.points')}</dt>
          <dd data-testid="my-points">{formatNumber(home.points)}</dd>
        </div>
      </dl>
      <div className="home-wallet__actions">
        <button type="button" className="button" onClick={() => setExchangeOpen(true)}>
          {t('exchange.open')}
        </button>
        <button type="button" className="button button--ghost" onClick={() => go(PATHS.asset)}>
          {t('title.asset')}
        </button>
      </div>
      {notice ? (
        <p className="home-notice" role="status">
          {notice}
        </p>
      ) : null}
      <ExchangeSheet
        visible={isExchangeOpen}
        availablePoints={home.points}
        retryKey={exchangeKey}
        onExchanged={(record) => {
          setExchangeOpen(false);
          update((now) => ({ ...now, points: now.points - record.points, balance: now.balance + record.amount }));
          setNotice(t('exchange.done', { amount: formatMoney(record.amount) }));
          refresh();
        }}
        onClose={() => setExchangeOpen(false)}
      />
    </section>
  );
}

function ActiveCards() {
  const { t } = useI18n();
  return (
    <section aria-labelledby="my-cards-title">
      <h2 id="my-cards-title" className="my-section-title">
        {t('cards.active')}
      </h2>
      <RemoteView load={loadActiveCards}>
        {(cards) => (
          <ul className="list">
            {cards.length === 0 ? (
              <li className="list__item">
                <span className="list__secondary">{t('cards.noActive')}</span>
                <button type="button" className="link" onClick={() => go(PATHS.invest)}>
                  {t('home.seePlans')}
                </button>
              </li>
            ) : (
              cards.map((card) => (
                <li key={card.id}>
                  <button type="button" className="list__item list__item--button" onClick={() => go(PATHS.card)}>
                    <span>{card.plan.name}</span>
                    <span className="list__secondary">{t('page.daysLeft', { days: card.daysLeft })}</span>
                  </button>
                </li>
              ))
            )}
          </ul>
        )}
      </RemoteView>
    </section>
  );
}

export default function MyPage() {
  const { t } = useI18n();
  const { userInfo } = useUser();
  return (
    <>
      <Assets />
      <ActiveCards />
      {userInfo ? <AccountSummary user={userInfo} /> : null}
      <nav aria-label={t('my.services')}>
        <ul className="list">
          {SERVICES.map((path) => (
            <li key={path}>
              <button type="button" className="list__item list__item--button" onClick={() => go(path)}>
                {t(PAGE_TITLES[path])}
              </button>
            </li>
          ))}
        </ul>
      </nav>
      <nav aria-label={t('my.security')}>
        <ul className="list">
          <li>
            <button type="button" className="list__item list__item--button" onClick={() => go(PATHS.changePassword)}>
              {t(PAGE_TITLES[PATHS.changePassword])}
            </button>
          </li>
        </ul>
      </nav>
      <LanguagePicker />
      <DownloadEntry />
      {/* Terms and privacy (decision 046). */}
      <ul className="list">
        <li>
          <button type="button" className="list__item list__item--button" onClick={() => go(PATHS.terms)}>
            {t('policies.myEntry')}
          </button>
        </li>
      </ul>
      <dl className="list">
        <div className="list__item">
          <dt className="list__secondary">{t('my.version')}</dt>
          <dd style={{ margin: 0 }}>
            {APP_VERSION} ({APP_VERSION_CODE})
          </dd>
        </div>
      </dl>
      <div style={{ margin: 12 }}>
        <button type="button" className="button button--block button--ghost" onClick={logOut}>
          {t('my.logout')}
        </button>
      </div>
    </>
  );
}
