import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Services } from '../modules/index.js';
import { OperatorError } from '../http/operator-error.js';

/**
 * What every operator command shares: the options, the checks of `--operator`, `--yes` and other
 * arguments, and printing (user-provided values escaped, decision 018 "Demo mode's exposure, signed pay links, link
 * origins").
 */

export interface OpsDeps {
  services: Services;
  out: (line: string) => void;
  err: (line: string) => void;
}

/** Wrong arguments: exit code 2 and a pointer to --help. */
export class UsageError extends Error {}

export const OPTIONS = {
  operator: { type: 'string' },
  reason: { type: 'string' },
  note: { type: 'string' },
  reference: { type: 'string' },
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
  roles: { type: 'string' },
  'password-file': { type: 'string' },
  yes: { type: 'boolean' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

export type Values = ReturnType<typeof parse>['values'];

export function parse(argv: string[]) {
  return parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
}

export function requireOperator(values: Values): string {
  const operator = values.operator?.trim();
  if (!operator) throw new UsageError('--operator NAME is required: every action records who took it.');
  if (operator.length > 64) throw new UsageError('--operator: at most 64 characters.');
  return operator;
}

export function requireYes(values: Values, what: string): void {
  if (!values.yes) throw new OperatorError(`Refusing to ${what} without --yes. Nothing was changed.`);
}

export function requireReason(values: Values): string {
  const reason = values.reason?.trim();
  if (!reason) throw new UsageError('--reason TEXT is required: the user sees it.');
  if (reason.length > 200) throw new UsageError('--reason: at most 200 characters.');
  return reason;
}

/** The bank's transfer reference of a payout: a short single line. */
export function requireReference(values: Values): string {
  const reference = values.reference?.trim();
  if (!reference) throw new UsageError("--reference TEXT is required: the bank's transfer reference.");
  if (reference.length > 64) throw new UsageError('--reference: at most 64 characters.');
  return reference;
}

export function requireId(positionals: string[], name: string): string {
  const id = positionals[2];
  if (!id) throw new UsageError(`<${name}> is required.`);
  return id;
}

export function oneOf<T extends string>(value: string | undefined, allowed: readonly T[], fallback: T): T {
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
export function safeLine(line: string): string {
  return line
    .split('\n')
    .map((part) => part.replace(UNSAFE, codeOf))
    .join('\n');
}

export function print(deps: OpsDeps, values: Values, rows: Record<string, unknown>[]): void {
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

export function requireText(value: string | undefined, option: string, max: number): string {
  const text = value?.trim();
  if (!text) throw new UsageError(`--${option} is required.`);
  if (text.length > max) throw new UsageError(`--${option}: at most ${max} characters.`);
  return text;
}

export function optionalText(value: string | undefined, option: string, max: number): string | undefined {
  if (value === undefined) return undefined;
  return requireText(value, option, max);
}

export function optionalInteger(value: string | undefined, option: string): number | undefined {
  if (value === undefined) return undefined;
  const number = Number(value);
  if (!Number.isSafeInteger(number)) throw new UsageError(`--${option} must be a whole number.`);
  return number;
}

export function optionalBoolean(value: string | undefined, option: string): boolean | undefined {
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
export async function imageValue(value: string): Promise<string> {
  if (/^(https:|data:)/i.test(value)) return value;
  const type = IMAGE_TYPES[path.extname(value).toLowerCase()];
  if (!type) throw new UsageError(`${value}: an https URL or a .png, .jpg, .gif, .webp or .svg file.`);
  const info = await stat(value).catch(() => null);
  if (!info?.isFile()) throw new UsageError(`${value}: no such file.`);
  if (info.size > IMAGE_FILE_MAX_BYTES) throw new UsageError(`${value}: at most ${IMAGE_FILE_MAX_BYTES / 1024} KB.`);
  return `data:${type};base64,${(await readFile(value)).toString('base64')}`;
}

/** What a command is given once the arguments are parsed. */
export interface CommandContext {
  deps: OpsDeps;
  values: Values;
  positionals: string[];
  area: string;
  command: string;
}

export interface Command {
  /** `<area> <command>`, as typed. */
  name: string;
  /** Its lines of the usage text, in order. */
  usage: string[];
  run: (context: CommandContext) => Promise<void>;
}

/** Where a catalogue row stands among its kind and whether it shows: `--position N` and `--active true|false`. */
export function placement(values: Values): { position: number | undefined; isActive: boolean | undefined } {
  return {
    position: optionalInteger(values.position, 'position'),
    isActive: optionalBoolean(values.active, 'active'),
  };
}

/**
 * A listing: the rows `rows` loads (with the options given), printed as `columns` shows each; its usage line is the
 * bare command unless given.
 */
export function listCommand<Row>(spec: {
  name: string;
  usage?: string[];
  rows: (deps: OpsDeps, values: Values) => Promise<Row[]>;
  columns: (row: Row) => Record<string, unknown>;
}): Command {
  return {
    name: spec.name,
    usage: spec.usage ?? [`  ${spec.name}`],
    run: async ({ deps, values }) => print(deps, values, (await spec.rows(deps, values)).map(spec.columns)),
  };
}

/**
 * `<area> set [<id>] …`: adds a `what` (confirmed as `adding`) or changes the one named, with what `input` reads of the
 * options (read before the confirmation, so a wrong value is told first), and names what was saved.
 */
export function saveCommand<Input, Saved extends { id: string; name: string }>(spec: {
  name: string;
  usage: string[];
  what: string;
  adding: string;
  input: (values: Values, id: string | undefined) => Input | Promise<Input>;
  save: (deps: OpsDeps, operator: string, id: string | undefined, input: Input) => Promise<Saved>;
  /** What the answer says of the saved row in brackets; its name unless given. */
  describe?: (saved: Saved) => string;
}): Command {
  return {
    name: spec.name,
    usage: spec.usage,
    run: async ({ deps, values, positionals }) => {
      const id = positionals[2];
      const operator = requireOperator(values);
      const input = await spec.input(values, id);
      requireYes(values, id ? `change ${spec.what} ${id}` : spec.adding);
      const saved = await spec.save(deps, operator, id, input);
      const described = spec.describe ? spec.describe(saved) : visible(saved.name);
      deps.out(`${spec.what} ${saved.id} (${described}) saved by ${visible(operator)}`);
    },
  };
}

/** `--carrier` and `--tracking`, for shipping goods orders and card mailings. */
export function requireShipment(values: Values): { carrier: string; trackingNumber: string } {
  return {
    carrier: requireText(values.carrier, 'carrier', 64),
    trackingNumber: requireText(values.tracking, 'tracking', 64),
  };
}

/** What every shipped thing (goods orders, card mailings) shows of where it goes and how. */
export function shipmentColumns(row: {
  ship_name: string;
  ship_phone: string;
  ship_region: string;
  ship_detail: string;
  carrier: string | null;
  tracking_number: string | null;
}): { shipTo: string; carrier: string; tracking: string } {
  return {
    shipTo: `${row.ship_name} ${row.ship_phone} ${row.ship_region} ${row.ship_detail}`,
    carrier: row.carrier ?? '',
    tracking: row.tracking_number ?? '',
  };
}

/** `<area> ship <id> --carrier --tracking`: the same command for goods orders and card mailings. */
export function shipCommand(
  area: string,
  idName: string,
  ship: (
    deps: OpsDeps,
    operator: string,
    id: string,
    shipment: { carrier: string; trackingNumber: string },
  ) => Promise<unknown>,
): Command {
  return {
    name: `${area} ship`,
    usage: [`  ${area} ship <${idName}> --carrier NAME --tracking NUMBER --operator NAME --yes`],
    run: async ({ deps, values, positionals }) => {
      const id = requireId(positionals, idName);
      const operator = requireOperator(values);
      const shipment = requireShipment(values);
      requireYes(values, `ship ${id}`);
      await ship(deps, operator, id, shipment);
      deps.out(`${id}: shipped by ${operator} (${shipment.carrier} ${shipment.trackingNumber})`);
    },
  };
}
