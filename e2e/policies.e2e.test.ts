import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { registerByApi } from './support/api.js';
import { openPhone, screenshot } from './support/browser.js';
import { menu, MENU_OF, operatorDesk, shoot } from './support/console.js';
import { hashOf, openRoute, top, useToken } from './support/journey.js';
import { signUpInApp } from './support/sign-up.js';
import type { RunningServer } from './support/server.js';
import { shareJourney } from './support/setup.js';

/**
 * Policies and consent as people meet them (decision 046 "Policies and consent"): accepted at sign-up, published anew
 * by an editor, asked again on the next open, and the ID photos' own consent before any photo.
 */

let server: RunningServer;
let browser: Browser;

const ACCEPTER = { account: '13955550001', password: 'policyWalk1' };
const LEAVER = { account: '13955550002', password: 'policyWalk2' };
const CHANGES = 'We now keep step data for 24 months instead of 36.';
const CHANGES_ZH = '步数数据的保存期限由 36 个月缩短为 24 个月。';

/** The sign-up checkbox's accessible name in each language the journey uses. */
const ACCEPT_LABEL = {
  en: 'I accept the terms of service and the privacy policy',
  'zh-Hans': '我同意《用户协议》和《隐私政策》',
} as const;

shareJourney((started) => ({ server, browser } = started));

const HOME = /^#\/(pages\/index\/index)?$/;
const UPDATE = /^#\/pages-sub\/policy\/update/;

/** The user's recorded acceptances of a policy, newest version last. */
async function acceptedVersions(account: string, kind: 'terms' | 'privacy' | 'id_photos'): Promise<(number | null)[]> {
  const rows = await server.app.services.db
    .selectFrom('consents')
    .innerJoin('users', 'users.id', 'consents.user_id')
    .select('consents.version')
    .where('users.account', '=', account)
    .where('consents.kind', '=', kind)
    .where('consents.withdrawn_at', 'is', null)
    .orderBy('consents.version')
    .execute();
  return rows.map((row) => (row.version === null ? null : Number(row.version)));
}

/** Waits for the page the route guard settles on, and for its content to be drawn. */
async function landsOn(page: Page, hash: RegExp): Promise<void> {
  await expect.poll(() => hashOf(page)).toMatch(hash);
  await expect.poll(() => top(page).locator('main > :not(.nav-bar)').count()).toBeGreaterThan(0);
}

/** The update screen settled: the changed policy with what changed, the two buttons. */
async function updateShown(page: Page, heading: string, changes: string): Promise<void> {
  await landsOn(page, UPDATE);
  await expect.poll(() => top(page).getByRole('heading', { name: heading, level: 2 }).count()).toBe(1);
  await expect.poll(() => top(page).getByText(changes).count()).toBe(1);
}

/** Both widths of one state, named for the screenshot folder. */
async function bothWidths(page: Page, name: string): Promise<void> {
  await page.setViewportSize({ width: 360, height: 740 });
  await screenshot(page, `${name}-360`);
  await expectNoSideways(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await screenshot(page, `${name}-1280`);
  await expectNoSideways(page);
  await page.setViewportSize({ width: 360, height: 740 });
}

/** Nothing on the page is wider than the screen (a long word or link would scroll the page sideways). */
async function expectNoSideways(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}

describe('policies and consent, end to end in Chromium', () => {
  it('opens the terms without logging in, in Chinese on a Chinese phone and in English on an English one', async () => {
    const zh = await openPhone(browser, { width: 360, locale: 'zh-CN' });
    await openRoute(zh.page, server.baseUrl, '/pages-sub/policy/terms');
    await landsOn(zh.page, /^#\/pages-sub\/policy\/terms$/);
    await expect.poll(() => top(zh.page).getByRole('heading', { name: '用户协议', level: 2 }).count()).toBe(1);
    await expect.poll(() => top(zh.page).getByRole('heading', { name: '服务内容' }).count()).toBe(1);
    expect(await top(zh.page).locator('.policy').innerText()).toContain('注册账号即表示您同意本协议');
    await expect.poll(() => top(zh.page).getByRole('button', { name: '《隐私政策》' }).count()).toBe(1);
    await bothWidths(zh.page, 'policy-terms-zh-Hans');
    // The privacy policy is a tap away, still without logging in.
    await top(zh.page).getByRole('button', { name: '《隐私政策》' }).click();
    await landsOn(zh.page, /^#\/pages-sub\/policy\/privacy$/);
    await expect.poll(() => top(zh.page).getByRole('heading', { name: '我们收集的信息' }).count()).toBe(1);
    expect(zh.errors).toEqual([]);
    await zh.context.close();

    const en = await openPhone(browser, { width: 360 });
    await openRoute(en.page, server.baseUrl, '/pages-sub/policy/terms');
    await landsOn(en.page, /^#\/pages-sub\/policy\/terms$/);
    await expect.poll(() => top(en.page).getByRole('heading', { name: 'Terms of service', level: 2 }).count()).toBe(1);
    expect(await top(en.page).locator('.policy').innerText()).not.toMatch(/[\u4e00-\u9fff]/);
    await bothWidths(en.page, 'policy-terms-en');
    expect(en.errors).toEqual([]);
    await en.context.close();
  });

  it('shows the sign-up checkbox unticked in both languages, with the policies linked beside it', async () => {
    for (const [locale, language, tab] of [
      ['en-US', 'en', 'Sign up'],
      ['zh-CN', 'zh-Hans', '注册'],
    ] as const) {
      const label = ACCEPT_LABEL[language];
      const { page, context, errors } = await openPhone(browser, { width: 360, locale });
      await openRoute(page, server.baseUrl, '/pages/login/index');
      await top(page).getByRole('tab', { name: tab }).click();
      const box = top(page).getByRole('checkbox', { name: label });
      await expect.poll(() => box.count()).toBe(1);
      expect(await box.isChecked()).toBe(false);
      await box.scrollIntoViewIfNeeded();
      await bothWidths(page, `policy-sign-up-${language}`);
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it('a new user accepts at sign-up; after an editor publishes a new privacy policy the app asks once, and accepting goes home', async () => {
    // A user signs up in the app, ticking the box.
    const { page, context, errors } = await openPhone(browser, { width: 360 });
    await openRoute(page, server.baseUrl, '/pages/login/index');
    await top(page).getByRole('tab', { name: 'Sign up' }).click();
    await signUpInApp(page, server, ACCEPTER);
    await landsOn(page, HOME);
    expect(await acceptedVersions(ACCEPTER.account, 'terms')).toEqual([1]);
    expect(await acceptedVersions(ACCEPTER.account, 'privacy')).toEqual([1]);
    // Another user, signed up the same day, who will not accept the new version.
    const leaver = await registerByApi(server, LEAVER);

    // An editor publishes version 2 of the privacy policy from the console.
    const editor = await operatorDesk(server, browser, 'editor.pia', ['editor']);
    expect(await menu(editor.page).allInnerTexts()).toEqual(MENU_OF.editor);
    await menu(editor.page).filter({ hasText: 'Policies' }).click();
    const current = editor.page.getByRole('row').filter({ hasText: 'Privacy policy' }).filter({ hasText: 'Current' });
    await expect.poll(() => current.count()).toBe(1);
    await editor.page.getByRole('button', { name: 'New version: Privacy policy' }).click();
    const dialog = editor.page.getByRole('dialog', { name: 'New version of the Privacy policy' });
    // It starts from a copy of the current text.
    await expect.poll(() => dialog.getByLabel('Text', { exact: true }).inputValue()).toContain('## ');
    await dialog.getByLabel('What changed', { exact: true }).fill(CHANGES);
    // And in Chinese, beside the copied Chinese text: a Chinese phone reads its own words.
    await dialog.getByRole('button', { name: /Other languages/ }).click();
    await dialog.getByRole('tab', { name: /Chinese \(Simplified\)/ }).click();
    await expect.poll(() => dialog.getByLabel('Title · Chinese (Simplified)').inputValue()).toBe('隐私政策');
    await dialog.getByLabel('What changed · Chinese (Simplified)').fill(CHANGES_ZH);
    await shoot(editor.page, 'policies-publish');
    await dialog.getByRole('button', { name: 'Publish' }).click();
    await expect.poll(() => current.filter({ hasText: CHANGES }).getByRole('cell', { name: /^2/ }).count()).toBe(1);
    await shoot(editor.page, 'policies');
    expect(editor.errors).toEqual([]);
    await editor.context.close();

    // The user opens the app again: the "updated policy" screen comes first, with what changed.
    await openRoute(page, server.baseUrl, '/pages/index/index');
    await updateShown(page, 'Our policies have changed', CHANGES);
    await expect.poll(() => top(page).getByRole('heading', { name: 'Privacy policy', level: 3 }).count()).toBe(1);
    // Only the privacy policy changed.
    expect(await top(page).getByRole('heading', { name: 'Terms of service', level: 3 }).count()).toBe(0);
    await bothWidths(page, 'policy-update-en');
    await top(page).getByRole('button', { name: 'Accept and continue' }).click();
    await landsOn(page, HOME);
    await expect.poll(() => acceptedVersions(ACCEPTER.account, 'privacy')).toEqual([1, 2]);
    expect(await acceptedVersions(ACCEPTER.account, 'terms')).toEqual([1]);

    // The next open does not ask again.
    await openRoute(page, server.baseUrl, '/pages/my/index');
    await landsOn(page, /^#\/pages\/my\/index$/);
    expect(hashOf(page)).not.toMatch(UPDATE);
    expect(errors).toEqual([]);
    await context.close();

    // The second user: the same screen, in Chinese; "log out" instead leads to login, nothing accepted.
    const zh = await openPhone(browser, { width: 360, locale: 'zh-CN' });
    await useToken(zh.context, leaver.token);
    await openRoute(zh.page, server.baseUrl, '/pages/shop/index');
    await updateShown(zh.page, '我们的政策已更新', CHANGES_ZH);
    await expect.poll(() => top(zh.page).getByRole('heading', { name: '隐私政策', level: 3 }).count()).toBe(1);
    await bothWidths(zh.page, 'policy-update-zh-Hans');
    await top(zh.page).getByRole('button', { name: '退出登录' }).click();
    await landsOn(zh.page, /^#\/pages\/login\/index/);
    expect(await zh.page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    expect(await acceptedVersions(LEAVER.account, 'privacy')).toEqual([1]);
    expect(zh.errors).toEqual([]);
    await zh.context.close();
  });

  it('the real-name page asks for the ID photos consent before showing any photo field', async () => {
    const user = await registerByApi(server, { account: '13955550003', password: 'policyWalk3' });
    const { page, context, errors } = await openPhone(browser, { width: 360 });
    await useToken(context, user.token);
    await openRoute(page, server.baseUrl, '/pages-sub/realname/index');
    await landsOn(page, /^#\/pages-sub\/realname\/index$/);
    const consent = top(page).getByRole('region', { name: 'Your ID card photos' });
    await expect.poll(() => consent.count()).toBe(1);
    await expect.poll(() => consent.getByRole('button', { name: 'Privacy policy' }).count()).toBe(1);
    expect(await top(page).getByLabel('Front side').count()).toBe(0);
    expect(await top(page).getByLabel('Back side').count()).toBe(0);
    expect(await acceptedVersions('13955550003', 'id_photos')).toEqual([]);
    await screenshot(page, 'policy-realname-consent-en-360');
    await top(page).getByRole('button', { name: 'I agree, continue' }).click();
    await expect.poll(() => top(page).getByLabel('Front side').count()).toBe(1);
    expect(await top(page).getByLabel('Back side').count()).toBe(1);
    expect(await consent.count()).toBe(0);
    await expect.poll(() => acceptedVersions('13955550003', 'id_photos')).toEqual([null]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
