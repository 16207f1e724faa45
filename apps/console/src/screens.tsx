import type { EndpointDef, OperatorRole } from '@stride/contract';
import {
  consoleAudit,
  consoleChannels,
  consoleCompanion,
  consoleIdentityPending,
  consoleNotices,
  consoleOperators,
  consoleWithdrawalsPending,
} from '@stride/contract';
import {
  AndroidOutlined,
  AuditOutlined,
  CommentOutlined,
  NotificationOutlined,
  SafetyCertificateOutlined,
  TeamOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import { lazy, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import type { MessageKey } from './locales';

export interface Screen {
  key: string;
  title: MessageKey;
  /** The list endpoint the screen opens with: its roles decide whether the menu shows the screen. */
  endpoint: EndpointDef;
  page: LazyExoticComponent<ComponentType>;
  icon: ReactNode;
}

/** Each screen is its own lazy chunk (src/pages/*.page.tsx), loaded when first opened. */
export const SCREENS: readonly Screen[] = [
  {
    key: 'identity',
    title: 'menu.identity',
    endpoint: consoleIdentityPending,
    icon: <SafetyCertificateOutlined />,
    page: lazy(() => import('./pages/identity.page')),
  },
  {
    key: 'withdrawals',
    title: 'menu.withdrawals',
    endpoint: consoleWithdrawalsPending,
    icon: <WalletOutlined />,
    page: lazy(() => import('./pages/withdrawals.page')),
  },
  {
    key: 'operators',
    title: 'menu.operators',
    endpoint: consoleOperators,
    icon: <TeamOutlined />,
    page: lazy(() => import('./pages/operators.page')),
  },
  {
    key: 'notices',
    title: 'menu.notices',
    endpoint: consoleNotices,
    icon: <NotificationOutlined />,
    page: lazy(() => import('./pages/notices.page')),
  },
  {
    key: 'community',
    title: 'menu.community',
    endpoint: consoleChannels,
    icon: <CommentOutlined />,
    page: lazy(() => import('./pages/community.page')),
  },
  {
    key: 'companion',
    title: 'menu.companion',
    endpoint: consoleCompanion,
    icon: <AndroidOutlined />,
    page: lazy(() => import('./pages/companion.page')),
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
