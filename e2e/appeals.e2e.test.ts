import { listAppeals, reportSteps } from '@stride/contract';
import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { registerByApi, request } from './support/api.js';
import { openPhone, screenshot } from './support/browser.js';
import { menu, operatorDesk, shoot } from './support/console.js';
import { idCardPng } from './support/fake-camera.js';
import { noticeShown, openRoute, top, useToken } from './support/journey.js';
import type { RunningServer } from './support/server.js';
import { ANY_STEP_RATE, shareJourney } from './support/setup.js';

let server: RunningServer;
let browser: Browser;

shareJourney((started) => ({ server, browser } = started), { env: ANY_STEP_RATE });

describe('appealing a held day', () => {
  it('a walker appeals a held day from its receipt with a picture; a reviewer grants it; the walker sees why', async () => {
    const walker = await registerByApi(server, { account: '13955550001', password: 'appeal-walk-2026' });
    const day = server.app.services.calendar.dayOf(Date.now());
    const held = await request(server.baseUrl, reportSteps, {
      token: walker.token,
      body: { day, steps: 8_000, device: 'phone-appeal', rhythm: { intervals: 600, cv: 0.003 } },
    });
    expect(held.review?.status).toBe('flagged');

    // The walker, in Chinese at 360 px: the day's receipt offers the appeal.
    const phone = await openPhone(browser, { width: 360, locale: 'zh-CN' });
    await useToken(phone.context, walker.token);
    await openRoute(phone.page, server.baseUrl, `/pages-sub/steps/day?day=${day}`);
    const page = top(phone.page);
    await page.getByRole('button', { name: '对此决定申诉' }).click();
    await expect.poll(() => phone.page.url()).toContain('/pages-sub/appeals/index');
    const form = top(phone.page).locator('form.appeal-form');
    await expect.poll(() => form.count()).toBe(1);
    expect(await form.innerText()).toContain('审核员会在 72 小时内答复');
    await form.getByLabel('发生了什么').fill('我步行上下班，手表上记录了 8000 步。');
    await form.locator('input[type=file]').setInputFiles({
      name: 'watch.png',
      mimeType: 'image/png',
      buffer: await idCardPng('#2f6f4f'),
    });
    await screenshot(phone.page, 'appeal-form-zh-Hans-360');
    await form.getByRole('button', { name: '提交申诉' }).click();
    const sent = top(phone.page).locator('.appeal-card');
    await expect.poll(() => sent.count()).toBe(1);
    expect(await sent.innerText()).toContain('等待审核');
    expect(await sent.innerText()).toContain('已附图片');
    await screenshot(phone.page, 'appeals-open-zh-Hans-360');
    const [appeal] = (await request(server.baseUrl, listAppeals, { token: walker.token })).items;
    expect([appeal?.subject, appeal?.status]).toEqual([day, 'open']);
    expect(appeal?.imageUrl).toMatch(/^\/api\/v1\/files\//);

    // A reviewer opens Appeals: the day's evidence beside the walker's note and picture, and grants it.
    const reviewer = await operatorDesk(server, browser, 'appeal-reviewer', ['reviewer']);
    const desk = reviewer.page;
    await menu(desk).filter({ hasText: 'Appeals' }).click();
    const item = desk.getByRole('row').filter({ hasText: '139****0001' });
    await expect.poll(() => item.count()).toBe(1);
    const text = await item.innerText();
    expect(text).toContain('我步行上下班，手表上记录了 8000 步。');
    expect(text).toContain('Steps too regular (machine-like)');
    await expect.poll(() => item.getByTestId('appeal-picture').count()).toBe(1);
    await shoot(desk, 'appeals');
    await item.getByRole('button', { name: 'Decide' }).click();
    const dialog = desk.getByRole('dialog');
    await dialog.getByText('Grant', { exact: true }).click();
    await dialog.getByText('What the user sent is convincing').click();
    await dialog.getByLabel('Reply to the user (optional, in your own words)').fill('手表截图与当天记录一致。');
    await shoot(desk, 'appeals-decide');
    await dialog.getByRole('button', { name: 'Grant' }).click();
    await noticeShown(desk, 'Appeal granted; the user is told.');
    await expect.poll(() => item.count()).toBe(0);

    // The walker's receipt now says the appeal was granted and why, and the day is cleared.
    await openRoute(phone.page, server.baseUrl, `/pages-sub/steps/day?day=${day}`);
    const receipt = top(phone.page).locator('[data-testid="receipt-review"]');
    await expect.poll(() => receipt.getByText('已通过').count()).toBe(1);
    expect(await receipt.innerText()).toContain('原因：你提交的材料说服了审核员。');
    expect(await receipt.innerText()).toContain('审核员留言：“手表截图与当天记录一致。”');
    await screenshot(phone.page, 'appeal-granted-zh-Hans-360');
    expect(phone.errors).toEqual([]);
    expect(reviewer.errors).toEqual([]);
  });
});
