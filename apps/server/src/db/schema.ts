import type { Generated } from 'kysely';

/**
 * Row types of every table. Times are epoch milliseconds (bigint), money and points are integer
 * minor units, booleans are 0/1: the same on SQLite and PostgreSQL.
 */

export interface UsersTable {
  id: string;
  account: string;
  password_hash: string;
  invite_code: string;
  invited_by: string | null;
  real_name_status: string;
  created_at: number;
  /**
   * Frozen by an operator (decision 026 "User care in the operator console"): no login, every call with a token answers
   * 1018.
   */
  frozen_at: number | null;
  frozen_by: string | null;
  frozen_reason: string | null;
  /** +1 for each change of the account's state by an operator (stale-edit check). */
  version: number;
  /**
   * The name the user chose to be greeted by (decision 043 "Profile (nickname and avatar), My in groups with icons"),
   * or null.
   */
  nickname: string | null;
  /** The user's own upload of purpose `avatar`, or null. */
  avatar_file_id: string | null;
}

export interface SessionsTable {
  id: string;
  user_id: string;
  token_hash: string;
  created_at: number;
  expires_at: number;
  revoked_at: number | null;
}

export interface CaptchasTable {
  id: string;
  answer_hash: string;
  expires_at: number;
  used_at: number | null;
}

export interface RateCountersTable {
  key: string;
  window_start: number;
  count: number;
}

export interface PasswordResetsTable {
  id: string;
  user_id: string;
  code_hash: string;
  code_expires_at: number;
  attempts: number;
  reset_key_hash: string | null;
  key_expires_at: number | null;
  used_at: number | null;
  created_at: number;
}

export interface OutboxMessagesTable {
  id: string;
  channel: string;
  recipient: string;
  body: string;
  created_at: number;
  /**
   * `pending` until delivered, then `sent`, or `failed` after the last attempt (decisions 026 "User care in the
   * operator console", 034 "SMS delivery and codes").
   */
  status: string;
  /** The last delivery error (kept on a retry too). */
  error: string | null;
  /** The provider's template kind (`register`, `reset`) and its parameters as JSON; null for old rows. */
  template: string | null;
  params: string | null;
  attempts: number;
  /** When a pending message is due (next try); null once it is settled. */
  next_attempt_at: number | null;
  /** The deliverer that claimed the message, and until when its claim holds. */
  lease_token: string | null;
  lease_until: number | null;
  sent_at: number | null;
}

/** One SMS code by purpose (`register`, `reset`) to a number (decision 034 "SMS delivery and codes"). */
export interface SmsCodesTable {
  id: string;
  purpose: string;
  recipient: string;
  code_hash: string;
  expires_at: number;
  attempts: number;
  used_at: number | null;
  created_at: number;
}

export interface LedgerAccountsTable {
  id: string;
  /** Unique readable name, e.g. `user:<id>:cash` or `system:funding:CNY`. */
  code: string;
  user_id: string | null;
  asset: string;
  balance: number;
  allow_negative: number;
  created_at: number;
}

export interface LedgerTransfersTable {
  id: string;
  kind: string;
  /** Scoped as `<user id>:<client key>`; null for transfers no client can repeat. */
  idempotency_key: string | null;
  request_hash: string | null;
  memo: string | null;
  created_at: number;
}

export interface LedgerEntriesTable {
  id: Generated<number>;
  transfer_id: string;
  account_id: string;
  asset: string;
  amount: number;
  balance_after: number;
  created_at: number;
}

export interface StepDaysTable {
  user_id: string;
  day: string;
  steps: number;
  source: string;
  collected_points: number;
  reported_at: number;
}

/** Each source's count for a day (decision 029 "Steps from every source"); the day credits the highest. */
export interface StepSourcesTable {
  user_id: string;
  day: string;
  /** `web`, `web:<device>`, `companion`, `device:<token id>`, `appleHealth`, `googleFit`. */
  source: string;
  /** One of STEP_SOURCE_KINDS. */
  kind: string;
  steps: number;
  reported_at: number;
}

/** A report that was not credited, kept for the day's receipt. */
export interface StepRefusalsTable {
  id: string;
  user_id: string;
  day: string;
  source: string;
  kind: string;
  steps: number;
  /** One of STEP_REFUSAL_REASONS. */
  reason: string;
  limit_steps: number | null;
  created_at: number;
}

/** A day whose rewards wait for a reviewer (decision 029 "Steps from every source"). */
export interface StepReviewsTable {
  id: string;
  user_id: string;
  day: string;
  /** JSON array of STEP_FLAG_REASONS. */
  reasons: string;
  /** `flagged`, `cleared` or `rejected`. */
  status: string;
  created_at: number;
  decided_at: number | null;
  operator_id: string | null;
  note: string | null;
  version: Generated<number>;
  /**
   * The points clearing released for the user to collect (decision 078 "A held step day is never a dead end"); null
   * until cleared.
   */
  released_points: number | null;
  /** When the user collected them; null while they wait. */
  released_collected_at: number | null;
}

/** Which counting installations reported for which accounts. */
export interface StepDevicesTable {
  device: string;
  user_id: string;
  first_seen_at: number;
}

export interface DeviceTokensTable {
  id: string;
  user_id: string;
  name: string;
  token_hash: string;
  hint: string;
  created_at: number;
  last_used_at: number | null;
  revoked_at: number | null;
}

/** A connected wearable account (decision 086 "Connected wearable accounts"); tokens sealed with the data key. */
export interface StepConnectionsTable {
  id: string;
  user_id: string;
  /** One of STEP_PROVIDERS. */
  provider: string;
  provider_user_id: string;
  account_name: string;
  access_token: string;
  refresh_token: string;
  token_expires_at: number;
  scope: string;
  /** `active`, `revoked` or `disconnected`. */
  status: string;
  connected_at: number;
  disconnected_at: number | null;
  last_sync_at: number | null;
  /** One of STEP_SYNC_ERRORS. */
  last_error: string | null;
  last_error_at: number | null;
  next_sync_at: number | null;
  failures: number;
  lease_token: string | null;
  lease_until: number | null;
  version: number;
}

/** An OAuth start waiting for the provider's redirect; the state is stored as its SHA-256. */
export interface StepConnectionStartsTable {
  state_hash: string;
  user_id: string;
  provider: string;
  code_verifier: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

export interface StepSyncLogTable {
  id: string;
  connection_id: string;
  provider: string;
  /** `ok`, `error` or `rateLimited`. */
  result: string;
  error: string | null;
  days: number;
  at: number;
}

/** An hourly bucket a step-source token posted, counted once per (user, source, start). */
export interface StepBucketsTable {
  user_id: string;
  source: string;
  start_at: number;
  end_at: number;
  day: string;
  steps: number;
  /** One of STEP_BUCKET_RECORDINGS. */
  recorded: string;
  received_at: number;
}

export interface HealthImportsTable {
  id: string;
  user_id: string;
  /** One of HEALTH_IMPORT_KINDS. */
  kind: string;
  file_name: string;
  sha256: string;
  size: number;
  days: number;
  first_day: string | null;
  last_day: string | null;
  created_at: number;
}

export interface PointCollectionsTable {
  id: string;
  user_id: string;
  idempotency_key: string;
  day: string;
  points: number;
  cash_back: number;
  /** Of `points`, those of earlier days a review released (decision 078 "A held step day is never a dead end"). */
  released_points: Generated<number>;
  /** Points the day's cap held back from this collection (decision 100 "The economy page"). */
  capped_points: Generated<number>;
  /** Of `points`, those of earlier days the cap had held back (decision 100 "The economy page"). */
  earlier_points: Generated<number>;
  created_at: number;
}

export interface ExchangesTable {
  id: string;
  user_id: string;
  transfer_id: string;
  points: number;
  amount: number;
  created_at: number;
}

export interface HomeItemsTable {
  id: string;
  /** `banner` or `entry`. */
  kind: string;
  title: string;
  image: string;
  /** A URL for a banner, an app route for an entry. */
  target: string;
  position: number;
  is_active: number;
  /** 1 when created, +1 per console edit (stale edits are refused, code 1017). */
  version: number;
  /** The language of the text columns (decision 042 "Content in every language"). */
  default_language: Generated<string>;
  /** JSON: language → field → text, for the other languages (decision 042 "Content in every language"). */
  translations: Generated<string>;
}

export interface CardPlansTable {
  id: string;
  name: string;
  price: number;
  days: number;
  daily_target: number;
  daily_cash_back: number;
  /** 120 means ×1.2: integer arithmetic for points. */
  multiplier_percent: number;
  position: number;
  /** On sale. A retired version is never on sale again. */
  is_active: number;
  created_at: number;
  /**
   * 1 for a new plan; an edit's new version is the old one's + 1 (decision 025 "Card plans and the home page in the
   * console").
   */
  version: number;
  /** The first version's id, shared by every version of the plan. */
  family_id: string;
  retired_at: number | null;
  /** The version that replaced this one on sale. */
  replaced_by: string | null;
  /** The language of the text columns (decision 042 "Content in every language"). */
  default_language: Generated<string>;
  /** JSON: language → field → text, for the other languages (decision 042 "Content in every language"). */
  translations: Generated<string>;
}

export interface MembershipOrdersTable {
  id: string;
  user_id: string;
  plan_id: string;
  amount: number;
  pay_with: string;
  /** pending, paid, cancelled, expired. */
  status: string;
  idempotency_key: string;
  request_hash: string;
  created_at: number;
  expires_at: number;
  paid_at: number | null;
  /** The payment that paid an online order. */
  payment_id: string | null;
  cancelled_at: number | null;
}

export interface MemberCardsTable {
  id: string;
  user_id: string;
  plan_id: string;
  order_id: string;
  starts_on: string;
  ends_on: string;
  cash_back_total: number;
  created_at: number;
}

export interface CardCashBacksTable {
  id: string;
  card_id: string;
  day: string;
  amount: number;
  transfer_id: string;
  created_at: number;
}

export interface InsurancePoliciesTable {
  id: string;
  user_id: string;
  card_id: string;
  policy_number: string | null;
  coverage: number;
  insured_name: string | null;
  insured_id_masked: string | null;
  insured_id_encrypted: string | null;
  relation: string | null;
  starts_on: string;
  ends_on: string;
  claimed_at: number | null;
  created_at: number;
}

export interface PaymentsTable {
  id: string;
  user_id: string;
  order_id: string;
  provider: string;
  amount: number;
  /** pending, paid, failed, expired. */
  status: string;
  pay_url: string;
  idempotency_key: string;
  created_at: number;
  expires_at: number;
  completed_at: number | null;
  /** When the provider was last asked about it while pending. */
  checked_at: number | null;
}

/**
 * Money sent back through the provider (decision 037 "The payment lifecycle"), one per payment: a second payment of a
 * paid order (`duplicate`) or the payment of an order an operator cancelled (`order-cancelled`).
 * `due` until the provider confirms (`done`); `failed` after the last attempt, for an operator;
 * `superseded` when an operator refunded it to the balance instead.
 */
export interface ProviderRefundsTable {
  /** The refund id the provider deduplicates on. */
  id: string;
  payment_id: string;
  user_id: string;
  order_id: string;
  provider: string;
  amount: number;
  reason: string;
  status: string;
  attempts: number;
  next_attempt_at: number;
  last_error: string | null;
  operator: string | null;
  created_at: number;
  completed_at: number | null;
}

/** Money held for an operator (a second payment of a paid order), refunded to its payer once. */
export interface PaymentRefundsTable {
  payment_id: string;
  user_id: string;
  amount: number;
  transfer_id: string;
  operator: string;
  created_at: number;
}

export interface PaymentEventsTable {
  provider: string;
  event_id: string;
  payment_id: string;
  outcome: string;
  received_at: number;
}

export interface FilesTable {
  id: string;
  user_id: string;
  /** id_front, id_back, face, avatar, other. */
  purpose: string;
  content_type: string;
  size: number;
  width: number;
  height: number;
  /** The file store's key; null once the bytes are deleted. */
  storage_key: string | null;
  created_at: number;
  deleted_at: number | null;
}

/** A public catalogue image uploaded in the console, served at /media/<id>.<ext>. */
export interface MediaTable {
  id: string;
  content_type: string;
  size: number;
  width: number;
  height: number;
  storage_key: string;
  operator_id: string | null;
  created_at: number;
}

export interface IdentitiesTable {
  user_id: string;
  /** pending, verified, rejected (no row: none). Mirrored in users.real_name_status. */
  status: string;
  name: string;
  id_number_encrypted: string;
  id_number_masked: string;
  /** Keyed hash, to find one ID number on two accounts without decrypting. */
  id_number_hash: string;
  front_file_id: string;
  back_file_id: string;
  reject_reason: string | null;
  submitted_at: number;
  reviewed_at: number | null;
  reviewed_by: string | null;
  /** none, pending, verified, rejected. */
  face_status: string;
  /** face or manual. */
  face_method: string | null;
  face_file_id: string | null;
  face_reject_reason: string | null;
  face_submitted_at: number | null;
  face_reviewed_at: number | null;
}

export interface BankCardsTable {
  id: string;
  user_id: string;
  bank: string;
  holder_name: string;
  account_encrypted: string;
  account_masked: string;
  account_hash: string;
  created_at: number;
  updated_at: number;
  deleted_at: number | null;
}

export interface WithdrawalDaysTable {
  user_id: string;
  day: string;
  /** Sum of the day's withdrawal amounts that are not rejected. */
  total: number;
}

export interface WithdrawalsTable {
  id: string;
  user_id: string;
  bank_card_id: string;
  /** Debited from the balance; the bank receives `received` = amount - fee. */
  amount: number;
  fee: number;
  received: number;
  day: string;
  /** pending, paid, rejected. */
  status: string;
  reject_reason: string | null;
  idempotency_key: string;
  request_hash: string;
  transfer_id: string;
  /** The payout or the refund. */
  settle_transfer_id: string | null;
  created_at: number;
  paid_at: number | null;
  rejected_at: number | null;
  refunded_at: number | null;
  /**
   * Large withdrawals (decision 023 "Money under four eyes"): the first finance operator's approval; a different one
   * pays.
   */
  first_approved_by: string | null;
  first_approved_at: number | null;
  paid_by: string | null;
  /** The bank's transfer reference, recorded when paid. */
  bank_reference: string | null;
}

/** A correction of a user's balance, requested by one finance operator and decided by another. */
export interface BalanceCorrectionsTable {
  id: string;
  user_id: string;
  /** credit or debit. */
  direction: string;
  asset: string;
  amount: number;
  reason: string;
  /** pending, approved, rejected, cancelled. */
  status: string;
  requested_by: string;
  requested_by_id: string | null;
  decided_by: string | null;
  decision_reason: string | null;
  transfer_id: string | null;
  created_at: number;
  decided_at: number | null;
}

export interface OperatorActionsTable {
  id: string;
  operator: string;
  action: string;
  subject_type: string;
  subject_id: string;
  /** JSON; never personal numbers. */
  detail: string | null;
  created_at: number;
  /** The operator account's id (console); null for the command line, which names itself. */
  operator_id: string | null;
  /** `console`, or `cli:<os user>`; null for actions recorded before it was kept. */
  source: string | null;
  /** JSON of the target's state before and after; null for looks. */
  before: string | null;
  after: string | null;
}

export interface OperatorsTable {
  id: string;
  name: string;
  password_hash: string;
  /** Comma-separated role names. */
  roles: string;
  disabled_at: number | null;
  totp_secret_encrypted: string | null;
  totp_confirmed_at: number | null;
  totp_last_step: number | null;
  created_at: number;
  /** 1 until a generated initial password is replaced (decision 073 "Operator sign-in"). */
  password_change_required: number;
  /** Sign-in is refused while this is in the future (decision 073 "Operator sign-in"). */
  sign_in_locked_until: number | null;
  /** The last lock, kept until the operator has seen its notice. */
  sign_in_locked_at: number | null;
  sign_in_lock_failures: number | null;
  sign_in_lock_addresses: number | null;
  /**
   * Decision 074 "Independent second approvers": the operator (by name) that created this one, null on the command line
   * without `--operator`; and the last operator to give it finance or admin, and when.
   */
  created_by: string | null;
  roles_changed_by: string | null;
  roles_changed_at: number | null;
}

/**
 * An admin's request to give an operator finance or admin, decided by a different admin (decision 074 "Independent
 * second approvers").
 */
export interface OperatorRoleGrantsTable {
  id: string;
  operator_id: string;
  /** Comma-separated roles the grant adds. */
  roles: string;
  /** pending, approved, rejected. */
  status: string;
  requested_by: string;
  requested_by_id: string | null;
  decided_by: string | null;
  decided_by_id: string | null;
  created_at: number;
  decided_at: number | null;
}

export interface OperatorRecoveryCodesTable {
  operator_id: string;
  code_hash: string;
  used_at: number | null;
}

export interface ConsoleSessionsTable {
  id: string;
  operator_id: string;
  token_hash: string;
  stage: 'enrolment' | 'full';
  created_at: number;
  expires_at: number;
  revoked_at: number | null;
}

export interface GoodsCategoriesTable {
  id: string;
  name: string;
  position: number;
  is_active: number;
  created_at: number;
  /** Edit counter: 1, then +1 per operator's save (stale edits refused, 1017). */
  version: Generated<number>;
  /** The language of the text columns (decision 042 "Content in every language"). */
  default_language: Generated<string>;
  /** JSON: language → field → text, for the other languages (decision 042 "Content in every language"). */
  translations: Generated<string>;
}

export interface GoodsTable {
  id: string;
  category_id: string;
  name: string;
  /** JSON array of image URLs. */
  images: string;
  points: number;
  stock: number;
  description: string;
  position: number;
  is_active: number;
  created_at: number;
  updated_at: number;
  /** Edit counter: 1, then +1 per operator's save (stale edits refused, 1017). */
  version: Generated<number>;
  /** The language of the text columns (decision 042 "Content in every language"). */
  default_language: Generated<string>;
  /** JSON: language → field → text, for the other languages (decision 042 "Content in every language"). */
  translations: Generated<string>;
}

export interface DeliveryAddressesTable {
  id: string;
  user_id: string;
  name: string;
  phone: string;
  region: string;
  detail: string;
  is_default: number;
  created_at: number;
  updated_at: number;
}

export interface GoodsOrdersTable {
  id: string;
  user_id: string;
  goods_id: string;
  quantity: number;
  points: number;
  /** to_ship, shipped, completed, cancelled. */
  status: string;
  ship_name: string;
  ship_phone: string;
  ship_region: string;
  ship_detail: string;
  carrier: string | null;
  tracking_number: string | null;
  idempotency_key: string;
  request_hash: string;
  transfer_id: string;
  refund_transfer_id: string | null;
  created_at: number;
  shipped_at: number | null;
  completed_at: number | null;
  cancelled_at: number | null;
}

export interface CardMailingsTable {
  id: string;
  user_id: string;
  card_id: string;
  /** requested, shipped, delivered. */
  status: string;
  ship_name: string;
  ship_phone: string;
  ship_region: string;
  ship_detail: string;
  carrier: string | null;
  tracking_number: string | null;
  created_at: number;
  shipped_at: number | null;
  delivered_at: number | null;
}

export interface InviteRewardsTable {
  invitee_id: string;
  inviter_id: string;
  day: string;
  year: string;
  /** Credited to each side; 0 beyond the inviter's yearly limit. While held or once refused: what it would pay. */
  points: number;
  transfer_id: string | null;
  created_at: number;
  /**
   * `paid`, `held` (a referral ring's signals matched: a reviewer decides) or `refused` (docs/product/referral-rings.md).
   */
  status: string;
  /** JSON: the signals that held it, each with the accounts it concerns; null when paid at once. */
  signals: string | null;
  decided_at: number | null;
  operator_id: string | null;
}

/** One user's notification of one event (decision 044 "The notifications inbox"); unique per user and `dedupe_key`. */
export interface NotificationsTable {
  id: string;
  user_id: string;
  kind: string;
  /** JSON: the values the text needs (amounts, reasons, carrier, plan names). */
  params: string;
  /** The app page it opens (an APP_ROUTES path), or null when it opens in the inbox. */
  link: string | null;
  dedupe_key: string;
  created_at: number;
  read_at: number | null;
}

export interface NoticesTable {
  id: string;
  title: string;
  /** Sanitized HTML. */
  body: string;
  published_at: number | null;
  created_by: string;
  created_at: number;
  /** Starts at 1, +1 per change: a console edit names the version it read (stale edits). */
  version: Generated<number>;
  updated_at: number | null;
  /** The language of the text columns (decision 042 "Content in every language"). */
  default_language: Generated<string>;
  /** JSON: language → field → text, for the other languages (decision 042 "Content in every language"). */
  translations: Generated<string>;
}

export interface CommunityChannelsTable {
  id: string;
  name: string;
  description: string;
  url: string;
  qr_image: string | null;
  position: number;
  is_active: number;
  created_at: number;
  /** Starts at 1, +1 per change: a console edit names the version it read (stale edits). */
  version: Generated<number>;
  /** The language of the text columns (decision 042 "Content in every language"). */
  default_language: Generated<string>;
  /** JSON: language → field → text, for the other languages (decision 042 "Content in every language"). */
  translations: Generated<string>;
}

/** A companion package uploaded in the console; the highest version code is served. */
export interface CompanionPackagesTable {
  id: string;
  version: string;
  version_code: number;
  /** The name it is served under, /download/<file_name>. */
  file_name: string;
  /** Its path under DATA_DIR/companion. */
  storage_key: string;
  size: number;
  sha256: string;
  operator_id: string | null;
  uploaded_by: string;
  created_at: number;
}

/** A browser's Web Push subscription (decision 048 "Web Push"); the endpoint belongs to one account. */
export interface PushSubscriptionsTable {
  id: string;
  user_id: string;
  endpoint: string;
  /** The browser's keys (base64url): its P-256 public key and the 16-byte auth secret. */
  p256dh: string;
  auth: string;
  /** Which browser, from its User-Agent, for the user's list. */
  label: string | null;
  created_at: number;
  last_success_at: number | null;
  /** Failed deliveries since the last success. */
  failures: Generated<number>;
}

/** A user's push preferences (decision 048 "Web Push"); booleans as 0/1. */
export interface PushPreferencesTable {
  user_id: string;
  enabled: number;
  reminder_enabled: number;
  /** Minutes after local midnight. */
  reminder_minute: number;
  /** An IANA time zone name. */
  time_zone: string;
  /** The language pushes are written in (the one the user last chose them in). */
  language: string;
  updated_at: number;
}

/** A daily goal reminder queued for a user's local day: at most one (decision 048 "Web Push"). */
export interface PushRemindersTable {
  user_id: string;
  day: string;
  created_at: number;
}

/** A user's social settings (decision 094 "Friends: one row per pair"); no row is all off. */
export interface SocialSettingsTable {
  user_id: string;
  findable_by_mobile: number;
  share_steps: number;
  show_avatar: number;
  updated_at: number;
}

/** One pair of users, `user_low < user_high`: their request, friendship and blocks (decision 094). */
export interface FriendPairsTable {
  user_low: string;
  user_high: string;
  /** `none`, `requested` or `friends`. */
  status: string;
  requester_id: string | null;
  requested_at: number | null;
  friends_since: number | null;
  low_blocked_at: number | null;
  high_blocked_at: number | null;
  updated_at: number;
}

/** A like of a friend's steps on a day: one per friend per day (the key). */
export interface FriendLikesTable {
  from_user_id: string;
  user_id: string;
  day: string;
  created_at: number;
}

/** A club (docs/product/clubs.md): its owner, join code and member count. */
export interface ClubsTable {
  id: string;
  name: string;
  code: string;
  owner_id: string;
  member_count: number;
  verified_at: number | null;
  closed_at: number | null;
  closed_reason: string | null;
  created_at: number;
  version: Generated<number>;
  /** Set when a reviewer hid the club's name (docs/product/moderation.md): readers see a neutral name instead. */
  name_hidden_at: number | null;
}

/** A user's report of a piece of content (docs/product/moderation.md): one open report per reporter and content. */
export interface ContentReportsTable {
  id: string;
  reporter_id: string;
  kind: string;
  target_id: string;
  reason: string;
  note: string | null;
  created_at: number;
  closed_at: number | null;
  decision: string | null;
}

/** One row per reported content (kind and id): when its oldest open report came, and the reviewers' `version`. */
export interface ModerationCasesTable {
  kind: string;
  target_id: string;
  open_since: number | null;
  version: Generated<number>;
  decision: string | null;
  decided_by: string | null;
  decided_at: number | null;
}

/** One row per user and club (the key): a membership, or, once the owner removed them, the mark that keeps them out. */
export interface ClubMembersTable {
  club_id: string;
  user_id: string;
  joined_at: number;
  removed_at: number | null;
}

/** A user's steps of one week (its Monday), kept by walking with every change of a day or its review (0036). */
export interface StepWeeksTable {
  user_id: string;
  week: string;
  steps: number;
  pending_steps: number;
}

/**
 * A challenge (docs/product/challenges.md; decision 095 "Challenge summaries and prize pools"): its rules, period and
 * prize pool; `status` is `open`, `settling`, `settled` or `cancelled` (upcoming, running and deciding follow from the
 * day).
 */
export interface ChallengesTable {
  id: string;
  scope: string;
  kind: string;
  title: string;
  description: Generated<string>;
  creator_user_id: string | null;
  club_id: string | null;
  code: string | null;
  starts_on: string;
  ends_on: string;
  daily_steps: number | null;
  days_needed: number | null;
  winners: number | null;
  prize_points: number;
  /** The prize fund's name (`system:prizes:<fund>`), once funded. */
  fund: string | null;
  funded_at: number | null;
  status: string;
  ended_reason: string | null;
  hidden_at: number | null;
  participant_count: number;
  team_count: number;
  /** When the settlement fixed the results (then it pays). */
  results_at: number | null;
  lease_until: number | null;
  winners_count: number | null;
  paid_points: number | null;
  returned_points: number | null;
  settled_at: number | null;
  refreshed_at: number | null;
  started_told_at: number | null;
  halfway_told_at: number | null;
  ending_told_at: number | null;
  /** When its participants were told it was called off (null while untold, or while it is not). */
  cancelled_told_at: number | null;
  /** The operator who made it; null for a user's. */
  created_by: string | null;
  created_at: number;
  version: Generated<number>;
}

/** One row per challenge and user (the key), with the summary of their steps beside it and, once settled, the result. */
export interface ChallengeParticipantsTable {
  challenge_id: string;
  user_id: string;
  club_id: string | null;
  joined_at: number;
  left_at: number | null;
  erased_at: number | null;
  steps: number;
  pending_steps: number;
  goal_days: number;
  pending_days: number;
  refreshed_at: number | null;
  place: number | null;
  /** 1 for a winner or finisher, once settled. */
  won: number | null;
  prize_points: number | null;
  paid_at: number | null;
}

/** A club in a `team-total` challenge, with its total kept by the refresh. */
export interface ChallengeTeamsTable {
  challenge_id: string;
  club_id: string;
  entered_at: number;
  steps: number;
  pending_steps: number;
  participants: number;
  place: number | null;
}

/** How far a pass over changed rows has read, by the pass's name. */
export interface WatermarksTable {
  name: string;
  at: number;
}

/** One published version of the earning rules (decision 098 "Earning rules as published versions"). */
export interface RuleVersionsTable {
  id: string;
  effective_on: string;
  published_at: number;
  published_by: string;
  steps_per_point: number;
  points_daily_max: number;
  exchange_points_per_unit: number;
  exchange_cash_per_unit: number;
  exchange_min_points: number;
  invite_reward_points: number;
  invite_qualifying_steps: number;
  withdraw_fee_permille: number;
  withdraw_fee_min: number;
  withdraw_min: number;
  withdraw_daily_max: number;
  told_at: number | null;
}

/** One appeal per item (decision 102 "Appeals with a deadline"). */
export interface AppealsTable {
  id: string;
  user_id: string;
  /** `step-day` or `report`. */
  kind: string;
  /** The day, or the report's id. */
  subject: string;
  note: string;
  file_id: string | null;
  /** `open`, `granted` or `refused`. */
  status: string;
  created_at: number;
  due_at: number;
  decided_at: number | null;
  operator_id: string | null;
  reason: string | null;
  reply: string | null;
  version: Generated<number>;
}

/** The earning rules' book: its counter moves on with every publication (compare and set). */
export interface RuleBookTable {
  id: number;
  version: number;
}

/** The daily points cap's counter (decision 100 "The economy page"): one row per service day while the cap is on. */
export interface EconomyDaysTable {
  day: string;
  points_issued: number;
  /** What the last take from the day's cap got. */
  last_taken: Generated<number>;
}

/** A user's day whose points the daily cap held: collectable on a later day (decision 100 "The economy page"). */
export interface PointsCapHoldsTable {
  user_id: string;
  day: string;
  held_at: number;
}

/** The daily cap on cash back paid (decision 103 "A daily cap on cash back paid"): one row per service day while it is on. */
export interface CashCapDaysTable {
  day: string;
  cash_paid: number;
  /** What the last take from the day's cap got. */
  last_taken: Generated<number>;
}

/** A card's day whose cash back the daily cap held: paid by a later day's settlement (decision 103). */
export interface CashBackCapHoldsTable {
  card_id: string;
  day: string;
  user_id: string;
  held_at: number;
}

/** A user's payment password (decision 104 "A payment password"): its hash, and the tries that lock it. */
export interface PaymentPasswordsTable {
  user_id: string;
  password_hash: string;
  set_at: number;
  tries: Generated<number>;
  locked_until: number | null;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  captchas: CaptchasTable;
  rate_counters: RateCountersTable;
  password_resets: PasswordResetsTable;
  outbox_messages: OutboxMessagesTable;
  sms_codes: SmsCodesTable;
  ledger_accounts: LedgerAccountsTable;
  ledger_transfers: LedgerTransfersTable;
  ledger_entries: LedgerEntriesTable;
  step_days: StepDaysTable;
  step_weeks: StepWeeksTable;
  step_sources: StepSourcesTable;
  step_refusals: StepRefusalsTable;
  step_reviews: StepReviewsTable;
  step_devices: StepDevicesTable;
  device_tokens: DeviceTokensTable;
  health_imports: HealthImportsTable;
  step_connections: StepConnectionsTable;
  step_connection_starts: StepConnectionStartsTable;
  step_sync_log: StepSyncLogTable;
  step_buckets: StepBucketsTable;
  point_collections: PointCollectionsTable;
  exchanges: ExchangesTable;
  home_items: HomeItemsTable;
  card_plans: CardPlansTable;
  membership_orders: MembershipOrdersTable;
  member_cards: MemberCardsTable;
  card_cash_backs: CardCashBacksTable;
  insurance_policies: InsurancePoliciesTable;
  payments: PaymentsTable;
  payment_events: PaymentEventsTable;
  payment_refunds: PaymentRefundsTable;
  provider_refunds: ProviderRefundsTable;
  files: FilesTable;
  media: MediaTable;
  identities: IdentitiesTable;
  bank_cards: BankCardsTable;
  withdrawal_days: WithdrawalDaysTable;
  withdrawals: WithdrawalsTable;
  operator_actions: OperatorActionsTable;
  operators: OperatorsTable;
  operator_recovery_codes: OperatorRecoveryCodesTable;
  operator_role_grants: OperatorRoleGrantsTable;
  console_sessions: ConsoleSessionsTable;
  balance_corrections: BalanceCorrectionsTable;
  goods_categories: GoodsCategoriesTable;
  goods: GoodsTable;
  delivery_addresses: DeliveryAddressesTable;
  goods_orders: GoodsOrdersTable;
  card_mailings: CardMailingsTable;
  invite_rewards: InviteRewardsTable;
  notices: NoticesTable;
  notifications: NotificationsTable;
  policy_versions: PolicyVersionsTable;
  consents: ConsentsTable;
  community_channels: CommunityChannelsTable;
  companion_packages: CompanionPackagesTable;
  push_subscriptions: PushSubscriptionsTable;
  push_preferences: PushPreferencesTable;
  push_reminders: PushRemindersTable;
  social_settings: SocialSettingsTable;
  friend_pairs: FriendPairsTable;
  friend_likes: FriendLikesTable;
  clubs: ClubsTable;
  club_members: ClubMembersTable;
  content_reports: ContentReportsTable;
  moderation_cases: ModerationCasesTable;
  challenges: ChallengesTable;
  challenge_participants: ChallengeParticipantsTable;
  challenge_teams: ChallengeTeamsTable;
  watermarks: WatermarksTable;
  rule_versions: RuleVersionsTable;
  appeals: AppealsTable;
  rule_book: RuleBookTable;
  economy_days: EconomyDaysTable;
  cash_cap_days: CashCapDaysTable;
  cash_back_cap_holds: CashBackCapHoldsTable;
  payment_passwords: PaymentPasswordsTable;
  points_cap_holds: PointsCapHoldsTable;
}

/** A terms of service or privacy policy version (decision 046 "Policies and consent"); versions are never edited. */
export interface PolicyVersionsTable {
  id: string;
  kind: string;
  version: number;
  /** The language of title, body and changes (decision 042 "Content in every language"). */
  default_language: string;
  title: string;
  body: string;
  changes: string;
  /** JSON: language → {title, body, changes}, for the other languages. */
  translations: string;
  published_at: number;
  created_by: string;
}

/**
 * What a user agreed to and when (decision 046 "Policies and consent"): rows are added, and only `withdrawn_at` is ever
 * set.
 */
export interface ConsentsTable {
  id: string;
  user_id: string;
  kind: string;
  version: number | null;
  granted_at: number;
  withdrawn_at: number | null;
  client_address: string;
}
