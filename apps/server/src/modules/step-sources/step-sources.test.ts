import { mkdirSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  CODES,
  DEVICE_TOKENS_MAX,
  STEP_BUCKETS_PER_POST,
  buyCard,
  createDeviceToken,
  getHome,
  getStepReceipt,
  listDeviceTokens,
  listHealthImports,
  postDeviceSteps,
  reportSteps,
  revokeDeviceToken,
  uploadHealthImport,
  type Envelope,
  type ResponseOf,
  type StepBucketsResult,
} from '@stride/contract';
import { describe, expect, it } from 'vitest';
import {
  api,
  balanceOf,
  createPlan,
  fundUser,
  idempotencyKey,
  multipartBody,
  registerUser,
  useTestApp,
  verifyUser,
  PAYMENT_PASSWORD,
} from '../../../test/harness.js';
import {
  appleExportXml,
  appleExportZip,
  fitDailyCsv,
  lieAboutSize,
  breakCrc,
  damageBytes,
  takeoutZip,
  zipOf,
} from '../../../test/health-exports.js';
import { HOUR_MS, MINUTE_MS } from '../../lib/clock.js';
import { IMPORTS_PER_WINDOW } from './step-sources.service.js';

const t = useTestApp({ HEALTH_IMPORT_MAX_BYTES: String(256 * 1024) });

// The business day is UTC+8 by default: local noon on 22 November 2026.
const NOON = Date.UTC(2026, 10, 22, 4, 0, 0);
const TODAY = '2026-11-22';
const YESTERDAY = '2026-11-21';

type ImportAnswer = Envelope<ResponseOf<typeof uploadHealthImport>>;

async function importFile(
  token: string,
  bytes: Buffer,
  kind: string | null,
  options: { filename?: string; kindAfterFile?: boolean; language?: string } = {},
): Promise<ImportAnswer> {
  const fields: Record<string, string> = kind === null || options.kindAfterFile ? {} : { kind };
  const built = multipartBody(fields, {
    bytes,
    filename: options.filename ?? 'export.zip',
    contentType: 'application/zip',
  });
  const { contentType } = built;
  let payload = built.payload;
  if (options.kindAfterFile && kind !== null) {
    const boundary = contentType.split('boundary=')[1] ?? '';
    const text = payload
      .toString('latin1')
      .replace(
        `--${boundary}--`,
        `--${boundary}\r\ncontent-disposition: form-data; name="kind"\r\n\r\n${kind}\r\n--${boundary}--`,
      );
    payload = Buffer.from(text, 'latin1');
  }
  const response = await t.app.inject({
    method: 'POST',
    url: uploadHealthImport.path,
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': contentType,
      ...(options.language ? { 'accept-language': options.language } : {}),
    },
    payload,
  });
  return response.json<ImportAnswer>();
}

const postSteps = (token: string, body: { day?: string; steps: number }) => api(t, postDeviceSteps, { token, body });

async function stepRows(userId: string) {
  return t.db
    .selectFrom('step_sources')
    .select(['day', 'source', 'kind', 'steps'])
    .where('user_id', '=', userId)
    .orderBy('day')
    .orderBy('source')
    .execute();
}

async function dayRows(userId: string) {
  return t.db
    .selectFrom('step_days')
    .select(['day', 'steps', 'source'])
    .where('user_id', '=', userId)
    .orderBy('day')
    .execute();
}

/** A new user's import of `bytes`, refused with `message`, leaving no step, no day and no import behind. */
async function expectRefusedImport(name: string, bytes: Buffer, kind: 'appleHealth' | 'googleFit', message: string) {
  const { token, userId } = await registerUser(t);
  const answer = await importFile(token, bytes, kind);
  expect(answer.code, name).toBe(CODES.VALIDATION_FAILED);
  expect(answer.message, name).toContain(message);
  expect(await dayRows(userId), name).toEqual([]);
  expect(await stepRows(userId), name).toEqual([]);
  expect((await api(t, listHealthImports, { token })).data, name).toEqual([]);
}

function tempFiles(): string[] {
  const dir = path.join(t.config.dataDir, 'tmp', 'imports');
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

describe('step-source tokens', () => {
  it('are created once (the token shown once, kept as a hash), listed with a hint, and revoked', async () => {
    t.clock.set(NOON);
    const { token, userId } = await registerUser(t);
    const created = await api(t, createDeviceToken, { token, body: { name: ' Watch ' } });
    expect(created.code).toBe(CODES.OK);
    expect(created.data.token).toMatch(/^sst_[A-Za-z0-9_-]{43}$/);
    expect(created.data).toMatchObject({ name: 'Watch', hint: created.data.token.slice(-4), lastUsedAt: null });
    const stored = await t.db.selectFrom('device_tokens').selectAll().where('user_id', '=', userId).execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(created.data.token.slice(4));

    t.clock.advance(MINUTE_MS);
    const second = await api(t, createDeviceToken, { token, body: { name: 'Shortcut' } });
    const listed = await api(t, listDeviceTokens, { token });
    expect(listed.data.map((item) => item.name)).toEqual(['Shortcut', 'Watch']);
    expect(listed.data.every((item) => !('token' in item))).toBe(true);

    expect((await api(t, revokeDeviceToken, { token, params: { id: second.data.id } })).code).toBe(CODES.OK);
    expect((await api(t, listDeviceTokens, { token })).data.map((item) => item.name)).toEqual(['Watch']);
    // Revoked for good: again is not found.
    expect((await api(t, revokeDeviceToken, { token, params: { id: second.data.id } })).code).toBe(CODES.NOT_FOUND);
  });

  it('post steps for their own user only, as their own source, and record when they were used', async () => {
    t.clock.set(NOON);
    const { token, userId } = await registerUser(t);
    const created = await api(t, createDeviceToken, { token, body: { name: 'Phone automation' } });
    const device = created.data.token;

    const posted = await postSteps(device, { steps: 4_000 });
    expect(posted).toMatchObject({ code: CODES.OK, data: { day: TODAY, steps: 4_000, sourceSteps: 4_000 } });
    const yesterday = await postSteps(device, { day: YESTERDAY, steps: 9_000 });
    expect(yesterday.data).toMatchObject({ day: YESTERDAY, steps: 9_000 });
    // Another source's higher count is the day's; the token's own count stays its own.
    await api(t, reportSteps, { token, body: { day: TODAY, steps: 5_000 } });
    t.clock.advance(5 * MINUTE_MS);
    expect((await postSteps(device, { steps: 4_500 })).data).toMatchObject({ steps: 5_000, sourceSteps: 4_500 });
    expect(await stepRows(userId)).toEqual([
      { day: YESTERDAY, source: `device:${created.data.id}`, kind: 'device', steps: 9_000 },
      { day: TODAY, source: `device:${created.data.id}`, kind: 'device', steps: 4_500 },
      { day: TODAY, source: 'web', kind: 'web', steps: 5_000 },
    ]);
    // Only today and yesterday, as any report.
    const old = await postSteps(device, { day: '2026-11-19', steps: 100 });
    expect(old.code).toBe(CODES.BUSINESS_RULE);
    const [listed] = (await api(t, listDeviceTokens, { token })).data;
    expect(listed?.lastUsedAt).toBe(new Date(NOON + 5 * MINUTE_MS).toISOString());
  });

  it('open nothing but posting steps; a user token cannot post there; a revoked token is refused', async () => {
    t.clock.set(NOON);
    const { token } = await registerUser(t);
    const device = (await api(t, createDeviceToken, { token, body: { name: 'Watch' } })).data;
    for (const answer of [
      await api(t, getHome, { token: device.token }),
      await api(t, listDeviceTokens, { token: device.token }),
      await api(t, createDeviceToken, { token: device.token, body: { name: 'More' } }),
      await api(t, reportSteps, { token: device.token, body: { day: TODAY, steps: 10 } }),
    ]) {
      expect(answer.code).toBe(CODES.SESSION_INVALID);
    }
    expect((await importFile(device.token, await appleExportZip([]), 'appleHealth')).code).toBe(CODES.SESSION_INVALID);
    expect((await postSteps(token, { steps: 10 })).code).toBe(CODES.SESSION_INVALID);
    expect((await postSteps('sst_not-a-real-token-at-all-000000000', { steps: 10 })).code).toBe(CODES.SESSION_INVALID);
    const bare = await t.app.inject({ method: 'POST', url: postDeviceSteps.path, payload: { steps: 1 } });
    expect(bare.json()).toMatchObject({ code: CODES.SESSION_INVALID });

    await api(t, revokeDeviceToken, { token, params: { id: device.id } });
    expect((await postSteps(device.token, { steps: 10 })).code).toBe(CODES.SESSION_INVALID);
  });

  it('of another user cannot be revoked, and a frozen account’s token is refused as its sessions are', async () => {
    t.clock.set(NOON);
    const owner = await registerUser(t);
    const other = await registerUser(t);
    const device = (await api(t, createDeviceToken, { token: owner.token, body: { name: 'Watch' } })).data;
    const refused = await api(t, revokeDeviceToken, { token: other.token, params: { id: device.id } });
    expect(refused.code).toBe(CODES.NOT_FOUND);
    expect((await postSteps(device.token, { steps: 10 })).code).toBe(CODES.OK);

    await t.db.updateTable('users').set({ frozen_at: NOON }).where('id', '=', owner.userId).execute();
    expect((await postSteps(device.token, { steps: 20 })).code).toBe(CODES.ACCOUNT_FROZEN);
    await t.db.updateTable('users').set({ frozen_at: null }).where('id', '=', owner.userId).execute();
  });

  it(`are at most ${DEVICE_TOKENS_MAX} live at once, even when created concurrently`, async () => {
    t.clock.set(NOON);
    const { token, userId } = await registerUser(t);
    const answers = await Promise.all(
      Array.from({ length: DEVICE_TOKENS_MAX + 6 }, (_, i) =>
        api(t, createDeviceToken, { token, body: { name: `Device ${i}` } }),
      ),
    );
    expect(answers.filter((answer) => answer.code === CODES.OK)).toHaveLength(DEVICE_TOKENS_MAX);
    const refused = answers.filter((answer) => answer.code !== CODES.OK);
    expect(refused).toHaveLength(6);
    expect(refused.every((answer) => answer.code === CODES.BUSINESS_RULE)).toBe(true);
    expect(refused[0]?.message).toBe(`You already have ${DEVICE_TOKENS_MAX} step-source tokens; revoke one first`);
    const live = await t.db.selectFrom('device_tokens').select('id').where('user_id', '=', userId).execute();
    expect(live).toHaveLength(DEVICE_TOKENS_MAX);
    // Revoking one makes room for one.
    await api(t, revokeDeviceToken, { token, params: { id: live[0]!.id } });
    expect((await api(t, createDeviceToken, { token, body: { name: 'Again' } })).code).toBe(CODES.OK);
    expect((await api(t, createDeviceToken, { token, body: { name: 'Too many' } })).code).toBe(CODES.BUSINESS_RULE);
  });
});

/**
 * Exports a reader must refuse, each with the message the user reads (decision 030 "Step-source tokens and health
 * imports").
 */
const HOSTILE_EXPORTS: Array<[string, () => Promise<Buffer>, 'appleHealth' | 'googleFit', string]> = [
  [
    'not a zip',
    () => Promise.resolve(Buffer.from('PK but not really a zip archive at all')),
    'appleHealth',
    'The file is not a zip archive',
  ],
  [
    'no export.xml',
    async () => await zipOf([{ name: 'apple_health_export/other.xml', data: '<a/>' }]),
    'appleHealth',
    'No Apple Health export.xml in this archive',
  ],
  [
    'no daily metrics',
    async () => await zipOf([{ name: 'Takeout/Fit/Activities/x.tcx', data: '<a/>' }]),
    'googleFit',
    'No Google Fit "Daily activity metrics.csv"',
  ],
  [
    'malformed XML',
    async () => await zipOf([{ name: 'export.xml', data: '<HealthData><Record type="x" value="1"></HealthData>' }]),
    'appleHealth',
    'export.xml is not valid XML (line 1)',
  ],
  [
    'another XML document',
    async () => await zipOf([{ name: 'deep/down/export.xml', data: '<svg></svg>' }]),
    'appleHealth',
    'No Apple Health export.xml in this archive',
  ],
  [
    'a zip bomb',
    async () => await zipOf([{ name: 'apple_health_export/export.xml', data: Buffer.alloc(40 * 1024 * 1024, 32) }]),
    'appleHealth',
    'The archive expands to too much data',
  ],
  [
    'an entry lying about its size',
    async () =>
      lieAboutSize(
        await zipOf([{ name: 'export.xml', data: appleExportXml([{ start: '2026-05-01 08:00:00 +0800', value: 5 }]) }]),
        'export.xml',
        100,
      ),
    'appleHealth',
    'The archive is damaged',
  ],
  [
    'a future day',
    async () =>
      await appleExportZip([
        { start: '2026-05-01 08:00:00 +0800', value: 10 },
        { start: '2026-11-23 08:00:00 +0800', value: 10 },
      ]),
    'appleHealth',
    'The export has steps on 2026-11-23, a day that has not come yet',
  ],
  [
    'a negative count',
    async () => await appleExportZip([{ start: '2026-05-01 08:00:00 +0800', value: -5 }]),
    'appleHealth',
    'An invalid step count "-5" (line 11)',
  ],
  [
    'a non-numeric count',
    async () =>
      await takeoutZip([
        { date: '2026-05-01', steps: 10 },
        { date: '2026-05-02', steps: 'lots' },
      ]),
    'googleFit',
    'An invalid step count "lots" (line 3)',
  ],
  [
    'a bad date',
    async () => await appleExportZip([{ start: '2026-02-30 08:00:00 +0800', value: 10 }]),
    'appleHealth',
    'An invalid date "2026-02-30 08:00:00 +0800" (line 11)',
  ],
  [
    'more than twenty years of days',
    async () =>
      await zipOf([
        {
          name: 'Takeout/Fit/Daily activity metrics/Daily activity metrics.csv',
          data: fitDailyCsv(
            Array.from({ length: 7_400 }, (_, i) => ({
              date: new Date(Date.UTC(2000, 0, 1) + i * 86_400_000).toISOString().slice(0, 10),
              steps: 1000,
            })),
          ),
        },
      ]),
    'googleFit',
    'The export has more than 7305 days of steps',
  ],
];

describe('uploadHealthImport (POST /api/step-sources/imports)', () => {
  it('read an Apple Health export: per source and business day, the highest source per day, never the sum', async () => {
    t.clock.set(NOON);
    const { token, userId } = await registerUser(t);
    const zip = await appleExportZip([
      // 1 May in UTC+8 from records in other offsets.
      { start: '2026-05-01 08:00:00 +0800', value: 3000, source: 'iPhone' },
      { start: '2026-05-01 01:30:00 +0000', value: 2000, source: 'iPhone' },
      // 23:30 on 30 April in New York is 11:30 on 1 May in UTC+8.
      { start: '2026-04-30 23:30:00 -0400', value: 500, source: 'iPhone' },
      { start: '2026-05-01 09:00:00 +0800', value: 4000, source: 'Apple Watch' },
      { start: '2026-05-01 10:00:00 +0800', value: 3000, source: 'Apple Watch' },
      // 16:30 UTC is the next business day.
      { start: '2026-05-01 16:30:00 +0000', value: 1200, source: 'iPhone' },
      { start: '2026-05-02 12:00:00 +0800', value: 800, source: 'Apple Watch' },
      { start: '2026-05-03 12:00:00 +0800', value: 70, type: 'HKQuantityTypeIdentifierFlightsClimbed' },
    ]);
    const answer = await importFile(token, zip, 'appleHealth', { filename: 'export.zip' });
    expect(answer).toMatchObject({
      code: CODES.OK,
      data: { kind: 'appleHealth', fileName: 'export.zip', days: 2, firstDay: '2026-05-01', lastDay: '2026-05-02' },
    });
    expect(answer.data.duplicate).toBe(false);
    expect(await dayRows(userId)).toEqual([
      // iPhone 3000 + 2000 + 500 = 5500; Watch 4000 + 3000 = 7000: the watch's.
      { day: '2026-05-01', steps: 7_000, source: 'appleHealth' },
      { day: '2026-05-02', steps: 1_200, source: 'appleHealth' },
    ]);
    const listed = await api(t, listHealthImports, { token });
    expect(listed.data).toEqual([
      expect.objectContaining({ id: answer.data.id, kind: 'appleHealth', days: 2, firstDay: '2026-05-01' }),
    ]);
    expect(tempFiles()).toEqual([]);
  });

  it('read a Google Takeout export’s daily metrics, blank days skipped', async () => {
    t.clock.set(NOON);
    const { token, userId } = await registerUser(t);
    const zip = await takeoutZip([
      { date: '2026-03-01', steps: 8123 },
      { date: '2026-03-02', steps: '' },
      { date: '2026-03-03', steps: 0 },
      { date: '2026-03-04', steps: 12001 },
    ]);
    const answer = await importFile(token, zip, 'googleFit', { filename: 'takeout-20261122T000000Z-001.zip' });
    expect(answer).toMatchObject({
      code: CODES.OK,
      data: { kind: 'googleFit', days: 2, firstDay: '2026-03-01', lastDay: '2026-03-04', duplicate: false },
    });
    expect(await dayRows(userId)).toEqual([
      { day: '2026-03-01', steps: 8_123, source: 'googleFit' },
      { day: '2026-03-04', steps: 12_001, source: 'googleFit' },
    ]);
  });

  it('read a Takeout CSV whose rows span lines (a quoted line break in a note), with a BOM and CRLF', async () => {
    t.clock.set(NOON);
    const { token, userId } = await registerUser(t);
    const csv = [
      '\uFEFFDate,Move Minutes count,Notes,Step count,Distance (m)',
      '2026-03-01,30,"Morning walk, then ""the"" hill:',
      'knee fine",8123,4200.2',
      '2026-03-02,12,"two',
      '',
      'blank lines",,100.5',
      '2026-03-03,45,,12001,9000',
    ].join('\r\n');
    const zip = await zipOf([{ name: 'Takeout/Fit/Daily activity metrics/Daily activity metrics.csv', data: csv }]);
    const answer = await importFile(token, zip, 'googleFit');
    expect(answer).toMatchObject({
      code: CODES.OK,
      data: { kind: 'googleFit', days: 2, firstDay: '2026-03-01', lastDay: '2026-03-03', duplicate: false },
    });
    expect(await dayRows(userId)).toEqual([
      { day: '2026-03-01', steps: 8_123, source: 'googleFit' },
      { day: '2026-03-03', steps: 12_001, source: 'googleFit' },
    ]);

    // A quote left open is refused at the line its row starts on, in the user's language.
    const open = await zipOf([
      {
        name: 'Takeout/Fit/Daily activity metrics/Daily activity metrics.csv',
        data: `${csv}\r\n2026-03-04,10,"never closed,500,1\r\n2026-03-05,10,,600,1\r\n`,
      },
    ]);
    const other = await registerUser(t);
    const refused = await importFile(other.token, open, 'googleFit', { language: 'zh-Hans' });
    expect(refused).toMatchObject({ code: CODES.VALIDATION_FAILED, message: '每日指标文件不是预期的 CSV（第 8 行）' });
    expect(await dayRows(other.userId)).toEqual([]);
  });

  it('are idempotent: the same file again answers the first import and adds nothing, even at the same time', async () => {
    t.clock.set(NOON);
    const { token, userId } = await registerUser(t);
    const zip = await takeoutZip([{ date: '2026-02-01', steps: 5000 }]);
    const first = await importFile(token, zip, 'googleFit');
    expect(first.data.duplicate).toBe(false);
    const again = await importFile(token, zip, 'googleFit', { filename: 'renamed.zip' });
    expect(again.data).toEqual({ ...first.data, duplicate: true });

    const other = await takeoutZip([{ date: '2026-02-02', steps: 6000 }]);
    const together = await Promise.all([importFile(token, other, 'googleFit'), importFile(token, other, 'googleFit')]);
    expect(together.map((answer) => answer.code)).toEqual([CODES.OK, CODES.OK]);
    expect(together.map((answer) => answer.data.duplicate).sort()).toEqual([false, true]);
    expect(together[0]?.data.id).toBe(together[1]?.data.id);
    expect((await api(t, listHealthImports, { token })).data).toHaveLength(2);
    expect(await dayRows(userId)).toEqual([
      { day: '2026-02-01', steps: 5_000, source: 'googleFit' },
      { day: '2026-02-02', steps: 6_000, source: 'googleFit' },
    ]);
  });

  it('only raise history: a later, higher import wins a day; a lower one leaves it', async () => {
    t.clock.set(NOON);
    const { token, userId } = await registerUser(t);
    await importFile(token, await takeoutZip([{ date: '2026-01-10', steps: 5000 }]), 'googleFit');
    await importFile(token, await appleExportZip([{ start: '2026-01-10 12:00:00 +0800', value: 7000 }]), 'appleHealth');
    await importFile(token, await takeoutZip([{ date: '2026-01-10', steps: 4000 }]), 'googleFit');
    expect(await dayRows(userId)).toEqual([{ day: '2026-01-10', steps: 7_000, source: 'appleHealth' }]);
    expect(await stepRows(userId)).toEqual([
      { day: '2026-01-10', source: 'appleHealth', kind: 'appleHealth', steps: 7_000 },
      { day: '2026-01-10', source: 'googleFit', kind: 'googleFit', steps: 5_000 },
    ]);
  });

  it('earn only for today and yesterday: old days credit no points or cash back; today goes through the rate check', async () => {
    t.clock.set(NOON);
    const { token, userId } = await registerUser(t);
    await verifyUser(t, userId);
    await fundUser(t, userId, 20_000);
    const planId = await createPlan(t, { daily_target: 6_000, daily_cash_back: 300 });
    const bought = await api(t, buyCard, {
      token,
      body: { planId, payWith: 'balance', idempotencyKey: idempotencyKey(), paymentPassword: PAYMENT_PASSWORD },
    });
    expect(bought.code).toBe(CODES.OK);
    const cash = await balanceOf(t, userId);

    const old = await takeoutZip(
      Array.from({ length: 20 }, (_, i) => ({ date: `2026-10-${String(i + 1).padStart(2, '0')}`, steps: 20_000 })),
    );
    expect((await importFile(token, old, 'googleFit')).data.days).toBe(20);
    expect(await balanceOf(t, userId)).toBe(cash);
    expect(await balanceOf(t, userId, 'POINTS')).toBe(0);
    expect((await api(t, getHome, { token })).data).toMatchObject({ steps: 0, earnedPoints: 0 });

    // Ten minutes after local midnight, 9,000 steps today are too fast: refused, kept for the receipt.
    t.clock.set(Date.parse(`${TODAY}T00:10:00+08:00`));
    const fast = await importFile(token, await takeoutZip([{ date: TODAY, steps: 9_000 }]), 'googleFit');
    expect(fast.code).toBe(CODES.OK);
    const refusals = await t.db
      .selectFrom('step_refusals')
      .select(['day', 'source', 'reason'])
      .where('user_id', '=', userId)
      .execute();
    expect(refusals).toEqual([{ day: TODAY, source: 'googleFit', reason: 'rate' }]);
    expect((await api(t, getHome, { token })).data.steps).toBe(0);

    // At noon the same count passes and today's card cash back is paid.
    t.clock.set(NOON);
    const later = await importFile(token, await takeoutZip([{ date: TODAY, steps: 9_001 }]), 'googleFit');
    expect(later.code).toBe(CODES.OK);
    expect((await api(t, getHome, { token })).data).toMatchObject({ steps: 9_001, earnedPoints: 108 });
    expect(await balanceOf(t, userId)).toBe(cash + 300);
  });

  it('refuse a file over the limit, a missing or wrong kind, a kind after the file, and a missing file', async () => {
    t.clock.set(NOON);
    const { token, userId } = await registerUser(t);
    const big = await zipOf([
      { name: 'apple_health_export/export.xml', data: Buffer.alloc(300 * 1024, 7), store: true },
    ]);
    expect(await importFile(token, big, 'appleHealth')).toMatchObject({
      code: CODES.VALIDATION_FAILED,
      message: 'The file is too large (at most 0.3 MB)',
    });
    const small = await appleExportZip([{ start: '2026-05-01 08:00:00 +0800', value: 10 }]);
    const noKind = await importFile(token, small, null);
    expect(noKind).toMatchObject({ code: CODES.VALIDATION_FAILED });
    expect(noKind.message).toBe('kind: must be one of appleHealth, googleFit, sent before the file');
    expect((await importFile(token, small, 'samsungHealth')).code).toBe(CODES.VALIDATION_FAILED);
    expect((await importFile(token, small, 'appleHealth', { kindAfterFile: true })).message).toBe(noKind.message);
    const { payload, contentType } = multipartBody({ kind: 'appleHealth' });
    const noFile = await t.app.inject({
      method: 'POST',
      url: uploadHealthImport.path,
      headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
      payload,
    });
    expect(noFile.json()).toMatchObject({ code: CODES.VALIDATION_FAILED, message: 'Choose a file to upload' });
    expect(await dayRows(userId)).toEqual([]);
    expect((await api(t, listHealthImports, { token })).data).toEqual([]);
    expect(tempFiles()).toEqual([]);
  });

  // One test per export: each starts a reader process and signs a user up, so together they
  // outran one test's time limit on a loaded machine.
  it.each(HOSTILE_EXPORTS)('refuses %s with a clear message, changing nothing', async (name, bytes, kind, message) => {
    t.clock.set(NOON);
    // A user per case: the import limit counts attempts.
    await expectRefusedImport(name, await bytes(), kind, message);
    expect(tempFiles()).toEqual([]);
  });

  it('says a refusal in the user’s language', async () => {
    t.clock.set(NOON);
    const { token } = await registerUser(t);
    const french = await importFile(token, Buffer.from('not a zip'), 'appleHealth', { language: 'fr' });
    expect(french.message).toBe(
      'Le fichier n’est pas une archive zip : choisissez l’export tel que l’app l’a enregistré',
    );
  });

  it('refuse an export damaged after it was written: an entry whose CRC-32 does not match, however well it parses', async () => {
    t.clock.set(NOON);
    const cases: Array<[string, Buffer, 'appleHealth' | 'googleFit', string]> = [
      [
        'a stored entry whose bytes no longer match its CRC-32 (still well-formed XML)',
        damageBytes(
          await zipOf([
            {
              name: 'apple_health_export/export.xml',
              data: appleExportXml([{ start: '2026-05-01 08:00:00 +0800', value: 5 }]),
              store: true,
            },
          ]),
          'value="5"',
          'value="9"',
        ),
        'appleHealth',
        'The archive is damaged',
      ],
      [
        'a daily metrics CSV whose CRC-32 is wrong',
        breakCrc(
          await takeoutZip([{ date: '2026-05-01', steps: 10 }]),
          'Takeout/Fit/Daily activity metrics/Daily activity metrics.csv',
        ),
        'googleFit',
        'The archive is damaged',
      ],
    ];
    for (const [name, bytes, kind, message] of cases) await expectRefusedImport(name, bytes, kind, message);
    expect(tempFiles()).toEqual([]);
  });

  it('remove temporary files a stopped process left behind more than a day ago', async () => {
    t.clock.set(NOON);
    const dir = path.join(t.config.dataDir, 'tmp', 'imports');
    mkdirSync(dir, { recursive: true });
    const stale = path.join(dir, 'left-behind.part');
    const fresh = path.join(dir, 'in-flight.part');
    writeFileSync(stale, 'x');
    writeFileSync(fresh, 'y');
    const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000);
    utimesSync(stale, twoDaysAgo, twoDaysAgo);
    const { token } = await registerUser(t);
    expect((await importFile(token, await takeoutZip([{ date: '2026-04-02', steps: 100 }]), 'googleFit')).code).toBe(
      CODES.OK,
    );
    expect(tempFiles()).toEqual(['in-flight.part']);
    rmSync(fresh);
  });

  it(`are limited to ${IMPORTS_PER_WINDOW} an hour per user`, async () => {
    t.clock.set(NOON);
    const { token } = await registerUser(t);
    const zip = await takeoutZip([{ date: '2026-04-01', steps: 100 }]);
    const answers: number[] = [];
    for (let i = 0; i <= IMPORTS_PER_WINDOW; i += 1) answers.push((await importFile(token, zip, 'googleFit')).code);
    expect(answers.slice(0, IMPORTS_PER_WINDOW).every((code) => code === CODES.OK)).toBe(true);
    expect(answers.at(-1)).toBe(CODES.RATE_LIMITED);
    const other = await registerUser(t);
    expect((await importFile(other.token, zip, 'googleFit')).code).toBe(CODES.OK);
  });
});

// Hourly buckets (docs/product/step-sources.md, Tokens) -------------------------------------------

const DAY_BEFORE = '2026-11-20';

interface Bucket {
  start: string;
  end: string;
  steps: number;
  recorded?: 'automatic' | 'active' | 'manual' | 'unknown';
}

/** An instant on a service day (UTC+8), as the API answers it. */
const at = (day: string, time: string) => new Date(`${day}T${time}+08:00`).toISOString();

/** The hour starting at `hour` o'clock on a service day, sent in the phone's own offset. */
function hourOf(day: string, hour: number, steps: number, recorded: Bucket['recorded'] = 'automatic'): Bucket {
  const start = Date.parse(`${day}T00:00:00+08:00`) + hour * HOUR_MS;
  const local = (ms: number) => `${new Date(ms + 8 * HOUR_MS).toISOString().slice(0, 19)}+08:00`;
  return { start: local(start), end: local(start + HOUR_MS), steps, recorded };
}

const postBuckets = async (token: string, buckets: Bucket[], language?: string) => {
  const answer = await api(t, postDeviceSteps, { token, body: { buckets }, ...(language ? { language } : {}) });
  return answer as typeof answer & { data: StepBucketsResult };
};

const outcomesOf = (answer: { data: StepBucketsResult }) => answer.data.buckets.map((bucket) => bucket.outcome);

/** A user with a card (6,000 steps a day pay 300 cash back) and a token named Phone. */
async function walkerWithCard() {
  const user = await registerUser(t);
  await verifyUser(t, user.userId);
  await fundUser(t, user.userId, 20_000);
  const planId = await createPlan(t, { daily_target: 6_000, daily_cash_back: 300 });
  const bought = await api(t, buyCard, {
    token: user.token,
    body: { planId, payWith: 'balance', idempotencyKey: idempotencyKey(), paymentPassword: PAYMENT_PASSWORD },
  });
  expect(bought.code).toBe(CODES.OK);
  const device = (await api(t, createDeviceToken, { token: user.token, body: { name: 'Phone' } })).data;
  return { ...user, device, cash: await balanceOf(t, user.userId) };
}

/** The user's ledger transfers (each is keyed `<user id>:…`). */
async function transfersOf(userId: string) {
  return t.db.selectFrom('ledger_transfers').select(['kind']).where('idempotency_key', 'like', `${userId}:%`).execute();
}

async function refusalsOf(userId: string) {
  return t.db
    .selectFrom('step_refusals')
    .select(['day', 'reason', 'steps', 'limit_steps'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('day')
    .orderBy('steps')
    .execute();
}

describe('postDeviceSteps (POST /api/device/steps): hourly buckets', () => {
  it('count for the token’s source, credit the day, and count once however often they are sent', async () => {
    t.clock.set(NOON);
    const { token, userId, device, cash } = await walkerWithCard();
    const morning = Array.from({ length: 12 }, (_, hour) => hourOf(TODAY, hour, 600));

    const first = await postBuckets(device.token, morning);
    expect(first.code).toBe(CODES.OK);
    expect(first.data.buckets).toEqual(
      morning.map((_, hour) => ({ start: at(TODAY, `${String(hour).padStart(2, '0')}:00:00`), outcome: 'counted' })),
    );
    expect(first.data.days).toEqual([{ day: TODAY, steps: 7_200, sourceSteps: 7_200, cashBack: 300, review: null }]);
    expect(await balanceOf(t, userId)).toBe(cash + 300);
    expect(await stepRows(userId)).toEqual([
      { day: TODAY, source: `device:${device.id}`, kind: 'device', steps: 7_200 },
    ]);
    expect((await api(t, getHome, { token })).data.steps).toBe(7_200);
    const transfers = (await transfersOf(userId)).length;

    // The same buckets again, a minute later: unchanged, nothing new in the ledger.
    t.clock.advance(MINUTE_MS);
    const again = await postBuckets(device.token, morning);
    expect(outcomesOf(again)).toEqual(morning.map(() => 'unchanged'));
    expect(again.data.days).toEqual([{ ...first.data.days[0], cashBack: 0 }]);
    expect(await transfersOf(userId)).toHaveLength(transfers);
    expect(await balanceOf(t, userId)).toBe(cash + 300);

    // The last hour was still being counted: it grew, and only it counts again.
    const grown = [...morning.slice(0, 11), hourOf(TODAY, 11, 900)];
    const grew = await postBuckets(device.token, grown);
    expect(outcomesOf(grew)).toEqual([...morning.slice(0, 11).map(() => 'unchanged'), 'counted']);
    expect(grew.data.days).toMatchObject([{ day: TODAY, steps: 7_500, sourceSteps: 7_500, cashBack: 0 }]);

    // Fewer steps for a known start: the higher count stays.
    const lower = await postBuckets(device.token, [hourOf(TODAY, 11, 100)]);
    expect(outcomesOf(lower)).toEqual(['unchanged']);
    expect(lower.data.days).toMatchObject([{ day: TODAY, steps: 7_500, sourceSteps: 7_500 }]);
    const stored = await t.db
      .selectFrom('step_buckets')
      .select(['steps'])
      .where('user_id', '=', userId)
      .where('start_at', '=', Date.parse(at(TODAY, '11:00:00')))
      .executeTakeFirstOrThrow();
    expect(stored.steps).toBe(900);
    expect(await transfersOf(userId)).toHaveLength(transfers);
  });

  it('refuse one typed in by hand, once, and the day’s receipt shows it with the token’s name', async () => {
    t.clock.set(NOON);
    const { token, userId } = await registerUser(t);
    const device = (await api(t, createDeviceToken, { token, body: { name: 'Pixel shell' } })).data;
    const buckets = [hourOf(TODAY, 9, 1_000), hourOf(TODAY, 10, 5_000, 'manual'), hourOf(YESTERDAY, 18, 700, 'active')];

    const first = await postBuckets(device.token, buckets);
    expect(outcomesOf(first)).toEqual(['counted', 'manual', 'counted']);
    expect(first.data.days).toMatchObject([
      { day: YESTERDAY, steps: 700, sourceSteps: 700 },
      { day: TODAY, steps: 1_000, sourceSteps: 1_000 },
    ]);
    // Resent: known, refused again, but its refusal is written once.
    t.clock.advance(MINUTE_MS);
    expect(outcomesOf(await postBuckets(device.token, buckets))).toEqual(['unchanged', 'manual', 'unchanged']);
    expect(await refusalsOf(userId)).toEqual([{ day: TODAY, reason: 'manual', steps: 5_000, limit_steps: null }]);

    const receipt = await api(t, getStepReceipt, { token, params: { day: TODAY } });
    expect(receipt.data.steps).toBe(1_000);
    expect(receipt.data.refusals).toEqual([
      {
        kind: 'device',
        name: 'Pixel shell',
        steps: 5_000,
        reason: 'manual',
        limit: null,
        at: new Date(NOON).toISOString(),
      },
    ]);
    expect(receipt.data.sources).toMatchObject([{ kind: 'device', name: 'Pixel shell', steps: 1_000, credited: true }]);

    // The sensor's count for that hour, sent later, is counted in place of the typed-in one.
    const counted = await postBuckets(device.token, [hourOf(TODAY, 10, 800)]);
    expect(outcomesOf(counted)).toEqual(['counted']);
    expect(counted.data.days).toMatchObject([{ day: TODAY, steps: 1_800 }]);
  });

  it('refuse a bucket that is invalid, ahead of now, late, overlapping or too fast; the rest still counts', async () => {
    t.clock.set(NOON);
    const { token, userId } = await registerUser(t);
    const device = (await api(t, createDeviceToken, { token, body: { name: 'Phone' } })).data;
    expect(outcomesOf(await postBuckets(device.token, [hourOf(TODAY, 9, 1_000)]))).toEqual(['counted']);

    const answer = await postBuckets(device.token, [
      // End before start; longer than an hour; across the service day's midnight.
      { start: at(TODAY, '08:00:00'), end: at(TODAY, '07:00:00'), steps: 10 },
      { start: at(TODAY, '06:00:00'), end: at(TODAY, '07:30:00'), steps: 10 },
      { start: at(YESTERDAY, '23:30:00'), end: at(TODAY, '00:30:00'), steps: 10 },
      // Ending an hour from now; ending four minutes from now is the phone's clock a little ahead.
      hourOf(TODAY, 12, 10),
      { start: at(TODAY, '11:30:00'), end: at(TODAY, '12:04:00'), steps: 400 },
      // The day before yesterday is no longer open.
      hourOf(DAY_BEFORE, 10, 2_000),
      hourOf(DAY_BEFORE, 11, 1_000),
      // Overlapping the stored 09:00 hour, and an earlier bucket of this post, with other starts.
      { start: at(TODAY, '09:30:00'), end: at(TODAY, '10:30:00'), steps: 10 },
      hourOf(TODAY, 6, 300),
      { start: at(TODAY, '06:30:00'), end: at(TODAY, '07:00:00'), steps: 10 },
      // Ten minutes at 300 a minute allow 3,000 steps.
      { start: at(TODAY, '08:00:00'), end: at(TODAY, '08:10:00'), steps: 3_001 },
      { start: at(TODAY, '08:10:00'), end: at(TODAY, '08:20:00'), steps: 3_000 },
      // The day's midnight may end a bucket.
      { start: at(YESTERDAY, '23:30:00'), end: at(TODAY, '00:00:00'), steps: 50 },
    ]);
    expect(answer.code).toBe(CODES.OK);
    expect(outcomesOf(answer)).toEqual([
      'invalid',
      'invalid',
      'invalid',
      'future',
      'counted',
      'late',
      'late',
      'overlap',
      'counted',
      'overlap',
      'refused',
      'counted',
      'counted',
    ]);
    expect(answer.data.days).toMatchObject([
      { day: YESTERDAY, steps: 50, sourceSteps: 50 },
      { day: TODAY, steps: 1_000 + 400 + 300 + 3_000, sourceSteps: 4_700 },
    ]);
    expect(await refusalsOf(userId)).toEqual([
      { day: DAY_BEFORE, reason: 'late', steps: 3_000, limit_steps: null },
      { day: TODAY, reason: 'rate', steps: 3_001, limit_steps: 3_000 },
    ]);
    const receipt = await api(t, getStepReceipt, { token, params: { day: TODAY } });
    expect(receipt.data.refusals).toMatchObject([
      { kind: 'device', name: 'Phone', reason: 'rate', steps: 3_001, limit: 3_000 },
    ]);
  });

  it('and plain posts of the same token make one source: the day keeps the higher', async () => {
    t.clock.set(NOON);
    const { token, userId } = await registerUser(t);
    const device = (await api(t, createDeviceToken, { token, body: { name: 'Phone' } })).data;
    expect((await postSteps(device.token, { steps: 5_000 })).data).toMatchObject({ steps: 5_000, sourceSteps: 5_000 });

    // Buckets summing to less change nothing: a source's count only grows.
    const some = await postBuckets(device.token, [hourOf(TODAY, 8, 1_500), hourOf(TODAY, 9, 1_500)]);
    expect(outcomesOf(some)).toEqual(['counted', 'counted']);
    expect(some.data.days).toMatchObject([{ day: TODAY, steps: 5_000, sourceSteps: 5_000 }]);

    // More buckets take the sum past it; a bucket post a minute later is checked per bucket, not per report.
    t.clock.advance(MINUTE_MS);
    const more = await postBuckets(device.token, [hourOf(TODAY, 10, 1_500), hourOf(TODAY, 11, 1_500)]);
    expect(more.data.days).toMatchObject([{ day: TODAY, steps: 6_000, sourceSteps: 6_000 }]);
    expect(await stepRows(userId)).toEqual([
      { day: TODAY, source: `device:${device.id}`, kind: 'device', steps: 6_000 },
    ]);
    // A lower plain post after them changes nothing either.
    expect((await postSteps(device.token, { steps: 5_500 })).data).toMatchObject({ steps: 6_000, sourceSteps: 6_000 });
  });

  it('sent twice at once count once and credit the cash back once', async () => {
    // 23:58: the whole day's 24 hours have ended (the last one two minutes ago).
    t.clock.set(Date.parse(`${TODAY}T23:58:00+08:00`));
    const { userId, device, cash } = await walkerWithCard();
    const day = Array.from({ length: 24 }, (_, hour) => hourOf(TODAY, hour, 500));

    const answers = await Promise.all([postBuckets(device.token, day), postBuckets(device.token, day)]);
    expect(answers.map((answer) => answer.code)).toEqual([CODES.OK, CODES.OK]);
    expect(answers.map((answer) => [...new Set(outcomesOf(answer))]).sort()).toEqual([['counted'], ['unchanged']]);
    for (const answer of answers)
      expect(answer.data.days).toMatchObject([{ day: TODAY, steps: 12_000, sourceSteps: 12_000 }]);
    expect(answers.map((answer) => answer.data.days[0]?.cashBack).sort()).toEqual([0, 300]);
    expect(await balanceOf(t, userId)).toBe(cash + 300);
    expect((await transfersOf(userId)).filter((row) => row.kind === 'card.cashback')).toHaveLength(1);
    const rows = await t.db.selectFrom('step_buckets').select('start_at').where('user_id', '=', userId).execute();
    expect(rows).toHaveLength(24);
  });

  it(`are at most ${STEP_BUCKETS_PER_POST} a post; a body of neither form is refused with a clear message`, async () => {
    t.clock.set(NOON);
    const { token, userId } = await registerUser(t);
    const device = (await api(t, createDeviceToken, { token, body: { name: 'Phone' } })).data;
    const many = Array.from({ length: STEP_BUCKETS_PER_POST + 1 }, () => hourOf(TODAY, 9, 10));
    const tooMany = await postBuckets(device.token, many, 'es');
    expect(tooMany).toMatchObject({
      code: CODES.VALIDATION_FAILED,
      message: `buckets: debe tener como máximo ${STEP_BUCKETS_PER_POST} elementos`,
    });
    expect((await postBuckets(device.token, many)).message).toBe(
      `buckets: must have at most ${STEP_BUCKETS_PER_POST} items`,
    );

    const raw = async (payload: unknown) => {
      const response = await t.app.inject({
        method: 'POST',
        url: postDeviceSteps.path,
        headers: { authorization: `Bearer ${device.token}`, 'content-type': 'application/json' },
        payload: JSON.stringify(payload),
      });
      return response.json<Envelope<unknown>>();
    };
    expect(await raw({ garbage: true })).toMatchObject({
      code: CODES.VALIDATION_FAILED,
      message: 'steps: is required; garbage: unknown field',
    });
    expect(await raw({ buckets: [{ start: 'yesterday', end: at(TODAY, '10:00:00'), steps: -1 }] })).toMatchObject({
      code: CODES.VALIDATION_FAILED,
      message: 'buckets.0.start: has an invalid format; buckets.0.steps: must be at least 0',
    });
    expect(await raw({ buckets: [], steps: 5 })).toMatchObject({ code: CODES.VALIDATION_FAILED });
    expect(await raw('hello')).toMatchObject({ code: CODES.VALIDATION_FAILED });
    expect(await raw([1, 2])).toMatchObject({ code: CODES.VALIDATION_FAILED });
    expect(await stepRows(userId)).toEqual([]);
  });

  it('of a frozen account are refused as its sessions are; a user’s session token cannot post them', async () => {
    t.clock.set(NOON);
    const { token, userId } = await registerUser(t);
    const device = (await api(t, createDeviceToken, { token, body: { name: 'Phone' } })).data;
    expect((await postBuckets(token, [hourOf(TODAY, 9, 10)])).code).toBe(CODES.SESSION_INVALID);
    await t.db.updateTable('users').set({ frozen_at: NOON }).where('id', '=', userId).execute();
    expect((await postBuckets(device.token, [hourOf(TODAY, 9, 10)])).code).toBe(CODES.ACCOUNT_FROZEN);
    await t.db.updateTable('users').set({ frozen_at: null }).where('id', '=', userId).execute();
    expect(await t.db.selectFrom('step_buckets').select('start_at').where('user_id', '=', userId).execute()).toEqual(
      [],
    );
  });
});
