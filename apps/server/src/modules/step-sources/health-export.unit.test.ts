import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  APPLE_HEAD,
  APPLE_TAIL,
  appleExportZip,
  appleRecord,
  takeoutZip,
  zipOf,
} from '../../../test/health-exports.js';
import { AppError } from '../../http/errors.js';
import { BusinessCalendar } from '../../lib/business-day.js';
import { EXPORT_LIMITS, appleInstant, readHealthExport, type ExportLimits } from './health-export.js';

const dir = mkdtempSync(path.join(tmpdir(), 'stride-export-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const calendar = new BusinessCalendar(480);
let files = 0;

async function read(
  bytes: Buffer,
  kind: 'appleHealth' | 'googleFit' = 'appleHealth',
  limits: Partial<ExportLimits> = {},
) {
  files += 1;
  const file = path.join(dir, `${files}.zip`);
  writeFileSync(file, bytes);
  return readHealthExport(kind, file, calendar, '2026-11-22', { ...EXPORT_LIMITS, ...limits });
}

async function refusal(promise: Promise<unknown>): Promise<{ key: string; values: Record<string, string | number> }> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!(error instanceof AppError)) throw new Error(`expected a refusal, got ${String(error)}`);
  return { key: error.messageKey, values: error.values };
}

describe('Apple timestamps', () => {
  it('are read in their own offset', () => {
    expect(appleInstant('2024-05-01 08:00:00 +0800')).toBe(Date.UTC(2024, 4, 1, 0, 0, 0));
    expect(appleInstant('2024-04-30 20:15:30 -0530')).toBe(Date.UTC(2024, 4, 1, 1, 45, 30));
    for (const bad of ['2024-02-30 08:00:00 +0800', '2024-05-01T08:00:00Z', '2024-05-01 24:00:00 +0000', '']) {
      expect(appleInstant(bad), bad).toBeNaN();
    }
  });
});

describe('health exports', () => {
  it('take the highest source per day, summed per source, rounded', async () => {
    const zip = await appleExportZip([
      { start: '2026-05-01 08:00:00 +0800', value: '10.4', source: 'Phone' },
      { start: '2026-05-01 09:00:00 +0800', value: '10.4', source: 'Phone' },
      { start: '2026-05-01 09:00:00 +0800', value: '20', source: 'Watch' },
    ]);
    expect(await read(zip)).toEqual([{ day: '2026-05-01', steps: 21 }]);
  });

  it('find export.xml at any depth, and the Takeout CSV at any depth', async () => {
    const xml = APPLE_HEAD + appleRecord({ start: '2026-05-01 08:00:00 +0800', value: 5 }) + APPLE_TAIL;
    expect(await read(await zipOf([{ name: 'a/b/c/export.xml', data: xml }]))).toEqual([
      { day: '2026-05-01', steps: 5 },
    ]);
    expect(await read(await zipOf([{ name: 'export.xml', data: xml, store: true }]))).toHaveLength(1);
    const takeout = await takeoutZip([{ date: '2026-05-02', steps: 7 }]);
    expect(await read(takeout, 'googleFit')).toEqual([{ day: '2026-05-02', steps: 7 }]);
  });

  it('refuse an entry larger than the limit, or expanding past the ratio', async () => {
    const xml = APPLE_HEAD + appleRecord({ start: '2026-05-01 08:00:00 +0800', value: 5 }) + APPLE_TAIL;
    const zip = await zipOf([{ name: 'export.xml', data: xml }]);
    expect(await refusal(read(zip, 'appleHealth', { maxUncompressedBytes: 100 }))).toMatchObject({
      key: 'importTooBig',
    });
    expect(await refusal(read(zip, 'appleHealth', { ratioFloorBytes: 10, maxRatio: 1 }))).toMatchObject({
      key: 'importTooBig',
    });
  });

  it('refuse too many days, too many sources, and a run without tags longer than any export holds', async () => {
    const days = await appleExportZip(
      Array.from({ length: 5 }, (_, i) => ({ start: `2026-05-0${i + 1} 08:00:00 +0800`, value: 1 })),
    );
    expect(await refusal(read(days, 'appleHealth', { maxDays: 4 }))).toEqual({
      key: 'importTooManyDays',
      values: { max: 4 },
    });
    expect(await read(days, 'appleHealth', { maxDays: 5 })).toHaveLength(5);
    const sources = await appleExportZip(
      Array.from({ length: 3 }, (_, i) => ({ start: '2026-05-01 08:00:00 +0800', value: 1, source: `S${i}` })),
    );
    expect(await refusal(read(sources, 'appleHealth', { maxSources: 2 }))).toMatchObject({
      key: 'importTooManySources',
    });
    const long = await zipOf([{ name: 'export.xml', data: `<HealthData>${'x'.repeat(5000)}</HealthData>` }]);
    expect(await refusal(read(long, 'appleHealth', { maxRunChars: 1000 }))).toMatchObject({
      key: 'importMalformedXml',
    });
  });

  it('refuse entity tricks: an undeclared entity is malformed, a declared one is never expanded', async () => {
    const undeclared = await zipOf([{ name: 'export.xml', data: '<HealthData>&lol;</HealthData>' }]);
    expect(await refusal(read(undeclared))).toMatchObject({ key: 'importMalformedXml' });
    const laughs = `<?xml version="1.0"?><!DOCTYPE HealthData [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;">]><HealthData>&b;</HealthData>`;
    expect(await refusal(read(await zipOf([{ name: 'export.xml', data: laughs }])))).toMatchObject({
      key: 'importMalformedXml',
    });
  });

  it('read a Takeout CSV whose rows span lines, and point a bad row at the line it starts on', async () => {
    const csv = (data: string) =>
      zipOf([{ name: 'Takeout/Fit/Daily activity metrics/Daily activity metrics.csv', data }]);
    const head = '\uFEFFDate,Activity,Step count\r\n2026-05-01,"Walk,\r\n""lake"" loop",8123\r\n';
    expect(await read(await csv(`${head}2026-05-02,Run,9000\r\n`), 'googleFit')).toEqual([
      { day: '2026-05-01', steps: 8123 },
      { day: '2026-05-02', steps: 9000 },
    ]);
    expect(await refusal(read(await csv(`${head}2026-05-02,Run,-1\r\n`), 'googleFit'))).toEqual({
      key: 'importBadCount',
      values: { value: '-1', line: 4 },
    });
    expect(await refusal(read(await csv(`${head}2026-02-30,Run,1\r\n`), 'googleFit'))).toEqual({
      key: 'importBadDate',
      values: { value: '2026-02-30', line: 4 },
    });
    expect(await refusal(read(await csv(`${head}2026-05-02,"Run,1\r\n`), 'googleFit'))).toEqual({
      key: 'importMalformedCsv',
      values: { line: 4 },
    });
    const long = await csv(`${head}2026-05-02,"${'x'.repeat(3000)}",1\r\n`);
    expect(await refusal(read(long, 'googleFit', { maxRunChars: 1000 }))).toEqual({
      key: 'importMalformedCsv',
      values: { line: 4 },
    });
    expect(await refusal(read(long, 'googleFit', { maxUncompressedBytes: 1000 }))).toMatchObject({
      key: 'importTooBig',
    });
  });

  it('refuse a CSV without the expected columns, and an empty one', async () => {
    const csv = (data: string) =>
      zipOf([{ name: 'Takeout/Fit/Daily activity metrics/Daily activity metrics.csv', data }]);
    expect(await refusal(read(await csv('Day,Steps\n2026-01-01,5\n'), 'googleFit'))).toEqual({
      key: 'importMalformedCsv',
      values: { line: 1 },
    });
    expect(await refusal(read(await csv(''), 'googleFit'))).toMatchObject({ key: 'importMalformedCsv' });
  });
});
