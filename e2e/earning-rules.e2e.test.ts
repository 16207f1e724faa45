import { getHome, listRuleVersions, reportSteps } from '@stride/contract';
import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { registerByApi, request } from './support/api.js';
import { openPhone, screenshot } from './support/browser.js';
import { menu, operatorDesk, shoot } from './support/console.js';
import { openRoute, top, useToken } from './support/journey.js';
import { ops } from './support/ops.js';
import type { RunningServer } from './support/server.js';
import { ANY_STEP_RATE, shareJourney } from './support/setup.js';

let server: RunningServer;
let browser: Browser;

shareJourney((started) => ({ server, browser } = started), { env: ANY_STEP_RATE });

const WALKER = { account: '13966660001', password: 'rulesWalk1' };
/** Today's service day (UTC+8, the server's business day). */
const serviceDay = () => new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);

describe('the earning rules change with notice', () => {
  it('finance publishes a worse points rate; the app shows it and the day it applies; today still earns at the old rate', async () => {
    const walker = await registerByApi(server, WALKER);
    await request(server.baseUrl, reportSteps, { token: walker.token, body: { day: serviceDay(), steps: 10_000 } });

    // Finance opens Earning rules: the form holds today's rules, the first day 30 days ahead.
    const finance = await operatorDesk(server, browser, 'rules-finance', ['finance']);
    const desk = finance.page;
    await menu(desk).filter({ hasText: 'Earning rules' }).click();
    const steps = desk.getByLabel('Steps per point');
    await expect.poll(() => steps.inputValue()).toBe('100');
    const firstDay = await desk.getByLabel('First day it applies').inputValue();
    const { today } = await request(server.baseUrl, listRuleVersions, {});
    expect(Date.parse(firstDay) - Date.parse(today)).toBe(30 * 86_400_000);
    await steps.fill('200');
    await shoot(desk, 'earning-rules-publish');
    await desk.getByRole('button', { name: 'Publish', exact: true }).click();
    await expect.poll(() => desk.getByText(`Published: the rules apply from`).count()).toBe(1);
    await expect.poll(() => desk.getByText('Worse for users').count()).toBeGreaterThan(0);
    await shoot(desk, 'earning-rules-list');

    // Every user is told (the job's pass, run at once here).
    await ops(server, ['jobs', 'run', 'rules.tell']);

    // The walker, in Chinese at 360 px: the notice in the inbox, then Rules and changes with the day it applies.
    const phone = await openPhone(browser, { width: 360, locale: 'zh-CN' });
    await useToken(phone.context, walker.token);
    await openRoute(phone.page, server.baseUrl, '/pages-sub/notifications/index');
    const page = top(phone.page);
    await expect.poll(() => page.getByText('奖励规则有变化').count()).toBe(1);
    await page.getByText('奖励规则有变化').click();
    await expect.poll(() => phone.page.url()).toContain('/pages-sub/rules/index');
    const [year, month, day] = firstDay.split('-').map(Number);
    const upcoming = page.locator('.rules__upcoming');
    await expect.poll(() => upcoming.count()).toBe(1);
    expect(await upcoming.innerText()).toContain(`${String(year)}年${String(month)}月${String(day)}日 起`);
    expect(await upcoming.innerText()).toContain('1 积分所需步数：100 步 → 200 步');
    expect(await upcoming.innerText()).toContain('对你不利');
    expect(await page.getByText('每 100 步 1 积分，每天最多 200 积分（未计会员卡倍数）。').count()).toBe(1);
    await screenshot(phone.page, 'rules-zh-Hans-360');

    // Today comes before that day: its 10,000 steps still earn 100 points.
    const home = await request(server.baseUrl, getHome, { token: walker.token });
    expect(home.earnedPoints).toBe(100);
    expect(phone.errors).toEqual([]);
    expect(finance.errors).toEqual([]);
  });
});
