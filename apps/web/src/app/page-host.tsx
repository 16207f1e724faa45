import { createElement, Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { NavBar } from '../components/nav-bar';
import { PageActivityContext } from '../hooks/page-activity';
import { PageTitleContext } from '../hooks/page-title';
import { PageErrorBoundary } from '../components/page-error';
import { TabBar } from '../components/tab-bar';
// Only the count's store and hook: the inbox itself loads with its page.
import { badgeText } from '../features/notifications/badge-text';
import { useUnreadCount } from '../features/notifications/use-unread-count';
import { useI18n, type MessageKey } from '../lib/i18n';
import { HOME_ROUTE, PATHS, type Navigator, type PageEntry } from '../lib/navigation';
import { pageTitleKey } from './page-titles';
import { findRoute, pageComponent, ROUTES } from './routes';
import { TAB_ICONS } from './tab-icons';

function reload() {
  window.location.reload();
}

function Page({ entry, isActive, navigator }: { entry: PageEntry; isActive: boolean; navigator: Navigator }) {
  const { t } = useI18n();
  // A title the page set itself (usePageTitle), else its own from the route table.
  const [ownTitle, setOwnTitle] = useState<MessageKey | undefined>(undefined);
  const route = findRoute(entry.route);
  const Component = pageComponent(entry.route);
  const title = route ? t(ownTitle ?? pageTitleKey(route.path, entry.query)) : '';
  const appName = t('appName');
  // The browser's title names the page shown (docs/product/client.md, Accessibility).
  useEffect(() => {
    if (isActive && title) document.title = title === appName ? appName : `${title} · ${appName}`;
  }, [isActive, title, appName]);
  if (!route || !Component) return null;
  // docs/product/client.md, Navigation: no back button on tab pages and home.
  const hasBack = !route.tab && route.path !== HOME_ROUTE;
  const back = route.leavesWhenAlone ? navigator.backOrLeave : navigator.backOrHome;
  return (
    <section
      className={route.tab ? 'page page--tab' : 'page'}
      hidden={!isActive}
      aria-hidden={!isActive}
      data-route={entry.route}
    >
      <main className={route.customNav ? 'page__body page__body--custom-nav' : 'page__body'}>
        {/* Inside the main landmark, so that no content is outside one (docs/product/client.md, Accessibility). */}
        {route.customNav ? null : (
          <NavBar
            title={title}
            backLabel={t('back')}
            {...(hasBack ? { onBack: () => void back().catch(() => undefined) } : {})}
          />
        )}
        <PageErrorBoundary message={t('connectionTimeout')} onRetry={reload}>
          <PageActivityContext.Provider value={isActive}>
            <PageTitleContext.Provider value={setOwnTitle}>
              <Suspense fallback={null}>
                {/* The route table creates each lazy page once, at module load; this only looks it up. */}
                {createElement(Component, { query: entry.query })}
              </Suspense>
            </PageTitleContext.Provider>
          </PageActivityContext.Provider>
        </PageErrorBoundary>
      </main>
    </section>
  );
}

const TAB_ITEMS = ROUTES.flatMap((route) => (route.tab ? [{ key: route.path, ...route.tab }] : []));

/**
 * Renders the page stack and the tab pages kept alive beside it (docs/product/client.md,
 * Navigation): every page stays mounted with its state, only the top of the stack is shown.
 */
export function PageHost({ navigator }: { readonly navigator: Navigator }) {
  const { t } = useI18n();
  const pages = useSyncExternalStore(navigator.subscribe, navigator.getPages);
  const top = navigator.getStack().at(-1);
  const isTabPage = top !== undefined && navigator.isTab(top.route);
  // Unread notifications on the My tab (decision 044 "The notifications inbox"): the count lives in a store, read
  // rarely.
  const unread = useUnreadCount();
  return (
    <div className={isTabPage ? 'app app--with-tabs' : 'app'}>
      {pages.map((entry) => (
        <Page key={entry.id} entry={entry} isActive={entry === top} navigator={navigator} />
      ))}
      {isTabPage ? (
        <TabBar
          label={t('appName')}
          selected={top.route}
          items={TAB_ITEMS.map((item) => ({
            key: item.key,
            label: t(item.labelKey),
            icon: TAB_ICONS[item.icon],
            ...(item.key === PATHS.my && unread > 0
              ? {
                  badge: {
                    text: badgeText(unread),
                    label: t('tab.unreadBadge', { count: unread }),
                  },
                }
              : {}),
          }))}
          onSelect={(key) => void navigator.switchTab(key).catch(() => undefined)}
        />
      ) : null}
    </div>
  );
}
