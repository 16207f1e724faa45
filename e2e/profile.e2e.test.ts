import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { maskMiddle } from '@stride/contract/rules';
import sharp from 'sharp';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SCREENSHOT_DIR, openPhone, screenshot } from './support/browser.js';
import { hashOf, openRoute, top } from './support/journey.js';
import { codeFromOutboxPage } from './support/sign-up.js';
import type { RunningServer } from './support/server.js';
import { shareJourney } from './support/setup.js';

let server: RunningServer;
let browser: Browser;

// The production captcha: this journey reads the pictures people see (decision 075 "A captcha people can read").
shareJourney((started) => ({ server, browser } = started), { realCaptcha: true });

const ZH = {
  signUp: '注册',
  mobile: '手机号',
  captcha: '图形验证码',
  captchaImage: '验证码图片，点击刷新',
  sendCode: '获取验证码',
  smsCode: '短信验证码',
  password: '密码',
  submit: '创建账号',
};

/** Every visible error of the form: the alerts, and any toast the kit shows. */
async function problems(page: Page): Promise<string[]> {
  const alerts = await top(page).getByRole('alert').allInnerTexts();
  const toasts = await page.locator('.adm-toast-main').allInnerTexts();
  return [...alerts, ...toasts];
}

const captchaSource = (page: Page) =>
  top(page).getByRole('button', { name: ZH.captchaImage }).locator('img').getAttribute('src');

describe('sign-up errors, the profile and the grouped My page', () => {
  it('says each sign-up problem once, renews a used captcha, then sets an avatar and a nickname that home and My show', async () => {
    const { page, context, errors } = await openPhone(browser, { locale: 'zh-CN', width: 360 });
    const account = '13933334444';
    await page.goto(`${server.baseUrl}/`);
    await expect.poll(() => hashOf(page)).toMatch(/^#\/pages\/login\/index/);
    await top(page).getByRole('tab', { name: ZH.signUp }).click();
    await expect.poll(() => captchaSource(page)).toMatch(/^data:/);

    // Twenty pictures as this phone shows them, each tapped for the next: 300 × 120 pixels in a
    // 150 × 60 px button, wholly on screen. Saved with the answers apart, for a person to read before
    // looking (decision 075 "A captcha people can read", How it was checked).
    const captchaPicture = top(page).getByRole('button', { name: ZH.captchaImage }).locator('img');
    const box = await top(page).getByRole('button', { name: ZH.captchaImage }).boundingBox();
    expect(box && { width: box.width, height: box.height }).toEqual({ width: 150, height: 60 });
    expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= 360).toBe(true);
    const shots = path.join(SCREENSHOT_DIR, 'captcha-zh-Hans-360');
    mkdirSync(shots, { recursive: true });
    const answers: string[] = [];
    for (let index = 1; index <= 20; index += 1) {
      const source = (await captchaSource(page)) ?? '';
      const png = Buffer.from(source.replace(/^data:image\/png;base64,/, ''), 'base64');
      expect(png.subarray(1, 4).toString()).toBe('PNG');
      expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([300, 120]);
      writeFileSync(path.join(shots, `${String(index).padStart(2, '0')}.png`), png);
      answers.push(`${String(index).padStart(2, '0')} ${server.captcha.last}`);
      await captchaPicture.click();
      await expect.poll(() => captchaSource(page)).not.toBe(source);
    }
    writeFileSync(path.join(shots, 'answers.txt'), `${answers.join('\n')}\n`);
    await screenshot(page, 'signup-captcha-zh-Hans-360');

    // Nothing filled in: one sentence per field, said once, in Chinese.
    await top(page).getByRole('button', { name: ZH.sendCode }).click();
    await expect.poll(() => problems(page)).toEqual(['手机号：必填；图形验证码：必填']);

    // A wrong captcha: said once, and a new picture with its field emptied; no code step yet.
    const firstPicture = await captchaSource(page);
    await top(page).getByLabel(ZH.mobile).fill(account);
    await top(page).getByLabel(ZH.captcha, { exact: true }).fill('nope');
    await top(page).getByRole('button', { name: ZH.sendCode }).click();
    await expect.poll(() => problems(page)).toEqual(['图形验证码错误或已过期，已重新生成']);
    await expect.poll(() => captchaSource(page)).not.toBe(firstPicture);
    expect(await top(page).getByLabel(ZH.captcha, { exact: true }).inputValue()).toBe('');
    expect(await top(page).getByLabel(ZH.smsCode).count()).toBe(0);

    // The right one sends the code; an empty code and password are each named once.
    await top(page).getByLabel(ZH.captcha, { exact: true }).fill(server.captcha.last);
    await top(page).getByRole('button', { name: ZH.sendCode }).click();
    await expect.poll(() => top(page).getByLabel(ZH.smsCode).count()).toBe(1);
    // An unticked terms box is said first and alone (decision 046 "Policies and consent"); then the fields' problems.
    await top(page).getByRole('button', { name: ZH.submit }).click();
    await expect.poll(() => problems(page)).toEqual(['请勾选同意《用户协议》和《隐私政策》。']);
    await top(page).getByRole('checkbox').check();
    await top(page).getByRole('button', { name: ZH.submit }).click();
    await expect.poll(() => problems(page)).toEqual(['密码：必填；短信验证码：必填']);
    await top(page).getByLabel(ZH.password, { exact: true }).fill('short');
    await top(page).getByRole('button', { name: ZH.submit }).click();
    await expect.poll(() => problems(page)).toEqual(['密码：至少 8 个字符；短信验证码：必填']);
    await screenshot(page, 'signup-errors-zh-Hans-360');

    await top(page)
      .getByLabel(ZH.smsCode)
      .fill(await codeFromOutboxPage(context, server.baseUrl, account));
    await top(page).getByLabel(ZH.password, { exact: true }).fill('walkFar2026');
    await top(page).getByRole('button', { name: ZH.submit }).click();
    await expect
      .poll(() =>
        top(page)
          .getByText(`你好，${maskMiddle(account)}`)
          .count(),
      )
      .toBe(1);

    // My: the head shows the masked number and the verification, and opens the profile.
    await page.getByRole('navigation').getByText('我的', { exact: true }).click();
    const head = top(page).getByRole('button', { name: `${maskMiddle(account)} 未认证` });
    await expect.poll(() => head.count()).toBe(1);
    await head.click();
    await expect.poll(() => hashOf(page)).toBe('#/pages-sub/profile/index');
    await expect.poll(() => page.getByRole('heading', { name: '个人资料' }).count()).toBeGreaterThan(0);

    const picture = await sharp({ create: { width: 200, height: 200, channels: 3, background: '#f4a261' } })
      .png()
      .toBuffer();
    await top(page).getByLabel('选择头像').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: picture });
    await expect.poll(() => top(page).getByTestId('avatar-image').count()).toBe(1);
    // Longer input is cut to 20 characters as it is typed.
    await top(page).getByLabel('昵称').fill('小明'.repeat(11));
    expect(await top(page).getByLabel('昵称').inputValue()).toHaveLength(20);
    await top(page).getByLabel('昵称').fill('小明走路');
    await screenshot(page, 'profile-zh-Hans-360');
    await top(page).getByRole('button', { name: '保存' }).click();

    // Back on My: the nickname and the avatar, loaded with the token.
    await expect.poll(() => hashOf(page)).toBe('#/pages/my/index');
    await expect.poll(() => top(page).getByRole('button', { name: '小明走路 未认证' }).count()).toBe(1);
    await expect
      .poll(() =>
        top(page)
          .getByTestId('avatar-image')
          .evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)
          .catch(() => false),
      )
      .toBe(true);
    await screenshot(page, 'my-zh-Hans-360');

    // Every row is at least 44 px tall and named by its text.
    const heights = await top(page)
      .locator('.my-row')
      .evaluateAll((rows) => rows.map((row) => row.getBoundingClientRect().height));
    expect(Math.min(...heights)).toBeGreaterThanOrEqual(44);

    // Home greets by the nickname; after a reload too (the server answers it with the user).
    await page.getByRole('navigation').getByText('首页', { exact: true }).click();
    await expect.poll(() => top(page).getByText('你好，小明走路').count()).toBe(1);
    await page.reload();
    await expect.poll(() => top(page).getByText('你好，小明走路').count()).toBe(1);

    // The same My in English at 1280 px.
    await page.setViewportSize({ width: 1280, height: 900 });
    await openRoute(page, server.baseUrl, '/pages/my/index');
    await top(page)
      .getByRole('button', { name: /^Language|^语言/ })
      .click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /^English/ })
      .click();
    await expect.poll(() => top(page).getByRole('heading', { name: 'Wallet & cards' }).count()).toBe(1);
    await expect.poll(() => top(page).getByRole('button', { name: '小明走路 Not verified' }).count()).toBe(1);
    await screenshot(page, 'my-en-1280');
    expect(errors).toEqual([]);
    await context.close();
  });
});
