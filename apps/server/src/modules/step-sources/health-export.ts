import { pipeline, Transform, type Readable } from 'node:stream';
import { crc32 } from 'node:zlib';
import type { HealthImportKind } from '@stride/contract';
import { SaxesParser } from 'saxes';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { AppError } from '../../http/errors.js';
import type { BusinessCalendar } from '../../lib/business-day.js';
import { csvRows } from './csv-rows.js';

// Reading health exports (docs/product/step-sources.md, decision 030 "Step-source tokens and health imports"): a zip
// read from a file through its central directory, one entry streamed through a streaming XML or CSV parser, so
// memory stays flat whatever the file's size. Every refusal is an AppError with its own message.

export interface ImportedDay {
  day: string;
  steps: number;
}

export interface ExportLimits {
  /** The entry read may expand to at most this many bytes. */
  maxUncompressedBytes: number;
  /** ...and to at most this many times its packed size (past `ratioFloorBytes`). */
  maxRatio: number;
  /** Entries smaller than this are not held to the ratio (tiny files pack oddly). */
  ratioFloorBytes: number;
  /** Entries looked at before giving up on finding the export. */
  maxEntries: number;
  /** Distinct days an export may hold (about twenty years). */
  maxDays: number;
  /** Distinct `sourceName`s an Apple export may hold. */
  maxSources: number;
  /** Characters between two `<` (or in one CSV row): a real export never comes close. */
  maxRunChars: number;
}

const MIB = 1024 * 1024;
const GIB = 1024 * MIB;
export const EXPORT_LIMITS: ExportLimits = {
  maxUncompressedBytes: 16 * GIB,
  maxRatio: 100,
  ratioFloorBytes: MIB,
  maxEntries: 500_000,
  maxDays: 7_305,
  maxSources: 100,
  maxRunChars: MIB,
};

/** The CSV of daily metrics is small (a line a day); a bigger one is not Google's. */
const MAX_CSV_BYTES = 64 * MIB;

const STEP_RECORD = 'HKQuantityTypeIdentifierStepCount';
const COUNT = /^\d{1,9}(\.\d+)?$/;
const APPLE_DATE = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2}) ([+-])(\d{2})(\d{2})$/;
const PLAIN_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

const damaged = () => new AppError('VALIDATION_FAILED', 'importDamaged');
const shown = (value: string) => (value.length > 40 ? `${value.slice(0, 40)}…` : value);

function openZip(file: string): Promise<ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true, autoClose: false, validateEntrySizes: true }, (error, zip) => {
      if (error) reject(new AppError('VALIDATION_FAILED', 'importNotZip'));
      else resolve(zip);
    });
  });
}

/** The first entry whose name matches, walking the central directory one entry at a time. */
function findEntry(zip: ZipFile, matches: (name: string) => boolean, limits: ExportLimits): Promise<Entry | undefined> {
  return new Promise((resolve, reject) => {
    let seen = 0;
    const done = () => {
      zip.removeAllListeners('entry');
      zip.removeAllListeners('end');
      zip.removeAllListeners('error');
    };
    zip.on('entry', (entry: Entry) => {
      seen += 1;
      if (matches(entry.fileName)) {
        done();
        resolve(entry);
      } else if (seen >= limits.maxEntries) {
        done();
        resolve(undefined);
      } else {
        zip.readEntry();
      }
    });
    zip.on('end', () => {
      done();
      resolve(undefined);
    });
    zip.on('error', () => {
      done();
      reject(damaged());
    });
    zip.readEntry();
  });
}

/** The entry's bytes as a stream, after the bomb checks on its declared sizes. */
function openEntry(zip: ZipFile, entry: Entry, maxBytes: number, limits: ExportLimits): Promise<Readable> {
  const bomb = () =>
    new AppError('VALIDATION_FAILED', 'importTooBig', {
      limit: Math.round(maxBytes / MIB),
      ratio: limits.maxRatio,
    });
  if (entry.uncompressedSize > maxBytes) return Promise.reject(bomb());
  if (
    entry.uncompressedSize > limits.ratioFloorBytes &&
    entry.uncompressedSize > limits.maxRatio * Math.max(1, entry.compressedSize)
  ) {
    return Promise.reject(bomb());
  }
  if (entry.isEncrypted() || !entry.canDecodeFileData()) return Promise.reject(damaged());
  return new Promise((resolve, reject) => {
    // yauzl checks the bytes against the declared size as they come (validateEntrySizes): an
    // entry that lies about its size fails instead of expanding past the checks above.
    zip.openReadStream(entry, (error, stream) => {
      if (error) reject(damaged());
      else resolve(checkedByCrc(stream, entry.crc32));
    });
  });
}

/**
 * The entry's bytes, checked against the CRC-32 its central directory declares as they pass
 * (yauzl does not check it): a damaged entry ends in the "damaged archive" refusal at its last
 * byte, before its days are imported, instead of importing what the damage made of them.
 */
function checkedByCrc(source: Readable, expected: number): Readable {
  let crc = 0;
  const checker = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      crc = crc32(chunk, crc);
      done(null, chunk);
    },
    flush(done) {
      done(crc >>> 0 === expected >>> 0 ? null : damaged());
    },
  });
  // A failure on either side ends both; the reader sees it on `checker`.
  pipeline(source, checker, () => undefined);
  return checker;
}

/** Milliseconds of an Apple timestamp (`2024-05-01 08:00:00 +0800`), in its own offset; NaN when malformed. */
export function appleInstant(value: string): number {
  const m = APPLE_DATE.exec(value);
  if (!m) return Number.NaN;
  const [y = 0, mo = 0, d = 0, h = 0, mi = 0, s = 0] = m.slice(1, 7).map(Number);
  const [oh = 0, om = 0] = m.slice(8, 10).map(Number);
  const local = Date.UTC(y, mo - 1, d, h, mi, s);
  const check = new Date(local);
  if (check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d || h > 23 || mi > 59 || s > 59) {
    return Number.NaN;
  }
  const offset = (oh * 60 + om) * 60_000 * (m[7] === '-' ? -1 : 1);
  return local - offset;
}

function plainDay(value: string): string | undefined {
  const m = PLAIN_DAY.exec(value);
  if (!m) return undefined;
  const check = new Date(`${value}T00:00:00Z`);
  return Number.isNaN(check.getTime()) || check.toISOString().slice(0, 10) !== value ? undefined : value;
}

/** Refuses a run of characters without a tag (or a CSV line) longer than any real export holds. */
class RunGuard {
  private run = 0;
  constructor(
    private readonly max: number,
    private readonly malformed: (line: number) => AppError,
  ) {}

  check(chunk: string, line: number): void {
    let from = 0;
    for (let at = chunk.indexOf('<'); at >= 0; at = chunk.indexOf('<', at + 1)) {
      if (this.run + at - from > this.max) throw this.malformed(line);
      this.run = 0;
      from = at + 1;
    }
    this.run += chunk.length - from;
    if (this.run > this.max) throw this.malformed(line);
  }
}

class DayTable {
  /** day → source → steps */
  private readonly days = new Map<string, Map<string, number>>();
  private readonly sources = new Set<string>();

  constructor(
    private readonly today: string,
    private readonly limits: ExportLimits,
  ) {}

  add(day: string, source: string, steps: number): void {
    if (day > this.today) throw new AppError('VALIDATION_FAILED', 'importFutureDay', { day });
    let perSource = this.days.get(day);
    if (!perSource) {
      if (this.days.size >= this.limits.maxDays) {
        throw new AppError('VALIDATION_FAILED', 'importTooManyDays', { max: this.limits.maxDays });
      }
      perSource = new Map();
      this.days.set(day, perSource);
    }
    if (!this.sources.has(source)) {
      if (this.sources.size >= this.limits.maxSources) {
        throw new AppError('VALIDATION_FAILED', 'importTooManySources', { max: this.limits.maxSources });
      }
      this.sources.add(source);
    }
    perSource.set(source, (perSource.get(source) ?? 0) + steps);
  }

  /** Each day's highest source (a phone and a watch count the same steps: never their sum). */
  result(): ImportedDay[] {
    return [...this.days.entries()]
      .map(([day, perSource]) => ({ day, steps: Math.round(Math.max(...perSource.values())) }))
      .filter((day) => day.steps > 0)
      .sort((a, b) => (a.day < b.day ? -1 : 1));
  }
}

async function readAppleXml(
  stream: Readable,
  calendar: BusinessCalendar,
  table: DayTable,
  limits: ExportLimits,
): Promise<void> {
  const parser = new SaxesParser({ position: true });
  const malformed = (line: number) => new AppError('VALIDATION_FAILED', 'importMalformedXml', { line });
  const guard = new RunGuard(limits.maxRunChars, malformed);
  let root: string | undefined;
  parser.on('opentag', (tag) => {
    if (root === undefined) {
      root = tag.name;
      if (root !== 'HealthData') throw new AppError('VALIDATION_FAILED', 'importNoAppleExport');
      return;
    }
    if (tag.name !== 'Record') return;
    const attributes = tag.attributes as Record<string, string>;
    if (attributes.type !== STEP_RECORD) return;
    const start = attributes.startDate ?? '';
    const instant = appleInstant(start);
    if (Number.isNaN(instant)) {
      throw new AppError('VALIDATION_FAILED', 'importBadDate', { value: shown(start), line: parser.line });
    }
    const value = attributes.value ?? '';
    if (!COUNT.test(value)) {
      throw new AppError('VALIDATION_FAILED', 'importBadCount', { value: shown(value), line: parser.line });
    }
    table.add(calendar.dayOf(instant), attributes.sourceName ?? '', Number(value));
  });
  // The parser's own errors are the document's; any other error is the archive's (a bad deflate
  // stream, an entry longer than it said).
  const feed = (write: () => void) => {
    try {
      write();
    } catch (error) {
      throw error instanceof AppError ? error : malformed(parser.line);
    }
  };
  stream.setEncoding('utf8');
  try {
    for await (const chunk of stream as AsyncIterable<string>) {
      feed(() => {
        guard.check(chunk, parser.line);
        parser.write(chunk);
      });
    }
  } catch (error) {
    stream.destroy();
    throw error instanceof AppError ? error : damaged();
  }
  feed(() => parser.close());
  if (root === undefined) throw malformed(parser.line);
}

/**
 * Fit's daily metrics: the `Date` and `Step count` columns, found by name in the header. A row may
 * span lines (a quoted line break in another column); csv-rows.ts reads the CSV (decision 085 "A CSV parser for real
 * exports").
 */
async function readFitCsv(stream: Readable, table: DayTable, limits: ExportLimits): Promise<void> {
  for await (const { line, cells } of csvRows(stream, ['Date', 'Step count'], limits.maxRunChars)) {
    const [date = '', value = ''] = cells;
    const day = plainDay(date);
    if (!day) throw new AppError('VALIDATION_FAILED', 'importBadDate', { value: shown(date), line });
    // Google leaves the cell empty on a day without data.
    if (value === '') continue;
    if (!COUNT.test(value)) throw new AppError('VALIDATION_FAILED', 'importBadCount', { value: shown(value), line });
    table.add(day, 'googleFit', Number(value));
  }
}

const isAppleExport = (name: string) => name === 'export.xml' || name.endsWith('/export.xml');
const isFitMetrics = (name: string) =>
  name === 'Daily activity metrics.csv' || name.endsWith('/Daily activity metrics.csv');

/**
 * The days with steps of a health export on disk: `appleHealth`, the Health app's export.zip
 * (step records summed per source and business day in their own offset, the highest source
 * taken per day); `googleFit`, a Takeout archive's daily activity metrics. Days after `today`
 * are refused, like negative or non-numeric counts and a damaged or oversized archive.
 */
export async function readHealthExport(
  kind: HealthImportKind,
  file: string,
  calendar: BusinessCalendar,
  today: string,
  limits: ExportLimits = EXPORT_LIMITS,
): Promise<ImportedDay[]> {
  const zip = await openZip(file);
  try {
    const table = new DayTable(today, limits);
    if (kind === 'appleHealth') {
      const entry = await findEntry(zip, isAppleExport, limits);
      if (!entry) throw new AppError('VALIDATION_FAILED', 'importNoAppleExport');
      await readAppleXml(await openEntry(zip, entry, limits.maxUncompressedBytes, limits), calendar, table, limits);
    } else {
      const entry = await findEntry(zip, isFitMetrics, limits);
      if (!entry) throw new AppError('VALIDATION_FAILED', 'importNoFitMetrics');
      const csvLimit = Math.min(MAX_CSV_BYTES, limits.maxUncompressedBytes);
      await readFitCsv(await openEntry(zip, entry, csvLimit, limits), table, limits);
    }
    return table.result();
  } finally {
    zip.close();
  }
}
