import { readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { buildServices, type Services } from '../app.js';
import { runCleanup } from '../cleanup.js';
import { ConfigError, loadConfig } from '../config.js';
import { createDatabase, migrateToLatest } from '../db/database.js';
import { AppError } from '../http/errors.js';
import { isoTime } from '../lib/clock.js';
import { OperatorError } from '../modules/identity/identity.service.js';
import { formatMoney } from '../modules/payouts/payouts.service.js';

/**
 * The operator command line: identity and face reviews, withdrawals, private images, shipping
 * goods and physical cards, notices, the shop catalogue and community channels, the books (ledger
 * check and liabilities) and refunds of held payments. Every action records who (`--operator`)
 * and when in `operator_actions`; anything that changes data needs `--yes`. Exit codes: 0 done,
 * 1 refused or failed, 2 usage error.
 */

export const USAGE = `Stride operator commands

Usage: npm run ops -- <area> <command> [arguments] [options]

  identity list [--status pending|verified|rejected]     identity checks (default: pending)
  identity approve <userId> --operator NAME --yes
  identity reject <userId> --reason TEXT --operator NAME --yes
  face list [--status pending|verified|rejected]         face checks (default: pending)
  face approve <userId> --operator NAME --yes             after comparing the face or ID photos
  face reject <userId> --reason TEXT --operator NAME --yes
  withdrawals list [--status pending|paid|rejected]      (default: pending)
  withdrawals show <withdrawalId> --operator NAME         full account number to pay to (recorded)
  withdrawals pay <withdrawalId> --operator NAME --yes    mark paid once the bank transfer is made
  withdrawals reject <withdrawalId> --reason TEXT --operator NAME --yes
                                                          refunds the whole amount to the user, once
  files get <fileId> --out PATH --operator NAME           save a private image, e.g. ID photos (recorded)
  files cleanup --operator NAME --yes                     remove uploads nothing uses, older than
                                                          UPLOAD_UNUSED_GRACE_HOURS, expired captchas
                                                          and old rate counters (the server also does
                                                          this every CLEANUP_INTERVAL_MINUTES)
  orders list [--status to_ship|shipped|completed|cancelled]   goods orders (default: to_ship)
  orders ship <orderId> --carrier NAME --tracking NUMBER --operator NAME --yes
  orders complete <orderId> --operator NAME --yes         after delivery
  mailings list [--status requested|shipped|delivered]   physical card mailings (default: requested)
  mailings ship <mailingId> --carrier NAME --tracking NUMBER --operator NAME --yes
  mailings deliver <mailingId> --operator NAME --yes
  notices list                                            every notice, published or not
  notices publish --title TEXT (--body HTML | --body-file PATH) --operator NAME --yes
                                                          the body is sanitized before it is stored
  notices unpublish <noticeId> --operator NAME --yes
  categories list
  categories set [<categoryId>] [--name TEXT] [--position N] [--active true|false] --operator NAME --yes
  goods list
  goods set [<goodsId>] [--category ID] [--name TEXT] [--points N] [--stock N] [--description TEXT]
            [--image URL|PATH ...] [--position N] [--active true|false] --operator NAME --yes
                                                          without an id: new goods (category, name,
                                                          points, stock needed); images are https
                                                          URLs or image files (stored as data URLs)
  community list
  community set [<channelId>] [--name TEXT] [--description TEXT] [--url URL] [--qr-image URL|PATH|none]
                [--position N] [--active true|false] --operator NAME --yes
  actions list [--limit N]                                the latest recorded operator actions
  books check                                             ledger invariants and liabilities: what users
                                                          hold (cash, points) and every system account;
                                                          exit 1 when an invariant fails
  payments held [--status waiting|refunded]              money of second payments of an already paid
                                                          order, held for a refund (default: waiting)
  payments refund <paymentId> --operator NAME --yes       refunds held money to its payer's balance, once

Options:
  --operator NAME  who is acting; required for every change and every look at personal data
  --yes            confirms a command that changes data; without it nothing changes
  --json           list output as JSON
  --help           this text

Exit codes: 0 done, 1 refused or failed, 2 usage error.
The database is the server's: the same environment variables (DATA_DIR, DATABASE_URL, …).`;

export interface OpsDeps {
  services: Services;
  out: (line: string) => void;
  err: (line: string) => void;
}

class UsageError extends Error {}

const OPTIONS = {
  operator: { type: 'string' },
  reason: { type: 'string' },
  status: { type: 'string' },
  out: { type: 'string' },
  limit: { type: 'string' },
  carrier: { type: 'string' },
  tracking: { type: 'string' },
  title: { type: 'string' },
  body: { type: 'string' },
  'body-file': { type: 'string' },
  name: { type: 'string' },
  points: { type: 'string' },
  stock: { type: 'string' },
  category: { type: 'string' },
  description: { type: 'string' },
  image: { type: 'string', multiple: true },
  url: { type: 'string' },
  'qr-image': { type: 'string' },
  position: { type: 'string' },
  active: { type: 'string' },
  yes: { type: 'boolean' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

type Values = ReturnType<typeof parse>['values'];

function parse(argv: string[]) {
  return parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
}

function requireOperator(values: Values): string {
  const operator = values.operator?.trim();
  if (!operator) throw new UsageError('--operator NAME is required: every action records who took it.');
  if (operator.length > 64) throw new UsageError('--operator: at most 64 characters.');
  return operator;
}

function requireYes(values: Values, what: string): void {
  if (!values.yes) throw new OperatorError(`Refusing to ${what} without --yes. Nothing was changed.`);
}

function requireReason(values: Values): string {
  const reason = values.reason?.trim();
  if (!reason) throw new UsageError('--reason TEXT is required: the user sees it.');
  if (reason.length > 200) throw new UsageError('--reason: at most 200 characters.');
  return reason;
}

function requireId(positionals: string[], name: string): string {
  const id = positionals[2];
  if (!id) throw new UsageError(`<${name}> is required.`);
  return id;
}

function oneOf<T extends string>(value: string | undefined, allowed: readonly T[], fallback: T): T {
  if (value === undefined) return fallback;
  if (!(allowed as readonly string[]).includes(value)) {
    throw new UsageError(`--status must be one of ${allowed.join(', ')}.`);
  }
  return value as T;
}

// C0 and C1 control characters (ESC, CR, the 8-bit CSI…), and the bidirectional overrides and
// isolates that reorder what a terminal shows.
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
const NOT_ESCAPED_BY_JSON = /[\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

function codeOf(char: string): string {
  const code = char.charCodeAt(0);
  return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
}

/**
 * A value that users can set (addresses, names, titles, reasons), as an operator's terminal may
 * show it: control characters appear as `\x1b`, `\x0d`, …, never act; a backslash is doubled so
 * a typed `\x1b` cannot pass for an escaped one.
 */
export function visible(value: unknown): string {
  return String(value).replace(/\\/g, '\\\\').replace(UNSAFE, codeOf);
}

/** Every line the command line writes: whatever slipped past `visible` still cannot act. */
function safeLine(line: string): string {
  return line
    .split('\n')
    .map((part) => part.replace(UNSAFE, codeOf))
    .join('\n');
}

function print(deps: OpsDeps, values: Values, rows: Record<string, unknown>[]): void {
  if (values.json) {
    // JSON escapes C0 characters and backslashes; C1 and bidi characters get \u escapes here.
    const json = JSON.stringify(rows, null, 2).replace(
      NOT_ESCAPED_BY_JSON,
      (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
    );
    deps.out(json);
    return;
  }
  if (rows.length === 0) {
    deps.out('(none)');
    return;
  }
  for (const row of rows) {
    deps.out(
      Object.entries(row)
        .map(([key, value]) => `${key}=${visible(value)}`)
        .join('  '),
    );
  }
}

function requireText(value: string | undefined, option: string, max: number): string {
  const text = value?.trim();
  if (!text) throw new UsageError(`--${option} is required.`);
  if (text.length > max) throw new UsageError(`--${option}: at most ${max} characters.`);
  return text;
}

function optionalText(value: string | undefined, option: string, max: number): string | undefined {
  if (value === undefined) return undefined;
  return requireText(value, option, max);
}

function optionalInteger(value: string | undefined, option: string): number | undefined {
  if (value === undefined) return undefined;
  const number = Number(value);
  if (!Number.isSafeInteger(number)) throw new UsageError(`--${option} must be a whole number.`);
  return number;
}

function optionalBoolean(value: string | undefined, option: string): boolean | undefined {
  if (value === undefined) return undefined;
  if (value !== 'true' && value !== 'false') throw new UsageError(`--${option} must be true or false.`);
  return value === 'true';
}

const IMAGE_TYPES: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.svg': 'image/svg+xml',
};
const IMAGE_FILE_MAX_BYTES = 512 * 1024;

/** An https URL or data URL as given; a file path becomes a data URL (small images only). */
async function imageValue(value: string): Promise<string> {
  if (/^(https:|data:)/i.test(value)) return value;
  const type = IMAGE_TYPES[path.extname(value).toLowerCase()];
  if (!type) throw new UsageError(`${value}: an https URL or a .png, .jpg, .gif, .webp or .svg file.`);
  const info = await stat(value).catch(() => null);
  if (!info?.isFile()) throw new UsageError(`${value}: no such file.`);
  if (info.size > IMAGE_FILE_MAX_BYTES) throw new UsageError(`${value}: at most ${IMAGE_FILE_MAX_BYTES / 1024} KB.`);
  return `data:${type};base64,${(await readFile(value)).toString('base64')}`;
}

const GOODS_ORDER_STATUSES = ['to_ship', 'shipped', 'completed', 'cancelled'] as const;
const MAILING_STATUSES = ['requested', 'shipped', 'delivered'] as const;

const REVIEW_STATUSES = ['pending', 'verified', 'rejected'] as const;
const HELD_STATUSES = ['waiting', 'refunded'] as const;
const WITHDRAWAL_STATUSES = ['pending', 'paid', 'rejected'] as const;

async function run(argv: string[], deps: OpsDeps): Promise<void> {
  const { values, positionals } = parse(argv);
  const [area, command] = positionals;
  if (values.help || !area) {
    deps.out(USAGE);
    if (!values.help) throw new UsageError('Name an area and a command.');
    return;
  }
  const { identity, payouts, files, operatorActions, db, shop, mailings, notices, community, ledger, payments } =
    deps.services;
  const route = `${area} ${command ?? ''}`.trim();

  switch (route) {
    case 'identity list':
    case 'face list': {
      const status = oneOf(values.status, REVIEW_STATUSES, 'pending');
      const rows = await identity.listForReview(area === 'face' ? { faceStatus: status } : { status });
      print(
        deps,
        values,
        rows.map((row) =>
          area === 'face'
            ? {
                userId: row.user_id,
                account: row.account,
                name: row.name,
                face: row.face_status,
                method: row.face_method,
                faceFileId: row.face_file_id,
                frontFileId: row.front_file_id,
                backFileId: row.back_file_id,
                submittedAt: row.face_submitted_at === null ? '' : isoTime(row.face_submitted_at),
              }
            : {
                userId: row.user_id,
                account: row.account,
                name: row.name,
                idNumber: row.id_number_masked,
                status: row.status,
                frontFileId: row.front_file_id,
                backFileId: row.back_file_id,
                submittedAt: isoTime(row.submitted_at),
              },
        ),
      );
      return;
    }
    case 'identity approve':
    case 'identity reject':
    case 'face approve':
    case 'face reject': {
      const userId = requireId(positionals, 'userId');
      const operator = requireOperator(values);
      const isApproval = command === 'approve';
      const reason = isApproval ? '' : requireReason(values);
      requireYes(values, `${command} the ${area} check of ${userId}`);
      const decision = isApproval ? ({ approve: true } as const) : ({ approve: false, reason } as const);
      if (area === 'identity') await identity.review(operator, userId, decision);
      else await identity.reviewFace(operator, userId, decision);
      deps.out(`${area} check of ${userId}: ${isApproval ? 'approved' : 'rejected'} by ${operator}`);
      return;
    }
    case 'withdrawals list': {
      const status = oneOf(values.status, WITHDRAWAL_STATUSES, 'pending');
      const { rows } = await payouts.listForOperators(status);
      print(
        deps,
        values,
        rows.map((row) => ({
          id: row.id,
          userId: row.user_id,
          amount: formatMoney(row.amount),
          fee: formatMoney(row.fee),
          received: formatMoney(row.received),
          status: row.status,
          bank: row.card_bank,
          holder: row.card_holder_name,
          account: row.card_account_masked,
          createdAt: isoTime(row.created_at),
        })),
      );
      return;
    }
    case 'withdrawals show': {
      const id = requireId(positionals, 'withdrawalId');
      const operator = requireOperator(values);
      const { row, account } = await payouts.revealAccount(operator, id);
      print(deps, values, [
        {
          id: row.id,
          status: row.status,
          pay: formatMoney(row.received),
          bank: row.card_bank,
          holder: row.card_holder_name,
          account,
        },
      ]);
      return;
    }
    case 'withdrawals pay': {
      const id = requireId(positionals, 'withdrawalId');
      const operator = requireOperator(values);
      requireYes(values, `mark withdrawal ${id} paid`);
      const withdrawal = await payouts.markPaid(operator, id);
      deps.out(`withdrawal ${id}: paid ${formatMoney(withdrawal.received)} by ${operator}`);
      return;
    }
    case 'withdrawals reject': {
      const id = requireId(positionals, 'withdrawalId');
      const operator = requireOperator(values);
      const reason = requireReason(values);
      requireYes(values, `reject withdrawal ${id}`);
      const withdrawal = await payouts.reject(operator, id, reason);
      deps.out(`withdrawal ${id}: rejected by ${operator}, ${formatMoney(withdrawal.amount)} refunded`);
      return;
    }
    case 'files get': {
      const id = requireId(positionals, 'fileId');
      const operator = requireOperator(values);
      if (!values.out) throw new UsageError('--out PATH is required.');
      const file = await files.readAny(id).catch((error: unknown) => {
        if (error instanceof AppError) throw new OperatorError(`No stored file ${id}`);
        throw error;
      });
      await writeFile(path.resolve(values.out), file.body, { mode: 0o600, flag: 'wx' });
      await operatorActions.record(db, {
        operator,
        action: 'file.view',
        subjectType: 'file',
        subjectId: id,
        detail: { purpose: file.row.purpose, owner: file.row.user_id },
        now: deps.services.clock.now(),
      });
      deps.out(`file ${id} (${file.row.purpose}, ${file.contentType}) saved to ${values.out}`);
      return;
    }
    case 'files cleanup': {
      const operator = requireOperator(values);
      requireYes(values, 'remove unused uploads');
      const result = await runCleanup(deps.services);
      await operatorActions.record(db, {
        operator,
        action: 'file.cleanup',
        subjectType: 'file',
        subjectId: 'unused',
        detail: { ...result },
        now: deps.services.clock.now(),
      });
      deps.out(
        `removed ${result.files} unused uploads (${result.bytes} bytes), ${result.captchas} expired captchas and ${result.counters} old rate counters; by ${operator}`,
      );
      return;
    }
    case 'orders list': {
      const status = oneOf(values.status, GOODS_ORDER_STATUSES, 'to_ship');
      const { rows } = await shop.listOrdersForOperators(status);
      print(
        deps,
        values,
        rows.map((row) => ({
          id: row.id,
          userId: row.user_id,
          goods: row.goods.name,
          quantity: row.quantity,
          points: row.points,
          status: row.status,
          shipTo: `${row.ship_name} ${row.ship_phone} ${row.ship_region} ${row.ship_detail}`,
          carrier: row.carrier ?? '',
          tracking: row.tracking_number ?? '',
          createdAt: isoTime(row.created_at),
        })),
      );
      return;
    }
    case 'orders ship':
    case 'mailings ship': {
      const id = requireId(positionals, area === 'orders' ? 'orderId' : 'mailingId');
      const operator = requireOperator(values);
      const shipment = {
        carrier: requireText(values.carrier, 'carrier', 64),
        trackingNumber: requireText(values.tracking, 'tracking', 64),
      };
      requireYes(values, `ship ${id}`);
      if (area === 'orders') await shop.shipOrder(operator, id, shipment);
      else await mailings.ship(operator, id, shipment);
      deps.out(`${id}: shipped by ${operator} (${shipment.carrier} ${shipment.trackingNumber})`);
      return;
    }
    case 'orders complete':
    case 'mailings deliver': {
      const id = requireId(positionals, area === 'orders' ? 'orderId' : 'mailingId');
      const operator = requireOperator(values);
      requireYes(values, `mark ${id} ${area === 'orders' ? 'completed' : 'delivered'}`);
      if (area === 'orders') await shop.completeOrder(operator, id);
      else await mailings.markDelivered(operator, id);
      deps.out(`${id}: ${area === 'orders' ? 'completed' : 'delivered'} by ${operator}`);
      return;
    }
    case 'mailings list': {
      const status = oneOf(values.status, MAILING_STATUSES, 'requested');
      const rows = await mailings.listForOperators(status);
      print(
        deps,
        values,
        rows.map((row) => ({
          id: row.id,
          userId: row.user_id,
          card: row.card_name,
          status: row.status,
          shipTo: `${row.ship_name} ${row.ship_phone} ${row.ship_region} ${row.ship_detail}`,
          carrier: row.carrier ?? '',
          tracking: row.tracking_number ?? '',
          createdAt: isoTime(row.created_at),
        })),
      );
      return;
    }
    case 'notices list': {
      const rows = await notices.listForOperators();
      print(
        deps,
        values,
        rows.map((row) => ({
          id: row.id,
          title: row.title,
          published: row.published_at === null ? '' : isoTime(row.published_at),
          by: row.created_by,
        })),
      );
      return;
    }
    case 'notices publish': {
      const operator = requireOperator(values);
      const title = requireText(values.title, 'title', 140);
      if ((values.body === undefined) === (values['body-file'] === undefined)) {
        throw new UsageError('Give the body with exactly one of --body HTML or --body-file PATH.');
      }
      const body =
        values['body-file'] === undefined ? (values.body ?? '') : await readFile(values['body-file'], 'utf8');
      requireYes(values, `publish the notice "${visible(title)}"`);
      const notice = await notices.publish(operator, { title, body });
      deps.out(`notice ${notice.id} published by ${operator}`);
      return;
    }
    case 'notices unpublish': {
      const id = requireId(positionals, 'noticeId');
      const operator = requireOperator(values);
      requireYes(values, `unpublish notice ${id}`);
      await notices.unpublish(operator, id);
      deps.out(`notice ${id} unpublished by ${operator}`);
      return;
    }
    case 'categories list': {
      const rows = await shop.listCategoriesForOperators();
      print(
        deps,
        values,
        rows.map((row) => ({ id: row.id, name: row.name, position: row.position, active: row.is_active === 1 })),
      );
      return;
    }
    case 'categories set': {
      const id = positionals[2];
      const operator = requireOperator(values);
      const input = {
        id,
        name: optionalText(values.name, 'name', 64),
        position: optionalInteger(values.position, 'position'),
        isActive: optionalBoolean(values.active, 'active'),
      };
      requireYes(values, id ? `change category ${id}` : 'add a category');
      const saved = await shop.saveCategory(operator, input);
      deps.out(`category ${saved.id} (${visible(saved.name)}) saved by ${visible(operator)}`);
      return;
    }
    case 'goods list': {
      const { rows } = await shop.listGoodsForOperators();
      print(
        deps,
        values,
        rows.map((row) => ({
          id: row.id,
          category: row.category_id,
          name: row.name,
          points: row.points,
          stock: row.stock,
          active: row.is_active === 1,
        })),
      );
      return;
    }
    case 'goods set': {
      const id = positionals[2];
      const operator = requireOperator(values);
      const images = values.image === undefined ? undefined : await Promise.all(values.image.map(imageValue));
      const input = {
        categoryId: optionalText(values.category, 'category', 64),
        name: optionalText(values.name, 'name', 100),
        points: optionalInteger(values.points, 'points'),
        stock: optionalInteger(values.stock, 'stock'),
        description: values.description?.trim(),
        images,
        position: optionalInteger(values.position, 'position'),
        isActive: optionalBoolean(values.active, 'active'),
      };
      requireYes(values, id ? `change goods ${id}` : 'add goods');
      const saved = await shop.saveGoods(operator, id, input);
      deps.out(
        `goods ${saved.id} (${visible(saved.name)}, ${saved.points} points, stock ${saved.stock}) saved by ${visible(operator)}`,
      );
      return;
    }
    case 'community list': {
      const rows = await community.listForOperators();
      print(
        deps,
        values,
        rows.map((row) => ({
          id: row.id,
          name: row.name,
          url: row.url,
          qrImage: row.qr_image ? 'configured' : 'drawn from url',
          position: row.position,
          active: row.is_active === 1,
        })),
      );
      return;
    }
    case 'community set': {
      const id = positionals[2];
      const operator = requireOperator(values);
      const qr = values['qr-image'];
      const input = {
        name: optionalText(values.name, 'name', 64),
        description: values.description === undefined ? undefined : values.description.trim().slice(0, 280),
        url: optionalText(values.url, 'url', 500),
        qrImage: qr === undefined ? undefined : qr === 'none' ? null : await imageValue(qr),
        position: optionalInteger(values.position, 'position'),
        isActive: optionalBoolean(values.active, 'active'),
      };
      requireYes(values, id ? `change channel ${id}` : 'add a channel');
      const saved = await community.save(operator, id, input);
      deps.out(`channel ${saved.id} (${visible(saved.name)}) saved by ${visible(operator)}`);
      return;
    }
    case 'actions list': {
      const limit = values.limit === undefined ? 50 : Number(values.limit);
      if (!Number.isInteger(limit) || limit < 1 || limit > 1000) throw new UsageError('--limit: 1 to 1000.');
      const rows = await operatorActions.list(db, limit);
      print(
        deps,
        values,
        rows.map((row) => ({
          at: isoTime(row.created_at),
          operator: row.operator,
          action: row.action,
          subject: `${row.subject_type}:${row.subject_id}`,
          detail: row.detail ?? '',
        })),
      );
      return;
    }
    case 'books check': {
      const [report, liabilities] = await Promise.all([ledger.checkInvariants(), ledger.liabilities()]);
      const failures = (Object.entries(report) as [string, string[]][]).filter(([, items]) => items.length > 0);
      const amount = (asset: string, value: number) => (asset === 'CNY' ? formatMoney(value) : String(value));
      if (values.json) {
        deps.out(JSON.stringify({ invariants: report, ok: failures.length === 0, liabilities }, null, 2));
      } else {
        deps.out(`ledger invariants: ${failures.length === 0 ? 'ok' : 'FAILED'}`);
        for (const [name, items] of failures) deps.out(`  ${name}: ${items.join(', ')}`);
        deps.out(`users' cash (CNY): ${formatMoney(liabilities.users.CNY)}`);
        deps.out(`users' points: ${liabilities.users.POINTS}`);
        deps.out('system accounts:');
        for (const account of liabilities.system)
          deps.out(`  ${account.code}  ${amount(account.asset, account.balance)}`);
      }
      if (failures.length > 0) throw new OperatorError('The ledger invariants do not hold; see above.');
      return;
    }
    case 'payments held': {
      const status = oneOf(values.status, HELD_STATUSES, 'waiting');
      const rows = await payments.listHeld({ refunded: status === 'refunded' });
      print(
        deps,
        values,
        rows.map((row) => ({
          paymentId: row.id,
          userId: row.user_id,
          orderId: row.order_id,
          amount: formatMoney(row.held),
          provider: row.provider,
          paidAt: row.completed_at === null ? '' : isoTime(row.completed_at),
          ...(row.refunded_at === null ? {} : { refundedAt: isoTime(row.refunded_at), by: row.refunded_by }),
        })),
      );
      return;
    }
    case 'payments refund': {
      const id = requireId(positionals, 'paymentId');
      const operator = requireOperator(values);
      requireYes(values, `refund the money held for payment ${id}`);
      const refund = await payments.refundHeld(operator, id);
      deps.out(
        `payment ${id}: ${formatMoney(refund.amount)} refunded to the balance of ${refund.userId} by ${operator}`,
      );
      return;
    }
    default:
      throw new UsageError(`Unknown command "${route}".`);
  }
}

/** Runs one command; answers the exit code. Exported for tests, which call it with argv. */
export async function runOps(argv: string[], given: OpsDeps): Promise<number> {
  const deps: OpsDeps = {
    ...given,
    out: (line) => given.out(safeLine(line)),
    err: (line) => given.err(safeLine(line)),
  };
  try {
    await run(argv, deps);
    return 0;
  } catch (error) {
    if (error instanceof UsageError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      deps.err(`${(error as Error).message}\nRun with --help for usage.`);
      return 2;
    }
    if (error instanceof OperatorError) {
      deps.err(error.message);
      return 1;
    }
    if (error instanceof AppError) {
      deps.err(`Refused: ${error.message} (code ${error.code})`);
      return 1;
    }
    deps.err(`Failed: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}

async function main(): Promise<void> {
  const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent' });
  const db = createDatabase(config.database);
  try {
    await migrateToLatest(db);
    const services = buildServices(config, db);
    process.exitCode = await runOps(process.argv.slice(2), {
      services,
      out: (line) => process.stdout.write(`${line}\n`),
      err: (line) => process.stderr.write(`${line}\n`),
    });
  } finally {
    await db.destroy();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  main().catch((error: unknown) => {
    process.stderr.write(`${error instanceof ConfigError ? error.message : String(error)}\n`);
    process.exitCode = 1;
  });
}
