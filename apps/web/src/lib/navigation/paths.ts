import type { APP_ROUTES } from '@stride/contract';

/** Every page of the app by name (docs/product/client.md, Pages); code names a page only through this table. */
export const PATHS = {
  home: '/pages/index/index',
  invite: '/pages/invite/index',
  shop: '/pages/shop/index',
  my: '/pages/my/index',
  login: '/pages/login/index',
  editPassword: '/pages/edit-password/index',
  invest: '/pages/invest/index',
  addresses: '/pages-sub/address/index',
  addressEdit: '/pages-sub/address/edit',
  asset: '/pages-sub/asset/index',
  card: '/pages-sub/card/index',
  changePassword: '/pages-sub/change-password/index',
  // Challenges (docs/product/challenges.md).
  challenges: '/pages-sub/challenges/index',
  // Clubs (docs/product/clubs.md).
  clubs: '/pages-sub/clubs/index',
  demo: '/pages-sub/demo/index',
  exchangeRecord: '/pages-sub/exchange-record/index',
  faceRecognition: '/pages-sub/face-recognition/index',
  // Friends and their board (docs/product/friends.md).
  friends: '/pages-sub/friends/index',
  insurance: '/pages-sub/insurance/index',
  officialCommunity: '/pages-sub/official-community/index',
  orderList: '/pages-sub/order/list',
  orderMember: '/pages-sub/order/member',
  orderShop: '/pages-sub/order/shop',
  // The payment password (docs/product/payment-password.md).
  paymentPassword: '/pages-sub/payment-password/index',
  physicalCardMailing: '/pages-sub/physical-card-mailing/index',
  // One points statement (decision 081 "One points statement").
  pointsStatement: '/pages-sub/points-statement/index',
  profile: '/pages-sub/profile/index',
  realname: '/pages-sub/realname/index',
  // The earning rules and their changes (docs/product/earning-rules.md).
  rules: '/pages-sub/rules/index',
  // Appeals with a deadline (docs/product/appeals.md).
  appeals: '/pages-sub/appeals/index',
  stepSources: '/pages-sub/steps/sources',
  stepDay: '/pages-sub/steps/day',
  stepHistory: '/pages-sub/steps/history',
  walk: '/pages-sub/steps/walk',
  withdrawal: '/pages-sub/withdrawal/index',
  withdrawalDetail: '/pages-sub/withdrawal-detail/index',
  withdrawalType: '/pages-sub/withdrawal-type/index',
  withdrawalTypeEdit: '/pages-sub/withdrawal-type/edit',
  // The notifications inbox (decision 044 "The notifications inbox").
  notifications: '/pages-sub/notifications/index',
  // Your data: export and account deletion (decision 047 "Your data").
  accountData: '/pages-sub/account-data/index',
  // Web Push settings (decision 048 "Web Push").
  pushSettings: '/pages-sub/push-settings/index',
  // Terms, privacy and the "updated policy" screen (decision 046 "Policies and consent").
  terms: '/pages-sub/policy/terms',
  privacy: '/pages-sub/policy/privacy',
  policyUpdate: '/pages-sub/policy/update',
} as const satisfies Record<string, (typeof APP_ROUTES)[number]>;

export type AppPath = (typeof PATHS)[keyof typeof PATHS];

// The table and the contract's list must name the same pages: a page the contract lists and the
// table lacks fails the typecheck here.
const _everyContractPage: Record<Exclude<(typeof APP_ROUTES)[number], AppPath>, never> = {};

export type PathQuery = Readonly<Record<string, string>>;

/** A page's url with its inputs, each key and value encoded as a url component. */
export function urlOf(path: AppPath, query: PathQuery = {}): string {
  const search = Object.entries(query)
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`)
    .join('&');
  return search ? `${path}?${search}` : path;
}

/**
 * Where login continues to: `redirect` when it is one of our own urls (it comes from the address
 * bar), else home.
 */
export function continueUrl(redirect: string | undefined): string {
  if (!redirect?.startsWith('/') || redirect.startsWith('//') || redirect.startsWith(PATHS.login)) return '/';
  return redirect;
}

/** The login page, continuing to `target` (a url of this app) after login. */
export function loginUrlFor(target: string | undefined): string {
  return target ? urlOf(PATHS.login, { redirect: target }) : PATHS.login;
}
