import {
  acceptFriend,
  getFriends,
  reportSteps,
  requestFriend,
  saveFriendSettings,
  updateProfile,
} from '@stride/contract';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { registerByApi, request } from './support/api.js';
import { openPhone, screenshot } from './support/browser.js';
import { menu, operatorDesk, shoot } from './support/console.js';
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

  it('a friend reports a nickname; a reviewer hides it in the console; the friend then sees the masked number', async () => {
    const [wang, zhao] = [
      { account: '13955556666', password: 'friendWalk3' },
      { account: '13977778888', password: 'friendWalk4' },
    ];
    const wangUser = await registerByApi(server, wang);
    const zhaoUser = await registerByApi(server, zhao);
    // Friends already, and Zhao goes by a nickname that breaks the rules (set up through the API).
    await request(server.baseUrl, updateProfile, { token: zhaoUser.token, body: { nickname: '官方客服小赵' } });
    const zhaoCode = (await request(server.baseUrl, getFriends, { token: zhaoUser.token })).code;
    await request(server.baseUrl, requestFriend, { token: wangUser.token, body: { by: 'code', code: zhaoCode } });
    await request(server.baseUrl, acceptFriend, { token: zhaoUser.token, params: { id: wangUser.userId } });

    // Wang reports the nickname from the friends list: a name alone goes straight to why.
    const wangPhone = await chinesePhone(wangUser.token);
    const wangPage = top(wangPhone.page);
    const friend = wangPage.getByTestId('friend').filter({ hasText: '官方客服小赵' });
    await expect.poll(() => friend.count()).toBe(1);
    await friend.getByRole('button', { name: '举报', exact: true }).click();
    // The sheet and the toast are laid over the page, outside it.
    const sheet = wangPhone.page.getByRole('dialog', { name: '为什么举报 官方客服小赵？' });
    await expect.poll(() => sheet.count()).toBe(1);
    await screenshot(wangPhone.page, 'friends-report-zh-Hans-360');
    await sheet.getByRole('button', { name: '冒充他人' }).click();
    await expect.poll(() => wangPhone.page.getByText('谢谢，审核员会查看').count()).toBe(1);

    // A reviewer sees it in Reported content and hides it, with a reason.
    const reviewer = await operatorDesk(server, browser, 'social-reviewer', ['reviewer']);
    const desk = reviewer.page;
    await menu(desk).filter({ hasText: 'Reported content' }).click();
    const row = desk.getByRole('row').filter({ hasText: '官方客服小赵' });
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.innerText()).toContain('Impersonation × 1');
    await shoot(desk, 'moderation-queue');
    await row.getByRole('button', { name: 'Hide' }).click();
    const dialog = desk.getByRole('dialog').filter({ hasText: 'Reason (kept in the audit log)' });
    await dialog.getByLabel('Reason (kept in the audit log)').fill('Pretends to be the service');
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect.poll(() => desk.getByText('Hidden; its reports are closed.').count()).toBe(1);
    await expect.poll(() => row.count()).toBe(0);

    // Wang's list reads again when the page comes back into view: Zhao by the masked number.
    await wangPhone.page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await expect
      .poll(() =>
        wangPage
          .getByTestId('friend')
          .filter({ hasText: masked(zhao.account) })
          .count(),
      )
      .toBe(1);
    expect(await wangPage.getByText('官方客服小赵').count()).toBe(0);
    expect(wangPhone.errors).toEqual([]);
    expect(reviewer.errors).toEqual([]);
  });
});
