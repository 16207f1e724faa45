import type { Migration } from 'kysely';
import * as m0001 from './0001-accounts-and-ledger.js';
import * as m0002 from './0002-walking-and-cards.js';
import * as m0003 from './0003-identity-and-payouts.js';
import * as m0004 from './0004-shop-and-community.js';
import * as m0005 from './0005-once-only-rules.js';
import * as m0006 from './0006-quotas.js';
import * as m0007 from './0007-operator-books.js';
import * as m0008 from './0008-operator-accounts.js';
import * as m0009 from './0009-balance-corrections.js';
import * as m0010 from './0010-catalogue-versions.js';
import * as m0011 from './0011-plan-versions-and-home-edits.js';
import * as m0012 from './0012-user-care.js';
import * as m0013 from './0013-report-indexes.js';
import * as m0014 from './0014-media.js';
import * as m0015 from './0015-content.js';
import * as m0016 from './0016-step-sources.js';
import * as m0017 from './0017-flag-indexes.js';
import * as m0018 from './0018-sms-delivery-and-codes.js';
import * as m0019 from './0019-payment-lifecycle.js';
import * as m0022 from './0022-content-languages.js';
import * as m0023 from './0023-profile.js';
import * as m0024 from './0024-notifications.js';
import * as m0025 from './0025-policies-and-consents.js';
import * as m0027 from './0027-push.js';
import * as m0028 from './0028-operator-sign-in.js';
import * as m0029 from './0029-four-eyes-independence.js';
import * as m0030 from './0030-released-points.js';
import * as m0031 from './0031-step-connections.js';
import * as m0032 from './0032-friends.js';
import * as m0033 from './0033-clubs.js';
import * as m0034 from './0034-challenges.js';
import * as m0035 from './0035-moderation.js';
import * as m0036 from './0036-step-weeks.js';
import * as m0037 from './0037-challenge-cancellations-told.js';
import * as m0038 from './0038-earning-rules.js';
import * as m0040 from './0040-economy.js';
import * as m0041 from './0041-appeals.js';
import * as m0042 from './0042-referral-rings.js';
import * as m0043 from './0043-cash-cap.js';
import * as m0044 from './0044-payment-passwords.js';

/** Listed explicitly (no folder scanning) so the bundle and the order are fixed. */
export const MIGRATIONS: Record<string, Migration> = {
  '0001-accounts-and-ledger': m0001,
  '0002-walking-and-cards': m0002,
  '0003-identity-and-payouts': m0003,
  '0004-shop-and-community': m0004,
  '0005-once-only-rules': m0005,
  '0006-quotas': m0006,
  '0007-operator-books': m0007,
  '0008-operator-accounts': m0008,
  '0009-balance-corrections': m0009,
  '0010-catalogue-versions': m0010,
  '0011-plan-versions-and-home-edits': m0011,
  '0012-user-care': m0012,
  '0013-report-indexes': m0013,
  '0014-media': m0014,
  '0015-content': m0015,
  '0016-step-sources': m0016,
  '0017-flag-indexes': m0017,
  '0018-sms-delivery-and-codes': m0018,
  '0019-payment-lifecycle': m0019,
  '0022-content-languages': m0022,
  '0023-profile': m0023,
  '0024-notifications': m0024,
  '0025-policies-and-consents': m0025,
  '0027-push': m0027,
  '0028-operator-sign-in': m0028,
  '0029-four-eyes-independence': m0029,
  '0030-released-points': m0030,
  '0031-step-connections': m0031,
  '0032-friends': m0032,
  '0033-clubs': m0033,
  '0034-challenges': m0034,
  '0035-moderation': m0035,
  '0036-step-weeks': m0036,
  '0037-challenge-cancellations-told': m0037,
  '0038-earning-rules': m0038,
  '0040-economy': m0040,
  '0041-appeals': m0041,
  '0042-referral-rings': m0042,
  '0043-cash-cap': m0043,
  '0044-payment-passwords': m0044,
};
