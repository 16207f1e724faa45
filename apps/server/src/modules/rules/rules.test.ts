import {
  CODES,
  collectPoints,
  consolePublishRules,
  consoleRuleVersions,
  exchangePoints,
  getRules,
  getStepReceipt,
  getWithdrawalRules,
  listNotifications,
  listRuleVersions,
  reportSteps,
  type EarningRules,
  type Language,
} from '@stride/contract';
import { describe, expect, it } from 'vitest';
import { consoleApi, signIn, type ConsoleSession } from '../../../test/console.js';
import { api, registerUser, useTestApp } from '../../../test/harness.js';

// The earning rules as published versions (docs/product/earning-rules.md, docs/console/earning-rules.md).
const t = useTestApp();

type User = Awaited<ReturnType<typeof registerUser>>;
const noonOf = (day: string) => Date.parse(`${day}T12:00:00+08:00`);
let keys = 0;
const key = () => `rules-test-${(keys += 1)}`;

const FIRST: EarningRules = {
  stepsPerPoint: 100,
  pointsDailyMax: 200,
  exchangePointsPerUnit: 100,
  exchangeCashPerUnit: 100,
  exchangeMinPoints: 100,
  inviteRewardPoints: 500,
  inviteQualifyingSteps: 5000,
  withdrawFeePermille: 10,
  withdrawFeeMin: 100,
  withdrawMin: 1000,
  withdrawDailyMax: 500_000,
};

async function book(finance: ConsoleSession) {
  const answer = await consoleApi(t, finance, consoleRuleVersions, {});
  expect(answer.code, answer.message).toBe(CODES.OK);
  return answer.data;
}

async function publish(finance: ConsoleSession, effectiveOn: string, change: Partial<EarningRules>) {
  const { bookVersion, versions } = await book(finance);
  const rules = { ...(versions[0]?.rules ?? FIRST), ...change };
  return consoleApi(t, finance, consolePublishRules, { body: { effectiveOn, rules, bookVersion } });
}

/** Reports the day's steps at its noon and collects; answers the points collected. */
async function walkAndCollect(user: User, day: string, steps: number): Promise<number> {
  t.clock.set(noonOf(day));
  const reported = await api(t, reportSteps, { token: user.token, body: { day, steps } });
  expect(reported.code, reported.message).toBe(CODES.OK);
  const collected = await api(t, collectPoints, { token: user.token, body: { idempotencyKey: key() } });
  expect(collected.code, collected.message).toBe(CODES.OK);
  return collected.data.collected;
}

const told = async (user: User, language: Language = 'en') =>
  (
    await api(t, listNotifications, { token: user.token, query: { page: 1, pageSize: 50 }, language })
  ).data.items.filter((item) => item.kind === 'rules.changed');

describe('the earning rules’ versions', () => {
  it('start as one version from the configuration, in force today, which GET /api/rules answers', async () => {
    t.clock.set(noonOf('2026-12-10'));
    const versions = await api(t, listRuleVersions, {});
    expect(versions.data).toMatchObject({ today: '2026-12-10', noticeDays: 30 });
    expect(versions.data.versions).toEqual([
      expect.objectContaining({ effectiveOn: '2000-01-01', state: 'current', rules: FIRST, changes: [], worse: false }),
    ]);
    expect((await api(t, getRules, {})).data).toMatchObject({
      stepsPerPoint: 100,
      pointsDailyMax: 200,
      exchangePointsPerUnit: 100,
      inviteRewardPoints: 500,
    });
  });

  it('a worse points rate applies no sooner than 30 days ahead; the day before earns at the old rate, that day at the new', async () => {
    t.clock.set(noonOf('2026-12-10'));
    const finance = await signIn(t, ['finance']);
    const [walker, reader] = [await registerUser(t), await registerUser(t)];

    const early = await publish(finance, '2027-01-08', { stepsPerPoint: 200 });
    expect(early).toMatchObject({
      code: CODES.BUSINESS_RULE,
      message: 'A change worse for users applies 30 days after it is published at the earliest: from 2027-01-09',
    });
    const published = await publish(finance, '2027-01-09', { stepsPerPoint: 200 });
    expect(published.code, published.message).toBe(CODES.OK);
    expect(published.data).toMatchObject({
      effectiveOn: '2027-01-09',
      state: 'upcoming',
      worse: true,
      changes: [{ rule: 'stepsPerPoint', from: 100, to: 200, worse: true }],
      toldAt: null,
    });

    // Everyone is told, once, in their own language, with the day it applies from.
    await t.app.services.rulesTidings.tell();
    await t.app.services.rulesTidings.tell();
    expect((await told(reader)).map((item) => [item.title, item.body, item.link?.path])).toEqual([
      [
        'The earning rules change',
        'The earning rules change on 2027-01-09; some are less generous. Days before then keep today’s rules. See what changes.',
        '/pages-sub/rules/index',
      ],
    ]);
    expect((await told(reader, 'zh-Hans'))[0]?.title).toBe('奖励规则有变化');
    expect((await book(finance)).versions[0]?.toldAt).not.toBeNull();

    // Today's rules are unchanged, and the page lists what comes.
    expect((await api(t, getRules, {})).data.stepsPerPoint).toBe(100);
    const listed = (await api(t, listRuleVersions, {})).data.versions;
    expect(listed.map((version) => [version.effectiveOn, version.state])).toEqual([
      ['2027-01-09', 'upcoming'],
      ['2000-01-01', 'current'],
    ]);

    // 10,000 steps the day before: 100 points; the same the first day of the new rate: 50.
    expect(await walkAndCollect(walker, '2027-01-08', 10_000)).toBe(100);
    expect(await walkAndCollect(walker, '2027-01-09', 10_000)).toBe(50);
    const before = await api(t, getStepReceipt, { token: walker.token, params: { day: '2027-01-08' } });
    expect(before.data.points.earned).toBe(100);
    const after = await api(t, getStepReceipt, { token: walker.token, params: { day: '2027-01-09' } });
    expect(after.data.points.earned).toBe(50);
    expect((await api(t, getRules, {})).data.stepsPerPoint).toBe(200);
    expect((await api(t, listRuleVersions, {})).data.versions.map((version) => version.state)).toEqual([
      'current',
      'past',
    ]);
  });

  it('a better exchange rate and a lower fee apply from today; the past, the same rules, or a day not after the newest are refused', async () => {
    t.clock.set(noonOf('2027-02-01'));
    const finance = await signIn(t, ['finance']);
    const walker = await registerUser(t);
    expect(await walkAndCollect(walker, '2027-02-01', 20_000)).toBeGreaterThanOrEqual(100);

    expect(await publish(finance, '2027-01-31', { exchangeCashPerUnit: 150 })).toMatchObject({
      code: CODES.BUSINESS_RULE,
    });
    const { versions } = await book(finance);
    expect(await publish(finance, '2027-02-01', {})).toMatchObject({
      code: CODES.BUSINESS_RULE,
      message: 'These are the rules already published: nothing would change',
    });
    const better = await publish(finance, '2027-02-01', { exchangeCashPerUnit: 150, withdrawFeePermille: 5 });
    expect(better.code, better.message).toBe(CODES.OK);
    expect(better.data).toMatchObject({ state: 'current', worse: false });
    expect(versions.length + 1).toBe((await book(finance)).versions.length);
    expect(await publish(finance, '2027-02-01', { pointsDailyMax: 300 })).toMatchObject({
      code: CODES.BUSINESS_RULE,
      message: 'A new version must apply after 2027-02-01, the first day of the newest one',
    });

    const exchanged = await api(t, exchangePoints, {
      token: walker.token,
      body: { points: 100, idempotencyKey: key() },
    });
    expect(exchanged.data).toMatchObject({ points: 100, amount: 150 });
    expect((await api(t, getWithdrawalRules, { token: walker.token })).data).toMatchObject({ feePermille: 5 });
  });

  it('refuses a version published on a list another publication made stale (1017)', async () => {
    t.clock.set(noonOf('2027-03-01'));
    const [first, second] = [await signIn(t, ['finance']), await signIn(t, ['finance'])];
    const seen = await book(second);
    expect((await publish(first, '2027-03-01', { inviteRewardPoints: 600 })).code).toBe(CODES.OK);
    const stale = await consoleApi(t, second, consolePublishRules, {
      body: {
        effectiveOn: '2027-03-02',
        rules: { ...(seen.versions[0]?.rules ?? FIRST), inviteRewardPoints: 700 },
        bookVersion: seen.bookVersion,
      },
    });
    expect(stale.code).toBe(CODES.STALE_EDIT);
    expect((await book(second)).versions[0]?.rules.inviteRewardPoints).toBe(600);
  });
});
