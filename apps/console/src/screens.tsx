import type { EndpointDef, OperatorRole } from '@stride/contract';
import {
  consoleAudit,
  consoleCardPlans,
  consoleChallenges,
  consoleChannels,
  consoleClubs,
  consoleCompanion,
  consoleCorrections,
  consoleFaceChecksPending,
  consoleFlaggedDays,
  consoleHomeItems,
  consoleIdentityPending,
  consoleLedgerReport,
  consoleMembershipOrders,
  consoleModerationQueue,
  consoleMailings,
  consoleNotices,
  consolePolicies,
  consoleOperators,
  consoleOutbox,
  consoleShopGoods,
  consoleShopOrders,
  consoleUsersSearch,
  consoleRuleVersions,
  consoleWithdrawalsPending,
} from '@stride/contract';
import {
  AccountBookOutlined,
  AlertOutlined,
  AndroidOutlined,
  AuditOutlined,
  CommentOutlined,
  CrownOutlined,
  CreditCardOutlined,
  DashboardOutlined,
  DiffOutlined,
  FlagOutlined,
  IdcardOutlined,
  LayoutOutlined,
  MailOutlined,
  NotificationOutlined,
  FileProtectOutlined,
  SafetyCertificateOutlined,
  ScanOutlined,
  ShoppingCartOutlined,
  ShoppingOutlined,
  TeamOutlined,
  TrophyOutlined,
  TruckOutlined,
  UserOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import { lazy, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import type { MessageKey } from './locales';

export interface Screen {
  key: string;
  title: MessageKey;
  /**
   * The list endpoint the screen opens with: its roles decide whether the menu shows the screen. Its id and roles are
   * all the menu reads (screens.test.ts holds them to the contract), so a screen may name just those and leave its
   * endpoints' schemas to its own chunk, out of the first route (decision 022 "The operator console").
   */
  endpoint: Pick<EndpointDef, 'id' | 'roles'>;
  page: LazyExoticComponent<ComponentType>;
  icon: ReactNode;
}

/**
 * Each screen is its own lazy chunk (src/pages/*.page.tsx), loaded when first opened. The first
 * screen an operator can open is the default: the dashboard for those who can see it.
 */
export const SCREENS: readonly Screen[] = [
  // Named by id and roles: the summary's schemas load with the dashboard's chunk.
  {
    key: 'dashboard',
    title: 'menu.dashboard',
    endpoint: { id: 'console.dashboard.summary', roles: ['admin', 'finance'] },
    icon: <DashboardOutlined />,
    page: lazy(() => import('./pages/dashboard.page')),
  },
  {
    key: 'identity',
    title: 'menu.identity',
    endpoint: consoleIdentityPending,
    icon: <SafetyCertificateOutlined />,
    page: lazy(() => import('./pages/identity.page')),
  },
  {
    key: 'face',
    title: 'menu.face',
    endpoint: consoleFaceChecksPending,
    icon: <ScanOutlined />,
    page: lazy(() => import('./pages/face.page')),
  },
  {
    key: 'flagged-days',
    title: 'menu.flaggedDays',
    endpoint: consoleFlaggedDays,
    icon: <FlagOutlined />,
    page: lazy(() => import('./pages/flagged-days.page')),
  },
  {
    key: 'moderation',
    title: 'menu.moderation',
    endpoint: consoleModerationQueue,
    icon: <AlertOutlined />,
    page: lazy(() => import('./pages/moderation.page')),
  },
  // Appeals of held days and dismissed reports (docs/console/reviewer.md, Appeals): the reviewers' last screen, its
  // list endpoint named by id and roles.
  {
    key: 'appeals',
    title: 'menu.appeals',
    endpoint: { id: 'console.appeals', roles: ['reviewer'] },
    icon: <CommentOutlined />,
    page: lazy(() => import('./pages/appeals.page')),
  },
  // Invite rewards a referral ring held, and the invite graph (docs/console/reviewer.md, Invite rings): named by id and
  // roles like Appeals, its endpoints' schemas in its own chunk.
  {
    key: 'invite-rings',
    title: 'menu.inviteRings',
    endpoint: { id: 'console.invite-rewards', roles: ['reviewer'] },
    // The operators' icon: a new one would weigh on the first route.
    icon: <TeamOutlined />,
    page: lazy(() => import('./pages/invite-rings.page')),
  },
  {
    key: 'withdrawals',
    title: 'menu.withdrawals',
    endpoint: consoleWithdrawalsPending,
    icon: <WalletOutlined />,
    page: lazy(() => import('./pages/withdrawals.page')),
  },
  {
    key: 'corrections',
    title: 'menu.corrections',
    endpoint: consoleCorrections,
    icon: <DiffOutlined />,
    page: lazy(() => import('./pages/corrections.page')),
  },
  {
    key: 'ledger',
    title: 'menu.ledger',
    endpoint: consoleLedgerReport,
    icon: <AccountBookOutlined />,
    page: lazy(() => import('./pages/ledger.page')),
  },
  {
    key: 'plans',
    title: 'menu.plans',
    endpoint: consoleCardPlans,
    icon: <IdcardOutlined />,
    page: lazy(() => import('./pages/plans.page')),
  },
  {
    key: 'membership-orders',
    title: 'menu.membershipOrders',
    endpoint: consoleMembershipOrders,
    icon: <ShoppingCartOutlined />,
    page: lazy(() => import('./pages/membership-orders.page')),
  },
  {
    key: 'goods',
    title: 'menu.goods',
    endpoint: consoleShopGoods,
    icon: <ShoppingOutlined />,
    page: lazy(() => import('./pages/goods.page')),
  },
  {
    key: 'goods-orders',
    title: 'menu.goodsOrders',
    endpoint: consoleShopOrders,
    icon: <TruckOutlined />,
    page: lazy(() => import('./pages/goods-orders.page')),
  },
  {
    key: 'card-mailings',
    title: 'menu.cardMailings',
    endpoint: consoleMailings,
    icon: <CreditCardOutlined />,
    page: lazy(() => import('./pages/card-mailings.page')),
  },
  {
    key: 'home-items',
    title: 'menu.homeItems',
    endpoint: consoleHomeItems,
    icon: <LayoutOutlined />,
    page: lazy(() => import('./pages/home-items.page')),
  },
  {
    key: 'notices',
    title: 'menu.notices',
    endpoint: consoleNotices,
    icon: <NotificationOutlined />,
    page: lazy(() => import('./pages/notices.page')),
  },
  {
    key: 'challenges',
    title: 'menu.challenges',
    endpoint: consoleChallenges,
    icon: <TrophyOutlined />,
    page: lazy(() => import('./pages/challenges.page')),
  },
  // The earning rules (docs/console/earning-rules.md).
  {
    key: 'earning-rules',
    title: 'menu.earningRules',
    endpoint: consoleRuleVersions,
    icon: <FileProtectOutlined />,
    page: lazy(() => import('./pages/earning-rules.page')),
  },
  // The economy ahead (docs/console/economy.md): what is owed, the cost per day, the forecast and the simulator;
  // finance's last screen, its overview named by id and roles.
  {
    key: 'economy',
    title: 'menu.economy',
    endpoint: { id: 'console.economy.overview', roles: ['finance'] },
    // The ledger report's icon: a new one would weigh on the first route.
    icon: <AccountBookOutlined />,
    page: lazy(() => import('./pages/economy.page')),
  },
  {
    key: 'policies',
    title: 'menu.policies',
    endpoint: consolePolicies,
    icon: <FileProtectOutlined />,
    page: lazy(() => import('./pages/policies.page')),
  },
  {
    key: 'community',
    title: 'menu.community',
    endpoint: consoleChannels,
    icon: <CommentOutlined />,
    page: lazy(() => import('./pages/community.page')),
  },
  {
    key: 'clubs',
    title: 'menu.clubs',
    endpoint: consoleClubs,
    icon: <CrownOutlined />,
    page: lazy(() => import('./pages/clubs.page')),
  },
  {
    key: 'companion',
    title: 'menu.companion',
    endpoint: consoleCompanion,
    icon: <AndroidOutlined />,
    page: lazy(() => import('./pages/companion.page')),
  },
  {
    key: 'users',
    title: 'menu.users',
    endpoint: consoleUsersSearch,
    icon: <UserOutlined />,
    page: lazy(() => import('./pages/users.page')),
  },
  {
    key: 'outbox',
    title: 'menu.outbox',
    endpoint: consoleOutbox,
    icon: <MailOutlined />,
    page: lazy(() => import('./pages/outbox.page')),
  },
  {
    key: 'operators',
    title: 'menu.operators',
    endpoint: consoleOperators,
    icon: <TeamOutlined />,
    page: lazy(() => import('./pages/operators.page')),
  },
  {
    key: 'audit',
    title: 'menu.audit',
    endpoint: consoleAudit,
    icon: <AuditOutlined />,
    page: lazy(() => import('./pages/audit.page')),
  },
];

/** The screens an operator's roles open; the server refuses the rest anyway. */
export function screensFor(roles: readonly OperatorRole[]): Screen[] {
  return SCREENS.filter(({ endpoint }) => !endpoint.roles || endpoint.roles.some((role) => roles.includes(role)));
}
