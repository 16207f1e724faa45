/**
 * Every action the server records in the audit log (docs/product/rules.md, Operators): the server's
 * record of an operator action takes only these, so a new action is added here first, and the
 * console's names for them (apps/console/src/locales/areas/records.ts) follow from this list.
 */
export const OPERATOR_ACTIONS = [
  // Identity and face checks (docs/console/reviewer.md).
  'identity.view-pending',
  'identity.view-case',
  'identity.view-image',
  'identity.approve',
  'identity.reject',
  'face.view-pending',
  'face.approve',
  'face.reject',
  // Withdrawals and corrections (docs/console/finance.md).
  'withdrawal.view-account',
  'withdrawal.export',
  'withdrawal.approve',
  'withdrawal.paid',
  'withdrawal.reject',
  'correction.request',
  'correction.approve',
  'correction.reject',
  'correction.cancel',
  'card-order.cancel',
  'payment.refund',
  // Flagged days (docs/console/flagged-days.md).
  'step-day.clear',
  'step-day.reject',
  // Users (docs/console/users.md).
  'user.search',
  'user.view',
  'user.view-balances',
  'user.view-orders',
  'user.view-withdrawals',
  'user.view-statement',
  'user.freeze',
  'user.unfreeze',
  'user.reset-login-limits',
  'outbox.view',
  // Connected wearable accounts (docs/product/step-sources.md, Connected accounts).
  'stepConnection.disconnect',
  // Merchant (docs/console/merchant.md).
  'goods.create',
  'goods.update',
  'category.create',
  'category.update',
  'goods-order.view-queue',
  'goods-order.shipped',
  'goods-order.completed',
  'card-mailing.view-queue',
  'card-mailing.shipped',
  'card-mailing.delivered',
  // Plans, home and content (docs/console/plans-and-home.md, docs/console/content.md).
  'card-plan.create',
  'card-plan.edit',
  'card-plan.retire',
  'home-item.create',
  'home-item.edit',
  'home-item.activate',
  'home-item.deactivate',
  'home-item.remove',
  'notice.create',
  'notice.update',
  'notice.publish',
  'notice.unpublish',
  'policy.publish',
  'community.create',
  'community.update',
  // Clubs (docs/console/clubs.md): the badge, and closing one that breaks the rules.
  'club.verify',
  'club.unverify',
  'club.close',
  // Moderation (docs/console/reviewer.md, Reported content): a decision on reported content.
  'moderation.hide',
  'moderation.freeze',
  'moderation.dismiss',
  // Challenges (docs/console/challenges.md): a public one made, its prize pool funded, one ended early.
  'challenge.create',
  'challenge.fund',
  'challenge.end',
  // The earning rules (docs/console/earning-rules.md): a version published.
  'rules.publish',
  // The economy (docs/console/economy.md): a top-up of the reserve.
  'economy.deposit',
  // Appeals (docs/console/reviewer.md, Appeals): a decision, and a look at a picture sent with one.
  'appeal.grant',
  'appeal.refuse',
  'appeal.view-image',
  // Invite rings (docs/console/reviewer.md, Invite rings): a held invite reward released or refused, a look at the
  // invite graph around an account.
  'invite-reward.release',
  'invite-reward.refuse',
  'invite-graph.view',
  'companion.upload',
  'media.upload',
  'file.view',
  'file.cleanup',
  'storage.copy',
  'storage.sweep',
  // Operators (docs/product/rules.md, Operators; decisions 073 "Operator sign-in", 074 "Independent second approvers").
  'operator.create',
  'operator.roles',
  'operator.disable',
  'operator.enable',
  'operator.reset-second-factor',
  'operator.password',
  'operator.totp-enrol',
  'operator.sign-in-lock',
  'operator.sign-in-unlock',
  'operator.sign-in-lock-seen',
  'operator.grant-request',
  'operator.grant-approve',
  'operator.grant-reject',
] as const;

export type OperatorActionName = (typeof OPERATOR_ACTIONS)[number];

export function isOperatorAction(value: string): value is OperatorActionName {
  return (OPERATOR_ACTIONS as readonly string[]).includes(value);
}

/** What an action is recorded against: its subject's kind; the subject's id names which one. */
export const OPERATOR_SUBJECT_TYPES = [
  'appeal',
  'invite-reward',
  'identity',
  'face',
  'withdrawal',
  'correction',
  'payment',
  'card-order',
  'step-day',
  'user',
  'step-connection',
  'outbox',
  'goods',
  'goods-category',
  'goods-order',
  'card-mailing',
  'card-plan',
  'home-item',
  'notice',
  'policy',
  'community-channel',
  'club',
  'content',
  'challenge',
  'rules',
  'reserve',
  'companion-package',
  'media',
  'file',
  'operator',
] as const;

export type OperatorSubjectType = (typeof OPERATOR_SUBJECT_TYPES)[number];
