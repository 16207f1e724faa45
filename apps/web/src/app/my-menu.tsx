import type { ReactNode } from 'react';
import type { MessageKey } from '../lib/i18n';
import { PATHS, type AppPath } from '../lib/navigation';

/** Line icons drawn like the tab bar's (24 × 24, a 2 px stroke in the text colour). */
const icon = (d: string): ReactNode => (
  <svg
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth="1.8"
    strokeLinecap="round"
    strokeLinejoin="round"
  >
    <path d={d} />
  </svg>
);

export const MY_ICONS = {
  statement: icon('M6 3h9l4 4v14H6zM14 3v5h5M9 12h7M9 16h7'),
  card: icon('M3 6h18v12H3zM3 10h18M7 15h4'),
  plans: icon('M4 8l4 3 4-6 4 6 4-3-2 11H6zM6 19h12'),
  cardOrders: icon('M6 3h12v18l-3-2-3 2-3-2-3 2zM9 8h6M9 12h6'),
  withdraw: icon('M3 7h18v12H3zM16 13h2M12 3v7M9 6l3-3 3 3'),
  records: icon('M12 7v5l3 2M3.5 12a8.5 8.5 0 1 0 2.5-6M3 4v4h4'),
  payout: icon('M3 10h18L12 4zM5 10v8M9.5 10v8M14.5 10v8M19 10v8M3 20h18'),
  insurance: icon('M12 3l8 3v6c0 4.5-3.4 8-8 9-4.6-1-8-4.5-8-9V6zM9 12l2 2 4-4'),
  orders: icon('M5 8h14l-1 13H6zM9 8V6a3 3 0 0 1 6 0v2'),
  goods: icon('M3 8l9-5 9 5v9l-9 5-9-5zM3 8l9 5 9-5M12 13v9'),
  exchange: icon('M4 8h14l-3-3M20 16H6l3 3'),
  address: icon('M12 21s-7-6.2-7-11.5a7 7 0 0 1 14 0C19 14.8 12 21 12 21zM12 12a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5z'),
  mailing: icon('M3 6h18v12H3zM3 7l9 6 9-6'),
  steps: icon('M4 20V10M10 20V4M16 20v-7M22 20H2'),
  sources: icon('M8 3h8v18H8zM11 18h2'),
  friends: icon(
    'M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM2 21v-1a6 6 0 0 1 12 0v1M16 3.5a4 4 0 0 1 0 7M22 21v-1a6 6 0 0 0-4-5.6',
  ),
  clubs: icon('M3 21V9l9-6 9 6v12M9 21v-6h6v6M3 21h18'),
  challenges: icon('M6 21h12M12 17v4M7 4h10v5a5 5 0 0 1-10 0zM7 6H4a3 3 0 0 0 3 4M17 6h3a3 3 0 0 1-3 4'),
  invite: icon('M4 10h16v11H4zM2 6h20v4H2zM12 6v15M12 6S9 1 6.5 3 9 6 12 6s5.5-1 3-3S12 6 12 6'),
  realname: icon(
    'M3 5h18v14H3zM8.5 12a2 2 0 1 0 0-4 2 2 0 0 0 0 4zM5.5 16c.5-1.7 1.6-2.5 3-2.5s2.5.8 3 2.5M14 9h4M14 13h4',
  ),
  face: icon('M4 8V4h4M16 4h4v4M20 16v4h-4M8 20H4v-4M9 10v1M15 10v1M9 15.5c1.7 1.3 4.3 1.3 6 0'),
  password: icon('M5 11h14v10H5zM8 11V7a4 4 0 0 1 8 0v4M12 15v2'),
  payPassword: icon('M3 6h18v12H3zM7 12h.01M10.5 12h.01M14 12h.01M17.5 12h.01'),
  language: icon(
    'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM3 12h18M12 3c2.5 2.4 3.8 5.4 3.8 9s-1.3 6.6-3.8 9c-2.5-2.4-3.8-5.4-3.8-9S9.5 5.4 12 3z',
  ),
  download: icon('M12 3v12M7 10l5 5 5-5M4 19h16'),
  version: icon('M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM12 11v6M12 7.5v.5'),
  community: icon('M4 5h16v11H9l-5 4zM8 9h8M8 12h5'),
  support: icon('M4 13v-1a8 8 0 0 1 16 0v1M4 13h3v6H4zM17 13h3v6h-3zM20 19a3 3 0 0 1-3 3h-4'),
  push: icon('M8 2h8v20H8zM11 19h2M17 6.5a4 4 0 0 1 0 5M19.5 4a7.5 7.5 0 0 1 0 10'),
  policy: icon('M6 3h12v18H6zM9 8h6M9 12h6M9 16h3'),
  rules: icon('M4 5h16v15H4zM4 9h16M8 3v4M16 3v4M8 13h8M8 17h5'),
  appeal: icon('M12 3v18M7 21h10M5 7h14M5 7l-3 7a3 3 0 0 0 6 0zM19 7l-3 7a3 3 0 0 0 6 0z'),
  inbox: icon('M6 16V11a6 6 0 0 1 12 0v5l2 2H4zM10 21h4'),
  data: icon(
    'M4 6c0-1.7 3.6-3 8-3s8 1.3 8 3-3.6 3-8 3-8-1.3-8-3zM4 6v12c0 1.7 3.6 3 8 3s8-1.3 8-3V6M4 12c0 1.7 3.6 3 8 3s8-1.3 8-3',
  ),
} as const;

export type MyIcon = keyof typeof MY_ICONS;

/** A row of the My page: a page by its title, or one of the rows My draws itself. */
export type MyEntry =
  | { readonly path: AppPath; readonly icon: MyIcon; readonly labelKey?: MessageKey }
  | { readonly row: 'inbox' | 'language' | 'download' | 'support' | 'version'; readonly icon: MyIcon };

export interface MyGroup {
  readonly key: string;
  readonly titleKey: MessageKey;
  readonly entries: readonly MyEntry[];
}

/**
 * docs/product/client.md, My: every entry once, in groups with a heading. Adding an entry is one
 * line here (a page's row is labelled with its title).
 */
export const MY_GROUPS: readonly MyGroup[] = [
  {
    key: 'wallet',
    titleKey: 'my.group.wallet',
    entries: [
      { path: PATHS.asset, icon: 'statement' },
      { path: PATHS.pointsStatement, icon: 'statement' },
      { path: PATHS.card, icon: 'card' },
      { path: PATHS.invest, icon: 'plans' },
      { path: PATHS.orderMember, icon: 'cardOrders' },
      { path: PATHS.withdrawal, icon: 'withdraw' },
      { path: PATHS.withdrawalDetail, icon: 'records' },
      { path: PATHS.withdrawalType, icon: 'payout' },
      { path: PATHS.insurance, icon: 'insurance' },
    ],
  },
  {
    key: 'shop',
    titleKey: 'my.group.shop',
    entries: [
      { path: PATHS.orderList, icon: 'orders' },
      { path: PATHS.orderShop, icon: 'goods' },
      { path: PATHS.exchangeRecord, icon: 'exchange' },
      { path: PATHS.addresses, icon: 'address' },
      { path: PATHS.physicalCardMailing, icon: 'mailing' },
    ],
  },
  {
    key: 'walking',
    titleKey: 'my.group.walking',
    entries: [
      { path: PATHS.stepHistory, icon: 'steps' },
      { path: PATHS.stepSources, icon: 'sources' },
      { path: PATHS.friends, icon: 'friends' },
      { path: PATHS.clubs, icon: 'clubs' },
      { path: PATHS.challenges, icon: 'challenges' },
      { path: PATHS.invite, icon: 'invite' },
    ],
  },
  {
    key: 'account',
    titleKey: 'my.group.account',
    entries: [
      { row: 'inbox', icon: 'inbox' },
      { path: PATHS.pushSettings, icon: 'push' },
      { path: PATHS.realname, icon: 'realname' },
      { path: PATHS.faceRecognition, icon: 'face' },
      { path: PATHS.changePassword, icon: 'password' },
      // The payment password (docs/product/payment-password.md).
      { path: PATHS.paymentPassword, icon: 'payPassword' },
      { row: 'language', icon: 'language' },
      { path: PATHS.accountData, icon: 'data', labelKey: 'accountData.entry' },
    ],
  },
  {
    key: 'about',
    titleKey: 'my.group.about',
    entries: [
      { row: 'download', icon: 'download' },
      { path: PATHS.officialCommunity, icon: 'community' },
      { path: PATHS.terms, icon: 'policy', labelKey: 'policies.myEntry' },
      // The earning rules and their changes (docs/product/earning-rules.md).
      { path: PATHS.rules, icon: 'rules' },
      // Appeals with a deadline (docs/product/appeals.md).
      { path: PATHS.appeals, icon: 'appeal' },
      // The operator's SUPPORT_CONTACT, when there is one (decision 082 "A newcomer's first screens").
      { row: 'support', icon: 'support' },
      { row: 'version', icon: 'version' },
    ],
  },
];
