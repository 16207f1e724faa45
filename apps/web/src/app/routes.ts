import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { MessageKey } from '../lib/i18n';
import { HOME_ROUTE } from '../lib/navigation';
import type { PageProps } from './page-props';

type PageModule = { readonly default: ComponentType<PageProps> };

export type TabIcon = 'home' | 'invite' | 'mall' | 'my';

export interface RouteDef {
  readonly path: string;
  readonly titleKey: MessageKey;
  readonly tab?: { readonly labelKey: MessageKey; readonly icon: TabIcon };
  /** Draws its own head instead of the shared nav bar. */
  readonly customNav?: boolean;
  readonly load: () => Promise<PageModule>;
}

export const LOGIN_ROUTE = '/pages/login/index';
export const EDIT_PASSWORD_ROUTE = '/pages/edit-password/index';
export const REALNAME_ROUTE = '/pages-sub/realname/index';

/** SPEC.md §2, all 25 routes; each page is its own chunk. */
export const ROUTES: readonly RouteDef[] = [
  {
    path: HOME_ROUTE,
    titleKey: 'title.home',
    tab: { labelKey: 'tab.home', icon: 'home' },
    customNav: true,
    load: () => import('./pages/home.page'),
  },
  {
    path: '/pages/invite/index',
    titleKey: 'title.invite',
    tab: { labelKey: 'tab.invite', icon: 'invite' },
    load: () => import('./pages/invite.page'),
  },
  {
    path: '/pages/shop/index',
    titleKey: 'title.shop',
    tab: { labelKey: 'tab.mall', icon: 'mall' },
    load: () => import('./pages/shop.page'),
  },
  {
    path: '/pages/my/index',
    titleKey: 'title.my',
    tab: { labelKey: 'tab.my', icon: 'my' },
    load: () => import('./pages/my.page'),
  },
  { path: EDIT_PASSWORD_ROUTE, titleKey: 'title.editPassword', load: () => import('./pages/edit-password.page') },
  { path: '/pages/invest/index', titleKey: 'title.invest', load: () => import('./pages/invest.page') },
  { path: LOGIN_ROUTE, titleKey: 'title.login', load: () => import('./pages/login.page') },
  { path: '/pages-sub/address/edit', titleKey: 'title.addressEdit', load: () => import('./pages/address-edit.page') },
  { path: '/pages-sub/address/index', titleKey: 'title.address', load: () => import('./pages/address.page') },
  { path: '/pages-sub/asset/index', titleKey: 'title.asset', load: () => import('./pages/asset.page') },
  { path: '/pages-sub/card/index', titleKey: 'title.card', load: () => import('./pages/card.page') },
  { path: '/pages-sub/demo/index', titleKey: 'title.demo', load: () => import('./pages/demo.page') },
  {
    path: '/pages-sub/exchange-record/index',
    titleKey: 'title.exchangeRecord',
    load: () => import('./pages/exchange-record.page'),
  },
  {
    path: '/pages-sub/face-recognition/index',
    titleKey: 'title.faceRecognition',
    load: () => import('./pages/face-recognition.page'),
  },
  { path: '/pages-sub/insurance/index', titleKey: 'title.insurance', load: () => import('./pages/insurance.page') },
  {
    path: '/pages-sub/official-community/index',
    titleKey: 'title.officialCommunity',
    load: () => import('./pages/official-community.page'),
  },
  { path: '/pages-sub/order/list', titleKey: 'title.orderList', load: () => import('./pages/order-list.page') },
  { path: '/pages-sub/order/member', titleKey: 'title.orderMember', load: () => import('./pages/order-member.page') },
  { path: '/pages-sub/order/shop', titleKey: 'title.orderShop', load: () => import('./pages/order-shop.page') },
  {
    path: '/pages-sub/physical-card-mailing/index',
    titleKey: 'title.physicalCardMailing',
    load: () => import('./pages/physical-card-mailing.page'),
  },
  { path: REALNAME_ROUTE, titleKey: 'title.realname', load: () => import('./pages/realname.page') },
  { path: '/pages-sub/withdrawal/index', titleKey: 'title.withdrawal', load: () => import('./pages/withdrawal.page') },
  {
    path: '/pages-sub/withdrawal-detail/index',
    titleKey: 'title.withdrawalDetail',
    load: () => import('./pages/withdrawal-detail.page'),
  },
  {
    path: '/pages-sub/withdrawal-type/edit',
    titleKey: 'title.withdrawalTypeEdit',
    load: () => import('./pages/withdrawal-type-edit.page'),
  },
  {
    path: '/pages-sub/withdrawal-type/index',
    titleKey: 'title.withdrawalType',
    load: () => import('./pages/withdrawal-type.page'),
  },
];

/** Tab order of CONFORMANCE.md: home, invite, mall, my. */
export const TAB_ROUTES: readonly string[] = ROUTES.filter((route) => route.tab).map((route) => route.path);

/** Open without login (CONFORMANCE.md, Route guard). */
export const NO_LOGIN_ROUTES: readonly string[] = [
  '/pages-sub/official-community/index',
  '/pages-sub/physical-card-mailing/index',
  LOGIN_ROUTE,
  EDIT_PASSWORD_ROUTE,
];

const BY_PATH = new Map(ROUTES.map((route) => [route.path, route]));

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

export function loginUrlFor(target: string | undefined): string {
  return target ? `${LOGIN_ROUTE}?redirect=${encodeURIComponent(target)}` : LOGIN_ROUTE;
}
