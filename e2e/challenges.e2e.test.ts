import {
  createChallenge,
  createClub,
  joinChallenge,
  joinClub,
  reportSteps,
  saveFriendSettings,
} from '@stride/contract';
import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DAY_MS } from '../apps/server/src/lib/clock.js';
import { registerByApi, request } from './support/api.js';
import { openPhone, screenshot } from './support/browser.js';
import { openRoute, top, useToken } from './support/journey.js';
import type { RunningServer } from './support/server.js';
import { ANY_STEP_RATE, shareJourney } from './support/setup.js';

let server: RunningServer;
let browser: Browser;

/** The server's time: the journey lets the challenge's last day and its grace day pass (docs/product/challenges.md). */
let offset = 0;
const clock = { now: () => Date.now() + offset };

shareJourney((started) => ({ server, browser } = started), { env: ANY_STEP_RATE, clock });

const CHALLENGES = '/pages-sub/challenges/index';
/** Today's service day (UTC+8, the server's business day). */
const serviceDay = () => new Date(clock.now() + 8 * 3600_000).toISOString().slice(0, 10);

describe('a funded public challenge, in Chinese at 360 px', () => {
  it('a walker joins it, finishes it, and finds the prize in the points statement', async () => {
    // The operators' challenge for today, its pool of 500 points funded from the "launch" prize fund.
    const { challenges } = server.app.services.admin;
    const today = serviceDay();
    const made = await challenges.create('editor', {
      title: '冬日一万步',
      description: '',
      startsOn: today,
      endsOn: today,
      rules: { kind: 'daily-goal', dailySteps: 5_000, daysNeeded: 1 },
      prizePoints: 500,
    });
    await challenges.fund('finance', made.id, 'launch', made.version);

    const walker = await registerByApi(server, { account: '13955556666', password: 'challengeWalk1' });
    await request(server.baseUrl, saveFriendSettings, {
      token: walker.token,
      body: { findableByMobile: false, shareSteps: true, showAvatar: false },
    });
    const { context, page, errors } = await openPhone(browser, { width: 360, locale: 'zh-CN' });
    await useToken(context, walker.token);
    await openRoute(page, server.baseUrl, CHALLENGES);
    const shown = top(page);

    // The challenge is open to join; its rules are stated before joining.
    await shown.getByText('冬日一万步').first().click();
    await expect.poll(() => shown.getByRole('button', { name: '加入', exact: true }).count()).toBe(1);
    expect(await shown.innerText()).toContain('500');
    await shown.getByRole('button', { name: '加入', exact: true }).click();
    await expect.poll(() => shown.getByRole('button', { name: '加入', exact: true }).count()).toBe(0);

    // The walker walks 6,200 steps today; the day ends, then its grace day; the challenge is settled.
    await request(server.baseUrl, reportSteps, { token: walker.token, body: { day: today, steps: 6_200 } });
    offset = 2 * DAY_MS;
    await server.app.services.challengeRefresh.refresh();
    expect(await server.app.services.challengeSettlement.settleDue()).toEqual({ settled: 1, paid: 1 });

    await page.reload();
    await expect.poll(() => shown.getByTestId('challenge-outcome').innerText()).toBe('你完成了挑战！');
    expect(await shown.getByTestId('challenge-prize').innerText()).toContain('500');
    await screenshot(page, 'challenge-result-zh-Hans-360');

    await shown.getByRole('button', { name: '在积分明细中查看 ›' }).click();
    const statement = top(page);
    await expect.poll(() => statement.getByText('挑战奖励').count()).toBeGreaterThan(0);
    expect(await statement.innerText()).toContain('+500');
    expect(errors).toEqual([]);
  });

  it('a club of three runs a club challenge: the third joins in the app, and the board ranks all three', async () => {
    const today = serviceDay();
    const people = [
      { account: '13966660001', password: 'clubWalk001', steps: 4_300 },
      { account: '13966660002', password: 'clubWalk002', steps: 9_100 },
      { account: '13966660003', password: 'clubWalk003', steps: 7_800 },
    ];
    const users = [];
    for (const person of people) {
      const user = await registerByApi(server, { account: person.account, password: person.password });
      await request(server.baseUrl, saveFriendSettings, {
        token: user.token,
        body: { findableByMobile: false, shareSteps: true, showAvatar: false },
      });
      await request(server.baseUrl, reportSteps, { token: user.token, body: { day: today, steps: person.steps } });
      users.push(user);
    }
    const [owner, second, third] = users as [(typeof users)[0], (typeof users)[0], (typeof users)[0]];
    // The owner's club, which the other two join by its code, and its challenge for today (set up through the API).
    const club = await request(server.baseUrl, createClub, { token: owner.token, body: { name: '晨走小队' } });
    for (const member of [second, third]) {
      await request(server.baseUrl, joinClub, { token: member.token, body: { code: club.code } });
    }
    const challenge = await request(server.baseUrl, createChallenge, {
      token: owner.token,
      body: {
        title: '小队今日最多步',
        scope: 'club',
        clubId: club.id,
        startsOn: today,
        endsOn: today,
        rules: { kind: 'most-steps', winners: 1 },
      },
    });
    await request(server.baseUrl, joinChallenge, { token: second.token, params: { id: challenge.id }, body: {} });

    // The third member finds it among the challenges open to them, and joins.
    const { context, page, errors } = await openPhone(browser, { width: 360, locale: 'zh-CN' });
    await useToken(context, third.token);
    await openRoute(page, server.baseUrl, CHALLENGES);
    const shown = top(page);
    await shown.getByText('小队今日最多步').first().click();
    await shown.getByRole('button', { name: '加入', exact: true }).click();
    await expect.poll(() => shown.getByRole('button', { name: '加入', exact: true }).count()).toBe(0);

    await server.app.services.challengeRefresh.refresh();
    await page.reload();
    const entries = shown.getByTestId('challenge-entry');
    await expect.poll(() => entries.count()).toBe(3);
    expect(await entries.first().innerText()).toContain('9,100');
    expect(await entries.nth(1).innerText()).toContain('7,800');
    expect(await entries.nth(2).innerText()).toContain('4,300');
    await screenshot(page, 'club-challenge-board-zh-Hans-360');

    // The day and its grace day pass: the second member, with the most steps, wins; the third sees the result.
    offset += 2 * DAY_MS;
    expect((await server.app.services.challengeSettlement.settleDue()).settled).toBe(1);
    await page.reload();
    await expect.poll(() => shown.getByTestId('challenge-outcome').innerText()).toBe('这次没有获胜，感谢参与！');
    expect(errors).toEqual([]);
  });
});
