import {
  CODES,
  consoleAppealImage,
  consoleAppeals,
  consoleDashboardSummary,
  consoleDecideAppeal,
  consoleDecideFlaggedDay,
  consoleModerationDecide,
  createAppeal,
  consoleDecideInviteReward,
  getFriends,
  getHome,
  getInvite,
  getStepReceipt,
  listAppeals,
  listNotifications,
  type ConsoleAppeal,
} from '@stride/contract';
import { describe, expect, it } from 'vitest';
import { appeal, appealedDay, heldDay } from '../../../test/appeals.js';
import { consoleApi, signIn, type ConsoleSession } from '../../../test/console.js';
import { api, registerUser, testJpeg, uploadFile, useTestApp } from '../../../test/harness.js';
import { heldInviteReward } from '../../../test/invite-rings.js';
import { reportedNickname } from '../../../test/moderation.js';
import { deleteAccount, exportOf } from '../../../test/your-data.js';
import { HOUR_MS } from '../../lib/clock.js';

// Appeals with a deadline (docs/product/appeals.md): a held or rejected day, or a dismissed report, appealed once; the
// reviewers' queue and decisions (docs/console/reviewer.md, Appeals).
const t = useTestApp();

const NOON = Date.parse('2026-11-24T12:00:00+08:00');

const inbox = async (token: string, language = 'en') =>
  (await api(t, listNotifications, { token, language, query: { page: 1, pageSize: 20 } })).data.items;

async function queueItem(reviewer: ConsoleSession, id: string, status: 'open' | 'decided' = 'open') {
  const items: ConsoleAppeal[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await consoleApi(t, reviewer, consoleAppeals, { query: { status, page, pageSize: 50 } });
    expect(answer.code, answer.message).toBe(CODES.OK);
    items.push(...answer.data.items);
    if (!answer.data.hasMore) break;
  }
  return items.find((item) => item.id === id);
}

const decide = (
  reviewer: ConsoleSession,
  id: string,
  body: { decision: 'grant' | 'refuse'; reason: ConsoleAppeal['reason'] & string; reply?: string; version?: number },
) => consoleApi(t, reviewer, consoleDecideAppeal, { params: { id }, body: { version: 1, ...body } });

const reviewOf = (id: string) =>
  t.db.selectFrom('step_reviews').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('appealing a day', () => {
  it('appeals a held day once, due within the decision time, and lists it', async () => {
    t.clock.set(NOON);
    const { user, day } = await heldDay(t);
    const first = await appeal(t, user, { subject: day, note: 'I walked to work and back' });
    expect(first.code, first.message).toBe(CODES.OK);
    expect(first.data).toMatchObject({
      kind: 'step-day',
      subject: day,
      note: 'I walked to work and back',
      status: 'open',
      imageUrl: null,
      decisionHours: 72,
      dueAt: new Date(NOON + 72 * HOUR_MS).toISOString(),
      reason: null,
    });
    const again = await appeal(t, user, { subject: day, note: 'Please look again' });
    expect(again.code).toBe(CODES.CONFLICT);
    expect(again.message).toBe('You have already appealed this: each decision can be appealed once');
    const mine = (await api(t, listAppeals, { token: user.token })).data;
    expect(mine.items.map((item) => [item.subject, item.note])).toEqual([[day, 'I walked to work and back']]);
  });

  it('refuses a day that holds nothing, a day that is not a day and another user’s picture, in the user’s language', async () => {
    t.clock.set(NOON);
    const [user, other] = [await registerUser(t), await registerUser(t)];
    const day = t.app.services.calendar.dayOf(NOON);
    const plain = await appeal(t, user, { subject: day });
    expect(plain.code).toBe(CODES.BUSINESS_RULE);
    const chinese = await api(t, createAppeal, {
      token: user.token,
      language: 'zh-CN',
      body: { kind: 'step-day', subject: 'yesterday', note: '我走了' },
    });
    expect([chinese.code, chinese.message]).toEqual([
      CODES.BUSINESS_RULE,
      '无法申诉：只能申诉你被暂扣或被拒的步数日，或你被驳回的举报',
    ]);
    const { user: holder, day: heldOn } = await heldDay(t);
    const picture = await uploadFile(t, other.token, await testJpeg());
    const theirs = await appeal(t, holder, { subject: heldOn, fileId: picture.data.fileId });
    expect(theirs.code).toBe(CODES.NOT_FOUND);
    const empty = await appeal(t, holder, { subject: heldOn, note: '   ' });
    expect(empty.code).toBe(CODES.VALIDATION_FAILED);
    expect(await t.db.selectFrom('appeals').selectAll().where('user_id', '=', holder.userId).execute()).toEqual([]);
  });

  it('grants an appeal of a held day: the day is cleared, its points released, the user told why in their language', async () => {
    t.clock.set(NOON);
    const { user, day, reviewId, appealId } = await appealedDay(t, { steps: 8_000 });
    const reviewer = await signIn(t, ['reviewer']);
    const item = await queueItem(reviewer, appealId);
    expect(item).toMatchObject({
      kind: 'step-day',
      subject: day,
      status: 'open',
      overdue: false,
      hasImage: false,
      day: { id: reviewId, status: 'flagged', reasons: ['regularRhythm'], heldPoints: 80 },
      report: null,
    });
    const granted = await decide(reviewer, appealId, {
      decision: 'grant',
      reason: 'evidenceConvincing',
      reply: 'The watch’s screen matches the day',
    });
    expect(granted.code, granted.message).toBe(CODES.OK);
    expect(granted.data).toMatchObject({ status: 'granted', reason: 'evidenceConvincing', day: { status: 'cleared' } });
    expect((await reviewOf(reviewId)).status).toBe('cleared');
    const home = (await api(t, getHome, { token: user.token })).data;
    expect([home.held, home.collectablePoints]).toEqual([null, 80]);
    const [told] = await inbox(user.token, 'zh-CN');
    expect(told).toMatchObject({
      kind: 'appeal.decided',
      title: '你的申诉已有结果',
      body: `你关于${day}的申诉已通过：你提交的材料说服了审核员。`,
      link: { path: '/pages-sub/steps/day', query: { day } },
    });
    const mine = (await api(t, listAppeals, { token: user.token })).data.items;
    expect(mine[0]).toMatchObject({
      status: 'granted',
      reason: 'evidenceConvincing',
      reply: 'The watch’s screen matches the day',
    });
    const again = await decide(reviewer, appealId, { decision: 'refuse', reason: 'ruleApplies', version: 2 });
    expect(again.code).toBe(CODES.STALE_EDIT);
    const records = (await t.app.services.audit.list(100)).filter((row) => row.subject_id === appealId);
    expect(records.map((row) => row.action)).toEqual(['appeal.grant']);
    expect(JSON.parse(records[0]?.detail ?? '{}')).toMatchObject({ before: 'flagged', after: 'cleared', points: 80 });
  });

  it('refuses an appeal of a held day: the day is rejected, and a rejected day can still be appealed and granted', async () => {
    t.clock.set(NOON);
    const { user, reviewId, appealId } = await appealedDay(t, { steps: 8_000 });
    const reviewer = await signIn(t, ['reviewer']);
    const refused = await decide(reviewer, appealId, { decision: 'refuse', reason: 'evidenceInsufficient' });
    expect(refused.code, refused.message).toBe(CODES.OK);
    expect((await reviewOf(reviewId)).status).toBe('rejected');
    const [told] = await inbox(user.token);
    expect(told?.body).toBe(
      `Your appeal about ${refused.data.subject} was refused: what you sent does not outweigh what the review found.`,
    );

    const second = await heldDay(t, { steps: 8_000 });
    const rejected = await consoleApi(t, reviewer, consoleDecideFlaggedDay, {
      params: { id: second.reviewId },
      body: { decision: 'reject', version: 1 },
    });
    expect(rejected.code).toBe(CODES.OK);
    const appealed = await appeal(t, second.user, { subject: second.day });
    expect(appealed.code, appealed.message).toBe(CODES.OK);
    const granted = await decide(reviewer, appealed.data.id, { decision: 'grant', reason: 'reviewMistake' });
    expect(granted.code, granted.message).toBe(CODES.OK);
    const receipt = (await api(t, getStepReceipt, { token: second.user.token, params: { day: second.day } })).data;
    expect([receipt.review?.status, receipt.held]).toEqual(['cleared', null]);
    expect((await api(t, getHome, { token: second.user.token })).data.collectablePoints).toBe(80);
  });

  it('refuses a reason that does not fit the decision, and a refusal of a day cleared meanwhile', async () => {
    t.clock.set(NOON);
    const { reviewId, appealId } = await appealedDay(t);
    const reviewer = await signIn(t, ['reviewer']);
    const wrong = await decide(reviewer, appealId, { decision: 'grant', reason: 'ruleApplies' });
    expect(wrong.code).toBe(CODES.BUSINESS_RULE);
    const cleared = await consoleApi(t, reviewer, consoleDecideFlaggedDay, {
      params: { id: reviewId },
      body: { decision: 'clear', version: 1 },
    });
    expect(cleared.code).toBe(CODES.OK);
    const refused = await decide(reviewer, appealId, { decision: 'refuse', reason: 'ruleApplies' });
    expect(refused.code).toBe(CODES.STALE_EDIT);
    expect((await queueItem(reviewer, appealId))?.status).toBe('open');
    const granted = await decide(reviewer, appealId, { decision: 'grant', reason: 'reviewMistake' });
    expect(granted.code, granted.message).toBe(CODES.OK);
  });

  it('marks an appeal past its due time overdue in the queue and on the dashboard', async () => {
    t.clock.set(NOON);
    const { user, appealId } = await appealedDay(t);
    const reviewer = await signIn(t, ['reviewer']);
    const queues = async (admin: ConsoleSession) =>
      Object.fromEntries(
        (await consoleApi(t, admin, consoleDashboardSummary)).data.queues.map((queue) => [queue.key, queue.count]),
      );
    const before = await queues(await signIn(t, ['admin']));
    expect(before.appeals).toBeGreaterThanOrEqual(1);
    expect((await queueItem(reviewer, appealId))?.overdue).toBe(false);
    t.clock.set(NOON + 72 * HOUR_MS + 1);
    const [reviewerLater, adminLater] = [await signIn(t, ['reviewer']), await signIn(t, ['admin'])];
    expect((await queueItem(reviewerLater, appealId))?.overdue).toBe(true);
    expect((await api(t, listAppeals, { token: user.token })).data.items[0]?.overdue).toBe(true);
    const after = await queues(adminLater);
    expect(after['appeals-overdue']).toBeGreaterThan(before['appeals-overdue'] ?? 0);
  });

  it('shows a picture sent with an appeal to reviewers, and records the look', async () => {
    t.clock.set(NOON);
    const { user, day } = await heldDay(t);
    const picture = await uploadFile(t, user.token, await testJpeg());
    const sent = await appeal(t, user, { subject: day, fileId: picture.data.fileId });
    expect(sent.data.imageUrl).toBe(picture.data.url);
    const reviewer = await signIn(t, ['reviewer']);
    expect((await queueItem(reviewer, sent.data.id))?.hasImage).toBe(true);
    const image = await t.app.inject({
      method: 'GET',
      url: consoleAppealImage.path.replace('{id}', sent.data.id),
      headers: { cookie: reviewer.cookie },
    });
    expect([image.statusCode, image.headers['content-type']]).toEqual([200, 'image/jpeg']);
    const looks = (await t.app.services.audit.list(100)).filter(
      (row) => row.action === 'appeal.view-image' && row.subject_id === sent.data.id,
    );
    expect(looks).toHaveLength(1);
  });

  it('exports a user’s appeals and erases them with the account', async () => {
    t.clock.set(NOON);
    const { user, appealId } = await appealedDay(t);
    const exported = await exportOf(t, user);
    expect(exported.data.sections.appeals).toEqual([
      expect.objectContaining({ kind: 'step-day', status: 'open', note: 'I walked it: my watch shows 12,000 steps' }),
    ]);
    expect((await deleteAccount(t, user)).code).toBe(CODES.OK);
    expect(await t.db.selectFrom('appeals').selectAll().where('id', '=', appealId).execute()).toEqual([]);
  });
});

describe('appealing a dismissed report', () => {
  it('tells the reporter of a dismissal, and a granted appeal hides the content', async () => {
    t.clock.set(NOON);
    const { owner, reporter } = await reportedNickname(t);
    const reviewer = await signIn(t, ['reviewer']);
    const dismissed = await consoleApi(t, reviewer, consoleModerationDecide, {
      params: { kind: 'nickname', id: owner.userId },
      body: { decision: 'dismiss', reason: 'Nothing wrong', version: 1 },
    });
    expect(dismissed.code, dismissed.message).toBe(CODES.OK);
    const told = (await inbox(reporter.token)).find((item) => item.kind === 'report.dismissed');
    expect(told).toMatchObject({
      body: 'A reviewer looked at the nickname you reported and left it as it is. If you disagree, you can appeal.',
    });
    const reportId = told?.link?.query?.subject ?? '';
    expect(told?.link).toEqual({ path: '/pages-sub/appeals/index', query: { kind: 'report', subject: reportId } });
    const notMine = await appeal(t, owner, { kind: 'report', subject: reportId });
    expect(notMine.code).toBe(CODES.NOT_FOUND);
    const sent = await appeal(t, reporter, { kind: 'report', subject: reportId, note: 'It insults my club' });
    expect(sent.code, sent.message).toBe(CODES.OK);
    const item = await queueItem(reviewer, sent.data.id);
    expect(item).toMatchObject({
      kind: 'report',
      day: null,
      report: { kind: 'nickname', targetId: owner.userId, reason: 'offensive', text: owner.nickname },
    });
    t.clock.set(NOON + 60_000);
    const granted = await decide(reviewer, sent.data.id, { decision: 'grant', reason: 'reviewMistake' });
    expect(granted.code, granted.message).toBe(CODES.OK);
    expect(granted.data.report?.text).toBe(null);
    const friends = (await api(t, getFriends, { token: reporter.token })).data.friends;
    const shown = friends.find((friend) => friend.id === owner.userId);
    expect(shown?.name).not.toBe(owner.nickname);
    const decided = (await inbox(reporter.token)).find((item) => item.kind === 'appeal.decided');
    expect(decided?.body).toBe('Your appeal about your report was granted: the first decision was a mistake.');
  });
});

describe('appealing a held invite reward', () => {
  it('lets either side appeal a reward a ring held, once each; a grant pays both sides, and a refused one can be granted', async () => {
    t.clock.set(NOON);
    const { inviter, invitee, id } = await heldInviteReward(t);
    const own = (await api(t, getInvite, { token: invitee.token })).data.ownReward;
    expect(own).toMatchObject({ status: 'held', inviteeId: id });
    const stranger = await registerUser(t);
    expect((await appeal(t, stranger, { kind: 'invite-reward', subject: id })).code).toBe(CODES.NOT_FOUND);
    const sent = await appeal(t, invitee, {
      kind: 'invite-reward',
      subject: id,
      note: 'My father and I share a phone',
    });
    expect(sent.code, sent.message).toBe(CODES.OK);
    const reviewer = await signIn(t, ['reviewer']);
    const item = await queueItem(reviewer, sent.data.id);
    expect(item?.inviteReward).toMatchObject({
      id,
      status: 'held',
      signals: [expect.objectContaining({ signal: 'shared' })],
    });
    const refused = await decide(reviewer, sent.data.id, { decision: 'refuse', reason: 'ruleApplies' });
    expect(refused.code, refused.message).toBe(CODES.OK);
    expect(refused.data.inviteReward?.status).toBe('refused');

    // The inviter appeals the refusal (the refusal's notice opens it) and a reviewer grants it: both sides are paid.
    const before = (await api(t, getInvite, { token: inviter.token })).data.rewardPoints;
    const second = await appeal(t, inviter, { kind: 'invite-reward', subject: id, note: 'They are my family' });
    expect(second.code, second.message).toBe(CODES.OK);
    const granted = await decide(reviewer, second.data.id, { decision: 'grant', reason: 'evidenceConvincing' });
    expect(granted.code, granted.message).toBe(CODES.OK);
    expect(granted.data.inviteReward?.status).toBe('paid');
    const after = (await api(t, getInvite, { token: inviter.token })).data.rewardPoints;
    expect(after - before).toBeGreaterThan(0);
    expect((await api(t, getInvite, { token: invitee.token })).data.ownReward?.status).toBe('paid');
    const again = await consoleApi(t, reviewer, consoleDecideInviteReward, {
      params: { id },
      body: { decision: 'release' },
    });
    expect(again.code).not.toBe(CODES.OK);
  });
});
