import { getRules, listMyCards, logout as logoutEndpoint } from '@stride/contract';
import { useState, type ReactNode } from 'react';
import { maskMiddle } from '@stride/contract/rules';
import { ActionSheet } from '../../components/action-sheet';
import { PullToRefresh } from '../../components/pull-to-refresh';
import { StatusTip } from '../../components/status-tip';
import { Avatar } from '../../components/avatar';
import { supportHref } from '../../features/account';
import { ExchangeSheet } from '../../features/exchange';
import { DownloadEntry } from '../../features/download';
import { handOverLoginNotice } from '../../features/auth/login-notice';
import { HomeNotice, useHome } from '../../features/home';
import { badgeText, useUnreadCount } from '../../features/notifications';
import { createRetryKey, call } from '../../lib/http';
import { formatMoney, formatNumber, formatTime } from '../../lib/format';
import { APP_LANGUAGES, LANGUAGE_NAMES, setLanguage, useI18n } from '../../lib/i18n';
import { PATHS, go, relaunch } from '../../lib/navigation';
import { useUser, userStore } from '../../lib/storage';
import { APP_VERSION, APP_VERSION_CODE } from '../app-info';
import { RemoteView } from '../../components/remote-view';
import { useRemote } from '../../hooks';
import { MY_GROUPS, MY_ICONS, type MyEntry, type MyIcon } from '../my-menu';
import { PAGE_TITLES } from '../page-titles';
import '../../features/home/home.css';
import './my.page.css';

function logOut() {
  // Leave even when the call fails: the user asked to be logged out of this device.
  const leave = () => {
    userStore.clear();
    relaunch(PATHS.login);
  };
  // Calls still under way answer 1001 now: no "session ended" on the login page for that.
  handOverLoginNotice({ kind: 'signedOut' });
  void call(logoutEndpoint, { body: {} }, { hideErrors: true }).then(leave, leave);
}

const loadActiveCards = (signal: AbortSignal) =>
  call(listMyCards, {}, { hideErrors: true, signal }).then((cards) => cards.filter((card) => card.status === 'active'));

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
      {home.savedAt !== undefined ? (
        <p className="hint" role="status" data-testid="my-kept">
          {t('home.keptAsOf', { time: formatTime(home.savedAt) })}
        </p>
      ) : null}
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
        <button
          type="button"
          className="button"
          disabled={home.savedAt !== undefined}
          onClick={() => setExchangeOpen(true)}
        >
          {t('exchange.open')}
        </button>
      </div>
      <HomeNotice text={notice} />
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

const CHEVRON = (
  <svg
    className="my-row__chevron"
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    aria-hidden="true"
  >
    <path d="M9 6l6 6-6 6" />
  </svg>
);

const loadRules = (signal: AbortSignal) => call(getRules, {}, { hideErrors: true, signal });

/** The operator's support contact (`GET /api/rules`); no row when none is configured or it is unknown. */
function SupportRow({ icon }: { readonly icon: MyIcon }) {
  const { t } = useI18n();
  const { state } = useRemote(loadRules, { refreshOnShow: false });
  const contact = state.status === 'ready' ? state.data.supportContact : null;
  if (!contact) return null;
  return <Row icon={icon} label={t('my.support')} value={contact.value} href={supportHref(contact)} />;
}

/** A row of a group: icon, label, an optional value, and a chevron where it opens something. */
function Row({
  icon,
  label,
  value,
  onClick,
  disabled = false,
  testId,
  href,
}: {
  readonly icon: MyIcon;
  readonly label: string;
  readonly value?: ReactNode;
  readonly onClick?: () => void;
  /** Leaves the app (a mail, a call, a page) instead of opening something in it. */
  readonly href?: string;
  readonly disabled?: boolean;
  readonly testId?: string;
}) {
  const content = (
    <>
      <span className="my-row__icon" aria-hidden="true">
        {MY_ICONS[icon]}
      </span>
      <span className="my-row__label">{label}</span>
      {value === undefined ? null : <span className="my-row__value">{value}</span>}
      {onClick || href ? CHEVRON : null}
    </>
  );
  const external = href?.startsWith('http') === true;
  return (
    <li>
      {href ? (
        <a
          className="my-row"
          href={href}
          data-testid={testId}
          {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
        >
          {content}
        </a>
      ) : onClick ? (
        <button type="button" className="my-row" disabled={disabled} onClick={onClick} data-testid={testId}>
          {content}
        </button>
      ) : (
        <div className="my-row">{content}</div>
      )}
    </li>
  );
}

/** The notifications inbox, with the unread count (decision 044 "The notifications inbox"). */
function InboxRow({ icon }: { readonly icon: MyIcon }) {
  const { t } = useI18n();
  const unread = useUnreadCount();
  return (
    <Row
      icon={icon}
      label={t('title.notifications')}
      testId="inbox-entry"
      value={
        unread > 0 ? (
          <>
            <span className="notification-count" aria-hidden="true">
              {badgeText(unread)}
            </span>
            <span className="sr-only">{t('notifications.unreadCount', { count: unread })}</span>
          </>
        ) : undefined
      }
      onClick={() => go(PATHS.notifications)}
    />
  );
}

function LanguageRow({ icon }: { readonly icon: MyIcon }) {
  const { t, language } = useI18n();
  const [isOpen, setOpen] = useState(false);
  return (
    <>
      <Row icon={icon} label={t('my.language')} value={LANGUAGE_NAMES[language]} onClick={() => setOpen(true)} />
      <ActionSheet
        visible={isOpen}
        extra={t('my.language')}
        actions={APP_LANGUAGES.map((option) => ({
          key: option,
          text: LANGUAGE_NAMES[option],
          ...(option === language ? { description: t('my.languageCurrent') } : {}),
        }))}
        onAction={(key) => {
          const chosen = APP_LANGUAGES.find((option) => option === key);
          if (chosen) void setLanguage(chosen);
        }}
        onClose={() => setOpen(false)}
      />
    </>
  );
}

function Entry({ entry }: { readonly entry: MyEntry }) {
  const { t } = useI18n();
  if ('path' in entry) {
    const { path } = entry;
    return <Row icon={entry.icon} label={t(entry.labelKey ?? PAGE_TITLES[path])} onClick={() => go(path)} />;
  }
  switch (entry.row) {
    case 'inbox':
      return <InboxRow icon={entry.icon} />;
    case 'language':
      return <LanguageRow icon={entry.icon} />;
    case 'download':
      return <DownloadEntry render={(download) => <Row icon={entry.icon} {...download} />} />;
    case 'support':
      return <SupportRow icon={entry.icon} />;
    case 'version':
      return <Row icon={entry.icon} label={t('my.version')} value={`${APP_VERSION} (${APP_VERSION_CODE})`} />;
  }
}

/** The head of My: avatar, nickname (else the masked number) and verification; opens the profile. */
function MyHeader() {
  const { t } = useI18n();
  const { userInfo } = useUser();
  if (!userInfo) return null;
  return (
    <button type="button" className="my-head" onClick={() => go(PATHS.profile)}>
      <Avatar url={userInfo.avatarUrl} size={56} />
      <span className="my-head__text">
        <span className="my-head__name" data-testid="my-name">
          {userInfo.nickname ?? maskMiddle(userInfo.account)}
        </span>
        <span className={`my-head__badge my-head__badge--${userInfo.realNameStatus}`}>
          {t(`realName.${userInfo.realNameStatus}`)}
        </span>
      </span>
      {CHEVRON}
    </button>
  );
}

export default function MyPage() {
  const { t } = useI18n();
  // A pull reads again the balances, the cards and the rest of what the page shows.
  return (
    <PullToRefresh>
      <MyHeader />
      <Assets />
      <ActiveCards />
      {MY_GROUPS.map((group) => (
        <nav key={group.key} className="my-group" aria-labelledby={`my-group-${group.key}`}>
          <h2 id={`my-group-${group.key}`} className="my-section-title">
            {t(group.titleKey)}
          </h2>
          <ul className="my-group__rows">
            {group.entries.map((entry) => (
              <Entry key={'path' in entry ? entry.path : entry.row} entry={entry} />
            ))}
          </ul>
        </nav>
      ))}
      <div style={{ margin: 12 }}>
        <button type="button" className="button button--block button--ghost" onClick={logOut}>
          {t('my.logout')}
        </button>
      </div>
    </PullToRefresh>
  );
}
