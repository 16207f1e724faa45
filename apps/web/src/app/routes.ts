import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { MessageKey } from '../lib/i18n';
import { PATHS, type AppPath } from '../lib/navigation';
import { PAGE_TITLES } from './page-titles';
import type { PageProps } from './page-props';

type PageModule = { readonly default: ComponentType<PageProps> };

export type TabIcon = 'home' | 'invite' | 'mall' | 'my';

export interface RouteDef {
  readonly path: AppPath;
  readonly titleKey: MessageKey;
  readonly tab?: { readonly labelKey: MessageKey; readonly icon: TabIcon };
  /**
   * May be the app's first page (login, opened from a link): alone on the stack, its back leaves
   * the app instead of opening home (docs/product/client.md, Navigation).
   */
  readonly leavesWhenAlone?: boolean;
  /** Draws its own head instead of the shared nav bar. */
  readonly customNav?: boolean;
  /**
   * The GET calls the page makes as it opens, exactly as the client writes them (path and query):
   * for a logged-in user the start script asks for them before the page's code has loaded
   * (decision 060). A page without them asks when it runs, as every page did before.
   */
  readonly firstReads?: readonly string[];
  readonly load: () => Promise<PageModule>;
}

type PageDef = Omit<RouteDef, 'titleKey'>;

// Pages name other pages through PATHS, never through this table: the table loads them.
const PAGES: readonly PageDef[] = [
  {
    path: PATHS.home,
    tab: { labelKey: 'tab.home', icon: 'home' },
    customNav: true,
    firstReads: ['/api/home', '/api/steps/achievements'],
    load: () => import('./pages/home.page'),
  },
  { path: PATHS.invite, tab: { labelKey: 'tab.invite', icon: 'invite' }, load: () => import('./pages/invite.page') },
  {
    path: PATHS.shop,
    tab: { labelKey: 'tab.mall', icon: 'mall' },
    firstReads: ['/api/home', '/api/goods?page=1'],
    load: () => import('./pages/shop.page'),
  },
  {
    path: PATHS.my,
    tab: { labelKey: 'tab.my', icon: 'my' },
    firstReads: ['/api/home'],
    load: () => import('./pages/my.page'),
  },
  { path: PATHS.editPassword, load: () => import('./pages/edit-password.page') },
  { path: PATHS.invest, load: () => import('./pages/invest.page') },
  { path: PATHS.login, leavesWhenAlone: true, load: () => import('./pages/login.page') },
  { path: PATHS.addressEdit, load: () => import('./pages/address-edit.page') },
  { path: PATHS.addresses, load: () => import('./pages/address.page') },
  { path: PATHS.asset, load: () => import('./pages/asset.page') },
  { path: PATHS.card, firstReads: ['/api/member_card/my'], load: () => import('./pages/card.page') },
  { path: PATHS.changePassword, load: () => import('./pages/change-password.page') },
  // Your data: export and account deletion (decision 047).
  { path: PATHS.accountData, load: () => import('./pages/account-data.page') },
  { path: PATHS.demo, load: () => import('./pages/demo.page') },
  { path: PATHS.exchangeRecord, load: () => import('./pages/exchange-record.page') },
  { path: PATHS.faceRecognition, load: () => import('./pages/face-recognition.page') },
  { path: PATHS.insurance, load: () => import('./pages/insurance.page') },
  { path: PATHS.officialCommunity, load: () => import('./pages/official-community.page') },
  { path: PATHS.orderList, load: () => import('./pages/order-list.page') },
  { path: PATHS.orderMember, load: () => import('./pages/order-member.page') },
  { path: PATHS.orderShop, load: () => import('./pages/order-shop.page') },
  { path: PATHS.physicalCardMailing, load: () => import('./pages/physical-card-mailing.page') },
  { path: PATHS.profile, load: () => import('./pages/profile.page') },
  { path: PATHS.realname, load: () => import('./pages/realname.page') },
  { path: PATHS.stepSources, load: () => import('./pages/step-sources.page') },
  { path: PATHS.stepDay, load: () => import('./pages/step-day.page') },
  { path: PATHS.stepHistory, load: () => import('./pages/step-history.page') },
  { path: PATHS.walk, load: () => import('./pages/walk.page') },
  { path: PATHS.withdrawal, load: () => import('./pages/withdrawal.page') },
  { path: PATHS.withdrawalDetail, load: () => import('./pages/withdrawal-detail.page') },
  { path: PATHS.withdrawalTypeEdit, load: () => import('./pages/withdrawal-type-edit.page') },
  { path: PATHS.withdrawalType, load: () => import('./pages/withdrawal-type.page') },
  // The notifications inbox (decision 044).
  { path: PATHS.notifications, load: () => import('./pages/notifications.page') },
  // Web Push settings (decision 048).
  { path: PATHS.pushSettings, load: () => import('./pages/push-settings.page') },
  // Terms, privacy and the "updated policy" screen (decision 046).
  { path: PATHS.terms, leavesWhenAlone: true, load: () => import('./pages/terms.page') },
  { path: PATHS.privacy, leavesWhenAlone: true, load: () => import('./pages/privacy.page') },
  { path: PATHS.policyUpdate, leavesWhenAlone: true, load: () => import('./pages/policy-update.page') },
];

/** docs/product/client.md, Pages: every route; each page is its own chunk. */
export const ROUTES: readonly RouteDef[] = PAGES.map((page) => ({ ...page, titleKey: PAGE_TITLES[page.path] }));

/** Tab order of docs/product/client.md, Tab bar: home, invite, mall, my. */
export const TAB_ROUTES: readonly string[] = ROUTES.filter((route) => route.tab).map((route) => route.path);

/** Open without login (docs/product/client.md, Route guard). */
export const NO_LOGIN_ROUTES: readonly string[] = [
  PATHS.officialCommunity,
  PATHS.physicalCardMailing,
  PATHS.login,
  PATHS.editPassword,
  PATHS.terms,
  PATHS.privacy,
];

const BY_PATH = new Map<string, RouteDef>(ROUTES.map((route) => [route.path, route]));

export function findRoute(path: string): RouteDef | undefined {
  return BY_PATH.get(path);
}

const COMPONENTS = new Map<string, LazyExoticComponent<ComponentType<PageProps>>>(
  ROUTES.map((route) => [route.path, lazy(route.load)]),
);

export function pageComponent(path: string): LazyExoticComponent<ComponentType<PageProps>> | undefined {
  return COMPONENTS.get(path);
}

export function loadRoute(path: string): Promise<unknown> {
  return findRoute(path)?.load() ?? Promise.resolve();
}
