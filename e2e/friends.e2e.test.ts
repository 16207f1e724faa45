import { getFriends, reportSteps, saveFriendSettings } from '@stride/contract';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { registerByApi, request } from './support/api.js';
import { openPhone, screenshot } from './support/browser.js';
import { openRoute, top, useToken } from './support/journey.js';
import type { RunningServer } from './support/server.js';
import { ANY_STEP_RATE, shareJourney } from './support/setup.js';

let server: RunningServer;
let browser: Browser;

shareJourney((started) => ({ server, browser } = started), { env: ANY_STEP_RATE });

const FRIENDS = '/pages-sub/friends/index';
/** Today's service day (UTC+8, the server's business day). */
const serviceDay = () => new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
const masked = (account: string) => `${account.slice(0, 3)}****${account.slice(-4)}`;

async function chinesePhone(token: string): Promise<{ page: Page; errors: string[] }> {
  const { context, page, errors } = await openPhone(browser, { width: 360, locale: 'zh-CN' });
  await useToken(context, token);
  await openRoute(page, server.baseUrl, FRIENDS);
  return { page, errors };
}

describe('friends and their board, in Chinese at 360 px', () => {
  it('two walkers befriend each other by code, see each other on today’s board, and one likes the other', async () => {
    const [lin, chen] = [
      { account: '13911112222', password: 'friendWalk1' },
      { account: '13933334444', password: 'friendWalk2' },
    ];
    const linUser = await registerByApi(server, lin);
    const chenUser = await registerByApi(server, chen);
    // Chen walked this morning and already shares steps with friends (set up through the API).
    await request(server.baseUrl, saveFriendSettings, {
      token: chenUser.token,
      body: { findableByMobile: false, shareSteps: true, showAvatar: false },
    });
    await request(server.baseUrl, reportSteps, { token: chenUser.token, body: { day: serviceDay(), steps: 6_400 } });
    const chenCode = (await request(server.baseUrl, getFriends, { token: chenUser.token })).code;

    // Lin turns sharing on and asks Chen by code.
    const linPhone = await chinesePhone(linUser.token);
    const linPage = top(linPhone.page);
    await linPage.getByRole('button', { name: '与好友分享我的步数' }).click();
    await expect.poll(() => linPage.getByRole('tablist', { name: '好友排行榜' }).count()).toBe(1);
    await linPage.getByLabel('好友码或手机号').fill(chenCode.toLowerCase());
    await linPage.getByRole('button', { name: '发送', exact: true }).click();
    await expect.poll(() => linPage.getByText(`等待 ${masked(chen.account)} 回复`).count()).toBe(1);

    // Chen sees the request and accepts it.
    const chenPhone = await chinesePhone(chenUser.token);
    const chenPage = top(chenPhone.page);
    await expect.poll(() => chenPage.getByText(`${masked(lin.account)} 想加你为好友`).count()).toBe(1);
    await chenPage.getByRole('button', { name: '接受', exact: true }).click();
    await expect.poll(() => chenPage.getByTestId('friend').count()).toBe(1);

    // Lin's board has Chen first with 6,400 steps (it reads again when the page comes back into view).
    await linPhone.page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    const rows = linPage.locator('.friend-board__row');
    await expect.poll(() => rows.count()).toBe(2);
    expect(await rows.first().innerText()).toContain(masked(chen.account));
    expect(await rows.first().getByTestId('friend-board-steps').innerText()).toBe('6,400');
    expect(await rows.nth(1).innerText()).toContain(`${masked(lin.account)}（我）`);

    const like = linPage.getByRole('button', { name: `为 ${masked(chen.account)} 的步数点赞` });
    await like.click();
    const liked = linPage.getByRole('button', { name: `今天已为 ${masked(chen.account)} 点赞` });
    await expect.poll(() => liked.getAttribute('aria-pressed')).toBe('true');
    expect(await liked.innerText()).toContain('1');
    await screenshot(linPhone.page, 'friends-board-zh-Hans-360');

    // Chen's own row counts the like.
    await chenPhone.page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await expect.poll(() => chenPage.getByLabel('今天我的步数获得 1 个赞').count(), { timeout: 10_000 }).toBe(1);
    expect(linPhone.errors).toEqual([]);
    expect(chenPhone.errors).toEqual([]);
  });
});
