import type { MessageKey } from '../lib/i18n';
import type { PageTexts } from '../locales';
import { PATHS, type AppPath } from '../lib/navigation/paths';

// The route table as data, free of the UI framework and of every page's code: the start script
// reads it (decision 064 "A start script that waits for nothing") before the app's entry has loaded; routes.ts adds the
// pages' code and titles.

export type TabIcon = 'home' | 'invite' | 'mall' | 'my';

export interface PageDef {
  readonly path: AppPath;
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
   * (decision 060 "The first page's reads leave with its code, fewer files"). A page without them asks when it runs, as
   * every page did before.
   */
  readonly firstReads?: readonly string[];
  /** The page's module: `pages/<page>.page.tsx`, its own chunk. */
  readonly page: string;
  /**
   * The page texts it reads besides the main ones, loaded with its code (decision 097 "Page texts for the social
   * pages"): `social` for a page that shows `friends.…`, `clubs.…`, `challenges.…` or the report sheet's texts, `rules`
   * for the "Rules and changes" page, `appeals` for the appeals page and a day's receipt, `sources` for the step sources page,
   * `paymentPassword` for the payment password page and the pages whose actions ask for it (its sheet).
   */
  readonly texts?: PageTexts;
}

// Pages name other pages through PATHS, never through this table: the table loads them.
export const PAGES: readonly PageDef[] = [
  {
    path: PATHS.home,
    tab: { labelKey: 'tab.home', icon: 'home' },
    customNav: true,
    firstReads: ['/api/home', '/api/steps/achievements'],
    page: 'home',
  },
  { path: PATHS.invite, tab: { labelKey: 'tab.invite', icon: 'invite' }, page: 'invite' },
  {
    path: PATHS.shop,
    tab: { labelKey: 'tab.mall', icon: 'mall' },
    firstReads: ['/api/home', '/api/goods?page=1'],
    page: 'shop',
  },
  {
    path: PATHS.my,
    tab: { labelKey: 'tab.my', icon: 'my' },
    firstReads: ['/api/home'],
    page: 'my',
  },
  { path: PATHS.editPassword, page: 'edit-password' },
  { path: PATHS.invest, page: 'invest', texts: 'paymentPassword' },
  { path: PATHS.login, leavesWhenAlone: true, page: 'login' },
  { path: PATHS.addressEdit, page: 'address-edit' },
  { path: PATHS.addresses, page: 'address' },
  { path: PATHS.asset, page: 'asset' },
  { path: PATHS.card, firstReads: ['/api/member_card/my'], page: 'card' },
  { path: PATHS.changePassword, page: 'change-password' },
  // Your data: export and account deletion (decision 047 "Your data").
  { path: PATHS.accountData, page: 'account-data' },
  { path: PATHS.demo, page: 'demo' },
  { path: PATHS.exchangeRecord, page: 'exchange-record' },
  { path: PATHS.faceRecognition, page: 'face-recognition' },
  { path: PATHS.friends, page: 'friends', texts: 'social' },
  { path: PATHS.clubs, page: 'clubs', texts: 'social' },
  { path: PATHS.challenges, page: 'challenges', texts: 'social' },
  { path: PATHS.insurance, page: 'insurance', texts: 'paymentPassword' },
  { path: PATHS.officialCommunity, page: 'official-community' },
  { path: PATHS.orderList, page: 'order-list' },
  { path: PATHS.orderMember, page: 'order-member' },
  { path: PATHS.orderShop, page: 'order-shop' },
  // The payment password (docs/product/payment-password.md), with texts of their own that the pages whose actions ask
  // for it read too.
  { path: PATHS.paymentPassword, page: 'payment-password', texts: 'paymentPassword' },
  { path: PATHS.physicalCardMailing, page: 'physical-card-mailing' },
  // One points statement (decision 081 "One points statement").
  { path: PATHS.pointsStatement, page: 'points-statement' },
  { path: PATHS.profile, page: 'profile' },
  { path: PATHS.realname, page: 'realname' },
  // The earning rules and their changes (docs/product/earning-rules.md), with texts of their own.
  { path: PATHS.rules, firstReads: ['/api/rules/versions'], page: 'rules', texts: 'rules' },
  // Appeals with a deadline (docs/product/appeals.md), with texts of their own that a day's receipt reads too.
  { path: PATHS.appeals, firstReads: ['/api/appeals'], page: 'appeals', texts: 'appeals' },
  { path: PATHS.stepSources, page: 'step-sources', texts: 'sources' },
  { path: PATHS.stepDay, page: 'step-day', texts: 'appeals' },
  { path: PATHS.stepHistory, page: 'step-history' },
  { path: PATHS.walk, page: 'walk' },
  { path: PATHS.withdrawal, page: 'withdrawal', texts: 'paymentPassword' },
  { path: PATHS.withdrawalDetail, page: 'withdrawal-detail' },
  { path: PATHS.withdrawalTypeEdit, page: 'withdrawal-type-edit' },
  { path: PATHS.withdrawalType, page: 'withdrawal-type' },
  // The notifications inbox (decision 044 "The notifications inbox").
  { path: PATHS.notifications, page: 'notifications' },
  // Web Push settings (decision 048 "Web Push").
  { path: PATHS.pushSettings, page: 'push-settings' },
  // Terms, privacy and the "updated policy" screen (decision 046 "Policies and consent").
  { path: PATHS.terms, leavesWhenAlone: true, page: 'terms' },
  { path: PATHS.privacy, leavesWhenAlone: true, page: 'privacy' },
  { path: PATHS.policyUpdate, leavesWhenAlone: true, page: 'policy-update' },
];

/** Open without login (docs/product/client.md, Route guard). */
export const NO_LOGIN_ROUTES: readonly string[] = [
  PATHS.officialCommunity,
  PATHS.physicalCardMailing,
  PATHS.login,
  PATHS.editPassword,
  PATHS.terms,
  PATHS.privacy,
];

/** Pages open while a changed policy waits for acceptance: the screen that asks, and the texts it links to. */
export const POLICY_PAGES: readonly string[] = [PATHS.policyUpdate, PATHS.terms, PATHS.privacy];

const BY_PATH = new Map<string, PageDef>(PAGES.map((page) => [page.path, page]));

export function findPage(path: string): PageDef | undefined {
  return BY_PATH.get(path);
}
