import { USERS } from './areas/users';
import { DASHBOARD } from './areas/dashboard';
import { REVIEWER } from './areas/reviewer';
import { FLAGGED_DAYS } from './areas/flagged-days';
import { FINANCE } from './areas/finance';
import { MERCHANT } from './areas/merchant';
import { PLANS } from './areas/plans';

import { CONTENT } from './areas/content';
import { POLICIES } from './areas/policies';
import { CLUBS } from './areas/clubs';
import { MODERATION } from './areas/moderation';
import { CHALLENGES } from './areas/challenges';
import { CONTENT_LANGUAGES } from './areas/content-languages';
import { FOUR_EYES } from './areas/four-eyes';
import { SIGN_IN } from './areas/sign-in';
import { RECORDS } from './areas/records';
import { STEP_SOURCES } from './areas/step-sources';
/** The base dictionary: every other locale is typed against it, so a missing key fails the typecheck. */
export const en = {
  appName: 'Stride console',
  language: 'Language',
  logout: 'Log out',
  loading: 'Loading…',
  cancel: 'Cancel',
  ok: 'OK',
  refresh: 'Refresh',
  networkError: 'Network error, please try again.',
  sessionEnded: 'Your console session has ended; please log in again.',
  done: 'Done',

  'login.title': 'Operator login',
  'login.name': 'Operator name',
  'login.password': 'Password',
  'login.code': 'Authenticator code or recovery code',
  'login.codeHint': 'Enter the 6-digit code from your authenticator app, or one of your recovery codes.',
  'login.submit': 'Log in',
  'login.verify': 'Verify',
  'login.back': 'Use another account',

  'enrol.title': 'Set up two-step verification',
  'enrol.intro':
    'Scan this QR code with an authenticator app (or enter the key by hand), then type the first code it shows.',
  'enrol.key': 'Key',
  'enrol.code': 'First code',
  'enrol.confirm': 'Confirm',
  'enrol.recoveryTitle': 'Recovery codes',
  'enrol.recoveryIntro':
    'Keep these one-time codes somewhere safe: each one replaces an authenticator code once. They are shown only now.',
  'enrol.continue': 'I have saved them',

  'menu.identity': 'Identity checks',
  'menu.withdrawals': 'Withdrawals',
  'menu.operators': 'Operators',
  'menu.audit': 'Audit log',
  'home.welcome': 'Welcome, {name}.',
  'home.noRoles': 'Your roles give access to no screen of this console yet.',

  'identity.account': 'Account',
  'identity.name': 'Name',
  'identity.idNumber': 'ID number',
  'identity.submittedAt': 'Submitted',
  'identity.approve': 'Approve',
  'identity.approveConfirm':
    'Approve {name} ({idNumber}, account {account})? This verifies the real name: the user can then buy cards, add bank cards and, after the face check, withdraw.',
  'identity.reject': 'Reject',
  'identity.approved': 'Identity approved.',
  'identity.rejected': 'Identity rejected.',
  'identity.empty': 'No identity check is waiting.',

  'withdrawals.user': 'User',
  'withdrawals.amount': 'Amount',
  'withdrawals.fee': 'Fee',
  'withdrawals.received': 'To pay',
  'withdrawals.bank': 'Bank account',
  'withdrawals.createdAt': 'Requested',
  'withdrawals.pay': 'Mark paid',
  'withdrawals.payConfirm': 'Mark {amount} to {holder} as paid?',
  'withdrawals.reject': 'Reject',
  'withdrawals.paid': 'Withdrawal marked paid.',
  'withdrawals.rejected': 'Withdrawal rejected; the full amount went back to the balance.',
  'withdrawals.empty': 'No withdrawal is waiting.',

  'reason.title': 'Reason for rejecting',
  'reason.label': 'Reason (the user sees it)',
  'reason.required': 'Please give a reason.',

  'operators.name': 'Name',
  'operators.roles': 'Roles',
  'operators.state': 'State',
  'operators.totp': 'Two-step',
  'operators.createdAt': 'Created',
  'operators.active': 'Active',
  'operators.disabled': 'Disabled',
  'operators.enrolled': 'Enrolled',
  'operators.notEnrolled': 'Not yet',
  'operators.create': 'New operator',
  'operators.created': 'Operator {name} created',
  'operators.initialPassword':
    'The initial password, shown only now. Hand it over safely; it opens only the first login, which asks for a password of their own and then two-step setup.',
  'operators.editRoles': 'Roles',
  'operators.editRolesTitle': 'Roles of {name}',
  'operators.disable': 'Disable',
  'operators.enable': 'Enable',
  'operators.disableConfirm': 'Disable {name}? Their console sessions end at once.',
  'operators.resetSecondFactor': 'Reset two-step',
  'operators.resetConfirm': 'Remove the two-step setup of {name}? Their next login sets it up again.',
  'operators.saved': 'Saved.',
  'operators.nameRule': '2 to 64 lower-case letters, digits, dots, hyphens or underscores.',
  'operators.rolesRule': 'Choose at least one role.',
  'operators.you': 'you',

  'role.admin': 'Administrator',
  'role.reviewer': 'Reviewer',
  'role.finance': 'Finance',
  'role.merchant': 'Merchant',
  'role.editor': 'Editor',
  'role.support': 'Support',

  'audit.at': 'Time',
  'audit.operator': 'Operator',
  'audit.source': 'Source',
  'audit.action': 'Action',
  'audit.subject': 'Target',
  'audit.subjectType': 'Target type',
  'audit.subjectId': 'Target id',
  'audit.range': 'Time range',
  'audit.search': 'Search',
  'audit.reset': 'Clear',
  'audit.detail': 'Details',
  'audit.before': 'Before',
  'audit.after': 'After',
  'audit.total': '{total} entries',

  ...USERS.en,
  ...DASHBOARD.en,
  ...REVIEWER.en,
  ...FLAGGED_DAYS.en,
  ...FINANCE.en,
  ...MERCHANT.en,
  ...PLANS.en,
  ...CONTENT.en,
  ...POLICIES.en,
  ...CLUBS.en,
  ...MODERATION.en,
  ...CHALLENGES.en,
  ...CONTENT_LANGUAGES.en,
  ...FOUR_EYES.en,
  ...SIGN_IN.en,
  ...RECORDS.en,
  ...STEP_SOURCES.en,
};

export type Messages = Readonly<Record<keyof typeof en, string>>;
export type MessageKey = keyof typeof en;
