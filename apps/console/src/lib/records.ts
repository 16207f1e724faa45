import {
  LEDGER_TYPES,
  OPERATOR_ACTIONS,
  OPERATOR_SUBJECT_TYPES,
  type AuditEntry,
  type OperatorSubjectType,
} from '@stride/contract';
import type { ConsoleLanguage, MessageKey, Translate } from '../locales';
import { amountOf, count, day } from './format';

/**
 * Statement and audit rows as an operator reads them (decision 080 "A console a new operator can read"): a name for
 * every ledger kind and audit action the server writes, and what happened to whom.
 */

function listed<T extends string>(list: readonly T[], value: string): value is T {
  return (list as readonly string[]).includes(value);
}

export function kindName(t: Translate, kind: string): string {
  return listed(LEDGER_TYPES, kind) ? t(`ledger.kind.${kind}` as MessageKey) : t('ledger.kind.unknown', { kind });
}

export function actionName(t: Translate, action: string): string {
  return listed(OPERATOR_ACTIONS, action)
    ? t(`audit.action.${action}` as MessageKey)
    : t('audit.action.unknown', { action });
}

export function subjectName(t: Translate, type: string): string {
  return listed(OPERATOR_SUBJECT_TYPES, type)
    ? t(`audit.subject.${type}` as MessageKey)
    : t('audit.subject.unknown', { type });
}

/** The console screen that lists a subject of this kind (its queue or its table). */
const SUBJECT_SCREENS: Partial<Record<OperatorSubjectType, string>> = {
  identity: 'identity',
  face: 'face',
  withdrawal: 'withdrawals',
  correction: 'corrections',
  'card-order': 'membership-orders',
  'step-day': 'flagged-days',
  appeal: 'appeals',
  'invite-reward': 'invite-rings',
  outbox: 'outbox',
  goods: 'goods',
  'goods-category': 'goods',
  'goods-order': 'goods-orders',
  'card-mailing': 'card-mailings',
  'card-plan': 'plans',
  rules: 'earning-rules',
  reserve: 'economy',
  'home-item': 'home-items',
  notice: 'notices',
  policy: 'policies',
  'community-channel': 'community',
  'companion-package': 'companion',
  operator: 'operators',
};

/** A user's page in the console: the users screen with their page open. */
export function userHref(userId: string): string {
  return `#/users/${encodeURIComponent(userId)}`;
}

/** Where the subject of an audit row is shown, if the console has a screen for it. */
export function subjectScreen(type: string): string | null {
  return listed(OPERATOR_SUBJECT_TYPES, type) ? (SUBJECT_SCREENS[type] ?? null) : null;
}

function record(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/**
 * The details of an audit row that tell what happened, formatted: amounts from minor units,
 * points grouped, the reason, the day, a status change, how many rows a look showed.
 */
export function auditFacts(
  row: Pick<AuditEntry, 'detail' | 'before' | 'after'>,
  t: Translate,
  language: ConsoleLanguage,
): string[] {
  const detail = record(row.detail);
  const facts: string[] = [];
  if (typeof detail.amount === 'number') {
    const asset = detail.asset === 'POINTS' ? 'POINTS' : 'CNY';
    const sign = detail.direction === 'debit' ? -1 : 1;
    facts.push(t('audit.fact.amount', { amount: amountOf(asset, sign * detail.amount, language) }));
  }
  if (typeof detail.points === 'number') facts.push(t('audit.fact.points', { points: count(detail.points, language) }));
  if (typeof detail.day === 'string') facts.push(t('audit.fact.day', { day: day(detail.day, language) }));
  const from = record(row.before).status;
  const to = record(row.after).status;
  if (typeof from === 'string' && typeof to === 'string' && from !== to) {
    facts.push(t('audit.fact.status', { from, to }));
  }
  for (const list of ['userIds', 'orderIds', 'mailingIds', 'withdrawals'] as const) {
    const shown = detail[list];
    if (Array.isArray(shown)) facts.push(t('audit.fact.count', { count: count(shown.length, language) }));
  }
  const reason = typeof detail.reason === 'string' ? detail.reason : detail.note;
  if (typeof reason === 'string' && reason !== '') facts.push(t('audit.fact.reason', { reason }));
  return facts;
}

/** A statement row in a sentence: the kind, the signed amount, whose, the balance after. */
export function statementSummary(
  t: Translate,
  language: ConsoleLanguage,
  entry: { type: string; amount: number; balanceAfter: number },
  asset: 'CNY' | 'POINTS',
  user: string,
): string {
  return t(entry.amount < 0 ? 'statement.summary.loss' : 'statement.summary.gain', {
    kind: kindName(t, entry.type),
    amount: amountOf(asset, Math.abs(entry.amount), language),
    user,
    balance: amountOf(asset, entry.balanceAfter, language),
  });
}
