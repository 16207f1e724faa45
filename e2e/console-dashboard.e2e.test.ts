import {
  buyCard,
  getIdentity,
  listCardPlans,
  reportSteps,
  requestWithdrawal,
  residentIdCheckCharacter,
  submitFace,
  submitIdentity,
} from '@stride/contract';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/modules/index.js';
import { createDatabase } from '../apps/server/src/db/database.js';
import { startAliyunSmsFake, type FakeAliyunSms } from '../apps/server/fakes/aliyun-sms.js';
import { registerByApi, request, setPaymentPasswordByApi, uploadByApi } from './support/api.js';
import { openPhone } from './support/browser.js';
import { menu, MENU_OF, operatorDesk, shoot } from './support/console.js';
import { idCardPng } from './support/fake-camera.js';
import { openRoute, top, useToken } from './support/journey.js';
import { spawnServer } from './support/process.js';
import { ReadableCaptcha, type RunningServer } from './support/server.js';
import { ANY_STEP_RATE, fund, saveCardByApi, shareJourney } from './support/setup.js';

const WEB_DIST = fileURLToPath(new URL('../apps/web/dist', import.meta.url));

const REAL_NAME = 'Mei Strider';
const ACCOUNT = '13977770001';
/** How the console names the user (decision 080 "A console a new operator can read"). */
const MASKED = '139****0001';

let server: RunningServer;
let browser: Browser;

// The step-rate rule counts from local midnight (UTC+8): at 300 steps a minute, today's 7,345
// steps would be refused in the first 25 minutes of the business day. A rate no report here can
// exceed keeps the journey independent of the time of day it runs at.
shareJourney((started) => ({ server, browser } = started), { identityReview: 'operator', env: ANY_STEP_RATE });

function idNumber(): string {
  const first17 = '11010519870415123';
  return first17 + residentIdCheckCharacter(first17);
}

const formatCount = (value: number) => new Intl.NumberFormat('en-GB').format(value);
const formatMoney = (fen: number) =>
  `¥${new Intl.NumberFormat('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(fen / 100)}`;

describe('console dashboard and review queues', () => {
  let user: { token: string; userId: string };

  it('a reviewer sees the ID photos of a pending check, approves it, then approves the face check', async () => {
    user = await registerByApi(server, { account: ACCOUNT, password: 'dashWalk1' });
    const front = await uploadByApi(server.baseUrl, user.token, await idCardPng('#d8e6f5'), 'id_front');
    const back = await uploadByApi(server.baseUrl, user.token, await idCardPng('#f5e6d8'), 'id_back');
    await request(server.baseUrl, submitIdentity, {
      token: user.token,
      body: { name: REAL_NAME, idNumber: idNumber(), frontImageId: front, backImageId: back },
    });

    const reviewer = await operatorDesk(server, browser, 'rex', ['reviewer']);
    const { page } = reviewer;
    // No dashboard for a reviewer: the identity queue opens first.
    expect(await menu(page).allInnerTexts()).toEqual(MENU_OF.reviewer);
    const row = page.getByRole('row').filter({ hasText: MASKED });
    await expect.poll(() => row.count()).toBe(1);
    // Both photos arrive as images the browser decoded (fetched with the console cookie).
    for (const kind of ['front', 'back']) {
      const image = row.getByTestId(`photo-${kind}`);
      await expect.poll(() => image.count()).toBe(1);
      await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBeGreaterThan(0);
      expect(await image.getAttribute('src')).toMatch(/^blob:/);
    }
    await row.getByRole('button', { name: 'Open ID front larger' }).click();
    const preview = page.getByRole('dialog').getByRole('img', { name: 'ID front' });
    await expect.poll(() => preview.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBeGreaterThan(0);
    await shoot(page, 'identity-photos');
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    await row.getByRole('button', { name: 'Approve' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Approve' }).click();
    await expect.poll(() => row.count()).toBe(0);

    // Each look at a photo is on the record, by this reviewer.
    const looks = (await server.app.services.audit.list(50)).filter(
      (action) => action.action === 'identity.view-image' && action.subject_id === user.userId,
    );
    expect(looks.length).toBeGreaterThanOrEqual(2);
    expect(new Set(looks.map((action) => action.operator))).toEqual(new Set(['rex']));

    // The face check, with a face photo, waits for a reviewer.
    const face = await uploadByApi(server.baseUrl, user.token, await idCardPng('#e8d8f5'), 'face');
    await request(server.baseUrl, submitFace, { token: user.token, body: { method: 'face', imageId: face } });
    await menu(page).filter({ hasText: 'Face checks' }).click();
    const faceRow = page.getByRole('row').filter({ hasText: MASKED });
    await expect.poll(() => faceRow.count()).toBe(1);
    const faceImage = faceRow.getByTestId('photo-face');
    await expect.poll(() => faceImage.count()).toBe(1);
    await expect.poll(() => faceImage.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBeGreaterThan(0);
    expect(await faceRow.innerText()).toContain('Face photo');
    // The picture without the previous screen's notice.
    await expect.poll(() => page.locator('.ant-message-notice').count(), { timeout: 10_000 }).toBe(0);
    await shoot(page, 'face');
    await faceRow.getByRole('button', { name: 'Approve' }).click();
    await expect.poll(() => faceRow.count()).toBe(0);
    expect(reviewer.errors).toEqual([]);
    await reviewer.context.close();

    // The user is now cleared to withdraw.
    expect(await request(server.baseUrl, getIdentity, { token: user.token })).toMatchObject({
      status: 'verified',
      faceVerified: true,
    });
    await fund(server, user.userId, 50_000);
    const cardId = await saveCardByApi(server, user.token, REAL_NAME);
    const withdrawal = await request(server.baseUrl, requestWithdrawal, {
      token: user.token,
      body: {
        amount: 5_000,
        bankCardId: cardId,
        idempotencyKey: 'dashboard-withdraw-1',
        paymentPassword: await setPaymentPasswordByApi(server, user.token),
      },
    });
    expect(withdrawal.status).toBe('pending');
  });

  it("an admin and finance operator opens the dashboard and sees today's steps and card sale of the journey", async () => {
    const before = await server.app.services.admin.reports.dashboard();
    const today = before.today;
    const steps = 7_345;
    await request(server.baseUrl, reportSteps, { token: user.token, body: { day: today, steps } });
    const [plan] = await request(server.baseUrl, listCardPlans, { token: user.token });
    if (!plan) throw new Error('the demo catalogue has no plan');
    await request(server.baseUrl, buyCard, {
      token: user.token,
      body: {
        planId: plan.id,
        payWith: 'balance',
        idempotencyKey: 'dashboard-card-1',
        paymentPassword: await setPaymentPasswordByApi(server, user.token),
      },
    });
    const was = before.days.at(-1);
    if (!was) throw new Error('no today in the dashboard');

    const operator = await operatorDesk(server, browser, 'dana', ['admin', 'finance']);
    const { page } = operator;
    // The dashboard is the first screen for those who may open it.
    expect((await menu(page).allInnerTexts())[0]).toBe('Dashboard');
    await expect.poll(() => page.getByTestId('today-steps').count()).toBe(1);
    expect(await page.getByTestId('today-steps').innerText()).toBe(formatCount(was.steps + steps));
    expect(await page.getByTestId('today-cardSales').innerText()).toBe(formatCount(was.cardSales + 1));
    expect(await page.getByTestId('today-cardSalesAmount').innerText()).toBe(
      formatMoney(was.cardSalesAmount + plan.price),
    );
    // The journey's withdrawal waits for finance.
    const waiting = before.queues.find((queue) => queue.key === 'withdrawals')?.count ?? 0;
    expect(waiting).toBeGreaterThanOrEqual(1);
    expect(await page.getByTestId('queue-withdrawals').innerText()).toContain(formatCount(waiting));
    // Four charts drawn by uPlot, each labelled.
    await expect.poll(() => page.locator('.console-chart canvas').count()).toBe(4);
    expect(await page.getByRole('figure', { name: 'Active walkers and steps' }).count()).toBe(1);
    // The same figures as text: today's row of the table.
    const todayRow = page.getByRole('row').filter({ hasText: today });
    expect(await todayRow.innerText()).toContain(formatCount(was.steps + steps));
    await shoot(page, 'dashboard');
    await page.locator('.console-dashboard-grid').scrollIntoViewIfNeeded();
    await shoot(page, 'dashboard-charts');
    await page.setViewportSize({ width: 768, height: 800 });
    await expect
      .poll(() =>
        page
          .locator('.console-chart canvas')
          .first()
          .evaluate((c) => c.clientWidth),
      )
      .toBeLessThan(700);
    await shoot(page, 'dashboard-768');
    expect(operator.errors).toEqual([]);
    await operator.context.close();
  });
});

/** Production refuses to start without an SMS provider: the local fake of Alibaba Cloud SMS stands in. */
let smsGateway: FakeAliyunSms | undefined;

/** What a production server needs besides an empty data folder. */
function productionEnv(dataDir: string): Record<string, string> {
  if (!smsGateway) throw new Error('the SMS gateway fake is not running');
  return {
    ...smsGateway.env(),
    DATA_DIR: dataDir,
    STRIDE_MODE: 'production',
    APP_SECRET: randomBytes(32).toString('base64url'),
    DATA_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    PUBLIC_URL: 'http://127.0.0.1',
    // Production names its payment provider; none: no online payment.
    PAYMENT_PROVIDER: 'none',
    // Web Push keys production requires (decision 048 "Web Push").
    WEB_PUSH_VAPID_PUBLIC_KEY:
      'BJglYCZb1o25ME2U7e-gbRF7kT2fEKwUGZiT5X3balOGNzgOBrW1nrOD1dyfGMfDnm3e9gPVA0224l7q5BDuhLo',
    WEB_PUSH_VAPID_PRIVATE_KEY: 'fRVIGvubva2-Lneby1lV5FvI59fCT2mFwOe3pwz0VS4',
    WEB_PUSH_SUBJECT: 'mailto:ops@walk.example.com',
    HOST: '127.0.0.1',
    PORT: '0',
  };
}

/** Tables the demo seed fills: a production start leaves every one of them empty. */
const CATALOGUE_TABLES = [
  'users',
  'operators',
  'card_plans',
  'home_items',
  'goods_categories',
  'goods',
  'notices',
  'community_channels',
  'ledger_transfers',
] as const;

describe('a production start', () => {
  beforeAll(async () => {
    smsGateway = await startAliyunSmsFake();
  });
  afterAll(() => smsGateway?.close());

  it('runs with an empty database and no demo rows', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'stride-production-'));
    try {
      const started = await spawnServer(['--import', 'tsx', 'apps/server/src/main.ts'], {
        ...process.env,
        ...productionEnv(dataDir),
        LOG_LEVEL: 'warn',
      });
      expect(started.output()).not.toContain('DEMO MODE');
      // The address it prints is PUBLIC_URL's.
      expect(started.address).toBe('http://127.0.0.1');
      expect(await started.stop()).toBe(0);

      const db = createDatabase({ dialect: 'sqlite', file: path.join(dataDir, 'stride.db') });
      try {
        for (const table of CATALOGUE_TABLES) {
          const { rows } = await sql<{ count: number }>`select count(*) as count from ${sql.table(table)}`.execute(db);
          expect([table, Number(rows[0]?.count)]).toEqual([table, 0]);
        }
      } finally {
        await db.destroy();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('says so plainly where the catalogue is empty: card plans, home, community', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'stride-production-'));
    // As main.ts builds it in production mode (no seed), with a captcha the journey can read.
    const config = loadConfig({ ...productionEnv(dataDir), WEB_DIST, CONSOLE_DIST: '', LOG_LEVEL: 'silent' });
    const captcha = new ReadableCaptcha();
    const app = await createApp({ config, captchaGenerator: captcha });
    const baseUrl = await app.listen({ host: '127.0.0.1', port: 0 });
    const production: RunningServer = { app, baseUrl, captcha, stop: () => app.close() };
    try {
      const user = await registerByApi(production, { account: '13955550001', password: 'prodWalk1' });
      // The sign-up code went out through the SMS provider, from the outbox, signed.
      await expect
        .poll(() => smsGateway?.received.filter((sms) => sms.phone === '13955550001').map((sms) => sms.answer))
        .toEqual(['OK']);
      expect(smsGateway?.received.every((sms) => sms.verified)).toBe(true);
      const phone = await openPhone(browser);
      await useToken(phone.context, user.token);
      await openRoute(phone.page, baseUrl, '/pages/invest/index');
      await expect
        .poll(() => top(phone.page).getByText('No membership cards are on offer yet. Please check back later.').count())
        .toBe(1);
      await openRoute(phone.page, baseUrl, '/pages/index/index');
      await expect
        .poll(() => top(phone.page).getByText('No news or offers yet. Please check back later.').count())
        .toBe(1);
      await openRoute(phone.page, baseUrl, '/pages-sub/official-community/index');
      await expect
        .poll(() => top(phone.page).getByText('No community channels yet. Please check back later.').count())
        .toBe(1);
      expect(phone.errors).toEqual([]);
      await phone.context.close();
    } finally {
      await production.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
