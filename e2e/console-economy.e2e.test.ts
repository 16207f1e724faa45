import { collectPoints, reportSteps } from '@stride/contract';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { registerByApi, request } from './support/api.js';
import { SCREENSHOT_DIR } from './support/browser.js';
import { menu, MENU_OF, operatorDesk, shoot } from './support/console.js';
import type { RunningServer } from './support/server.js';
import { ANY_STEP_RATE, fund, shareJourney } from './support/setup.js';

let server: RunningServer;
let browser: Browser;

shareJourney((started) => ({ server, browser } = started), { env: ANY_STEP_RATE });

/** Today's and yesterday's service days (UTC+8, the server's business day). */
const serviceDay = (back = 0) => new Date(Date.now() + 8 * 3600_000 - back * 86_400_000).toISOString().slice(0, 10);

const yuan = (fen: number) =>
  `¥${new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(fen / 100)}`;

/** The whole screen, for reading it over (test-results/screenshots). */
async function wholePage(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await expect.poll(() => page.locator('.ant-spin-spinning').count()).toBe(0);
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), animations: 'disabled', fullPage: true });
}

describe('the economy ahead (docs/console/economy.md)', () => {
  it('finance reads what is owed against the reserve and simulates a dearer points rate, which changes nothing', async () => {
    // The state, through the API: a walker who walked yesterday and today and collected today's points, a user's
    // points, and a top-up of the reserve.
    const walker = await registerByApi(server, { account: '13955550001', password: 'economyWalk1' });
    for (const [back, steps] of [
      [1, 8_000],
      [0, 12_000],
    ] as const) {
      await request(server.baseUrl, reportSteps, { token: walker.token, body: { day: serviceDay(back), steps } });
    }
    const collected = await request(server.baseUrl, collectPoints, {
      token: walker.token,
      body: { idempotencyKey: 'economy-journey-collect' },
    });
    expect(collected.collected).toBe(120);
    await fund(server, walker.userId, 10_000, 'POINTS');
    await server.app.services.admin.economy.deposit('e2e', {
      amount: 5_000_000,
      reference: 'BANK-E2E-1',
      idempotencyKey: 'economy-journey-deposit',
    });

    const finance = await operatorDesk(server, browser, 'eco-finance', ['finance']);
    const desk = finance.page;
    expect(await menu(desk).allInnerTexts()).toEqual(MENU_OF.finance);
    await menu(desk).filter({ hasText: 'Economy' }).click();
    const owedPoints = desk.getByTestId('owed-points');
    await expect.poll(() => owedPoints.count()).toBe(1);
    // Every user's points at today's exchange (100 points for ¥1.00), the walker's 10,120 among them, and the reserve
    // untouched by payouts.
    const figures = await server.app.services.admin.economy.overview();
    expect(figures.owed.points).toBeGreaterThanOrEqual(10_120);
    await expect.poll(() => owedPoints.innerText()).toBe(yuan(figures.owed.pointsValue));
    expect(await desk.getByTestId('reserve-available').innerText()).toBe('¥50,000.00');
    expect(await desk.getByText('BANK-E2E-1').count()).toBe(1);
    const perStep = desk.getByLabel('Steps per point');
    await expect.poll(() => perStep.inputValue()).toBe('100');
    await shoot(desk, 'economy');
    await wholePage(desk, 'console-economy-en-1280');

    // Twice the steps per point: every stored day earns about half (the walker's yesterday, 8,000 steps, 40 points
    // instead of 80; the demo account's days too).
    const before = await server.app.services.admin.economy.overview();
    const expected = await server.app.services.admin.economy.simulate({ stepsPerPoint: 200 });
    expect(expected.proposedTotal.stepPoints).toBeLessThan(expected.actual.stepPoints);
    const yesterday = expected.days.find((row) => row.day === serviceDay(1));
    expect(yesterday!.actual.stepPoints - yesterday!.proposed.stepPoints).toBeGreaterThanOrEqual(40);
    await perStep.fill('200');
    await desk.getByRole('button', { name: 'Simulate', exact: true }).click();
    const proposed = desk.getByTestId('sim-proposed');
    await expect.poll(() => proposed.count()).toBe(1);
    const side = (cost: { total: number; stepPoints: number }) =>
      `${yuan(cost.total)} · ${new Intl.NumberFormat('en-US').format(cost.stepPoints)} step points`;
    await expect.poll(() => proposed.innerText()).toBe(side(expected.proposedTotal));
    expect(await desk.getByTestId('sim-actual').innerText()).toBe(side(expected.actual));
    const saved = expected.actual.total - expected.proposedTotal.total;
    expect(await desk.getByTestId('sim-difference').innerText()).toBe(`−${yuan(saved)}`);
    await desk.getByTestId('simulation').scrollIntoViewIfNeeded();
    await shoot(desk, 'economy-simulation');
    const after = await server.app.services.admin.economy.overview();
    expect({ ...after, generatedAt: '' }).toEqual({ ...before, generatedAt: '' });

    // In Chinese, and at a phone's width.
    await desk.getByText('简体中文').click();
    await expect.poll(() => desk.getByText('平台的欠款与储备金').count()).toBe(1);
    await wholePage(desk, 'console-economy-zh-Hans-1280');
    await desk.setViewportSize({ width: 360, height: 800 });
    await wholePage(desk, 'console-economy-zh-Hans-360');
    await desk.getByText('English').click();
    await expect.poll(() => desk.getByText('What the service owes, against its reserve').count()).toBe(1);
    await wholePage(desk, 'console-economy-en-360');
    expect(finance.errors).toEqual([]);
  });
});
