import {
  CODES,
  REPORTS_PER_HOUR,
  consoleModerationAvatar,
  consoleModerationDecide,
  consoleModerationQueue,
  getClub,
  getFriends,
  getUserInfo,
  listMyClubs,
  reportContent,
  saveFriendSettings,
  updateProfile,
  type ConsoleModerationItem,
  type ModerationDecision,
  type ModerationKind,
} from '@stride/contract';
import { describe, expect, it } from 'vitest';
import { consoleApi, signIn, type ConsoleSession } from '../../../test/console.js';
import { api, clubOf, masked, registerUser, registerUsers, setAvatar, useTestApp } from '../../../test/harness.js';
import { befriend, nicknamed, report, reportedNickname, type User } from '../../../test/moderation.js';
import { deleteAccount, exportOf } from '../../../test/your-data.js';

// Moderation of user content (docs/product/moderation.md): reports of what a user sees, the reviewers' queue and
// decisions (docs/console/reviewer.md, Reported content).
const t = useTestApp();

const friendsOf = async (user: User) => (await api(t, getFriends, { token: user.token })).data.friends;
const reportRows = (kind: ModerationKind, id: string) =>
  t.db.selectFrom('content_reports').selectAll().where('kind', '=', kind).where('target_id', '=', id).execute();

/** The queue's item of this content, reading every page. */
async function itemOf(reviewer: ConsoleSession, kind: ModerationKind, id: string) {
  const items: ConsoleModerationItem[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await consoleApi(t, reviewer, consoleModerationQueue, { query: { page, pageSize: 50 } });
    expect(answer.code, answer.message).toBe(CODES.OK);
    items.push(...answer.data.items);
    if (!answer.data.hasMore) break;
  }
  return items.find((item) => item.kind === kind && item.id === id);
}

const decide = (
  reviewer: ConsoleSession,
  kind: ModerationKind,
  id: string,
  decision: ModerationDecision,
  version: number,
  reason = 'Breaks the rules',
) => consoleApi(t, reviewer, consoleModerationDecide, { params: { kind, id }, body: { decision, reason, version } });

const parsed = (value: string | null) => (value === null ? null : (JSON.parse(value) as unknown));
const recordsOf = async (kind: ModerationKind, id: string) =>
  (await t.app.services.audit.list(1000))
    .filter((row) => row.subject_type === 'content' && row.subject_id === `${kind}:${id}`)
    .map((row) => ({ ...row, detail: parsed(row.detail), before: parsed(row.before), after: parsed(row.after) }));

async function avatarFriend(): Promise<{ owner: User; friend: User; fileId: string }> {
  const [owner, friend] = [await registerUser(t), await registerUser(t)];
  await befriend(t, friend, owner);
  return { owner, friend, fileId: await setAvatar(t, owner) };
}

describe('reportContent (POST /api/reports/content)', () => {
  it('takes a report of content the reporter sees, and answers 1004 for anything else, alike', async () => {
    const owner = await nicknamed(t);
    const [friend, member, stranger] = await registerUsers(t, 3);
    await befriend(t, friend, owner);
    const club = await clubOf(t, owner, 'Morning walkers', member);

    // A friend's nickname, a club member's nickname, a club one belongs to.
    expect((await report(t, friend, { kind: 'nickname', id: owner.userId, note: ' rude ' })).data).toEqual({
      done: true,
    });
    expect((await report(t, member, { kind: 'nickname', id: owner.userId, reason: 'spam' })).code).toBe(CODES.OK);
    expect((await report(t, member, { kind: 'club', id: club.id, reason: 'impersonation' })).code).toBe(CODES.OK);
    const rows = await reportRows('nickname', owner.userId);
    expect(rows.map((row) => [row.reporter_id, row.reason, row.note]).sort()).toEqual(
      [
        [friend.userId, 'offensive', 'rude'],
        [member.userId, 'spam', null],
      ].sort(),
    );

    // A stranger's nickname, a club not theirs, an unknown id, a friend without a nickname, an avatar not shown.
    const refused = [
      await report(t, stranger, { kind: 'nickname', id: owner.userId }),
      await report(t, stranger, { kind: 'club', id: club.id }),
      await report(t, stranger, { kind: 'nickname', id: '00000000-0000-4000-8000-000000000000' }),
      await report(t, owner, { kind: 'nickname', id: friend.userId }),
      await report(t, friend, { kind: 'avatar', id: owner.userId }),
    ];
    expect(refused.map((answer) => answer.code)).toEqual(Array(5).fill(CODES.NOT_FOUND));
    expect(refused[0]?.message).toBe(refused[2]?.message);
    expect(await reportRows('club', club.id)).toHaveLength(1);

    // One's own content is refused with its reason.
    const own = await report(t, owner, { kind: 'club', id: club.id });
    expect(own).toMatchObject({ code: CODES.BUSINESS_RULE, message: 'You cannot report your own content' });
    const ownZh = await api(t, reportContent, {
      token: owner.token,
      body: { kind: 'club', id: club.id, reason: 'spam' },
      language: 'zh-Hans',
    });
    expect(ownZh.message).toBe('不能举报自己的内容');
  });

  it('keeps one open report per reporter and content: a repeat answers done without a second row', async () => {
    const { owner, reporter } = await reportedNickname(t);
    expect((await report(t, reporter, { kind: 'nickname', id: owner.userId, reason: 'spam' })).data).toEqual({
      done: true,
    });
    const rows = await reportRows('nickname', owner.userId);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.reason).toBe('offensive');
    const reviewer = await signIn(t, ['reviewer']);
    expect(await itemOf(reviewer, 'nickname', owner.userId)).toMatchObject({ reports: 1, version: 1 });
  });

  it(`allows ${REPORTS_PER_HOUR} reports an hour to a user, then answers 1006`, async () => {
    const { owner, reporter } = await reportedNickname(t);
    for (let i = 1; i < REPORTS_PER_HOUR; i += 1) {
      expect((await report(t, reporter, { kind: 'nickname', id: owner.userId })).code).toBe(CODES.OK);
    }
    const limited = await report(t, reporter, { kind: 'nickname', id: owner.userId });
    expect(limited.code).toBe(CODES.RATE_LIMITED);
    t.clock.advance(60 * 60 * 1000);
    expect((await report(t, reporter, { kind: 'nickname', id: owner.userId })).code).toBe(CODES.OK);
  });
});

describe('the moderation queue (GET /api/console/moderation)', () => {
  it('groups the open reports per content with their count, reasons and notes, and the content as it is now', async () => {
    const [owner, a, b] = [await nicknamed(t, 'Queue'), await registerUser(t), await registerUser(t)];
    await befriend(t, a, owner);
    await befriend(t, b, owner);
    await report(t, a, { kind: 'nickname', id: owner.userId, reason: 'spam', note: 'Sells things' });
    t.clock.advance(1_000);
    await report(t, b, { kind: 'nickname', id: owner.userId, reason: 'spam' });
    const club = await clubOf(t, owner, 'Queue club', a);
    await report(t, a, { kind: 'club', id: club.id, reason: 'other', note: 'Odd name' });

    const reviewer = await signIn(t, ['reviewer']);
    const nickname = await itemOf(reviewer, 'nickname', owner.userId);
    expect(nickname).toEqual({
      kind: 'nickname',
      id: owner.userId,
      ownerId: owner.userId,
      ownerMobileMasked: masked(owner),
      text: owner.nickname,
      imageUrl: null,
      reports: 2,
      reasons: [{ reason: 'spam', count: 2 }],
      notes: ['Sells things'],
      firstReportedAt: expect.any(String) as string,
      version: 2,
    });
    expect(await itemOf(reviewer, 'club', club.id)).toMatchObject({
      ownerId: owner.userId,
      text: 'Queue club',
      reports: 1,
      reasons: [{ reason: 'other', count: 1 }],
      notes: ['Odd name'],
      version: 1,
    });
    // Oldest first, paged.
    const first = await consoleApi(t, reviewer, consoleModerationQueue, { query: { page: 1, pageSize: 1 } });
    expect(first.data).toMatchObject({ page: 1, pageSize: 1, hasMore: true });
    const all = await consoleApi(t, reviewer, consoleModerationQueue, { query: { page: 1, pageSize: 50 } });
    const times = all.data.items.map((item) => item.firstReportedAt);
    expect(times).toEqual([...times].sort());
    expect(all.data.items[0]).toEqual(first.data.items[0]);
  });

  it('shows a reported avatar to the reviewer while it has open reports', async () => {
    const { owner, friend } = await avatarFriend();
    await api(t, saveFriendSettings, {
      token: owner.token,
      body: { findableByMobile: false, shareSteps: false, showAvatar: true },
    });
    expect((await report(t, friend, { kind: 'avatar', id: owner.userId })).code).toBe(CODES.OK);
    const reviewer = await signIn(t, ['reviewer']);
    const item = await itemOf(reviewer, 'avatar', owner.userId);
    expect(item).toMatchObject({ text: null, imageUrl: `/api/console/moderation/avatars/${owner.userId}` });
    const image = await consoleApi(t, reviewer, consoleModerationAvatar, { params: { id: owner.userId } });
    expect(image.code).toBe(CODES.OK);
    expect(Buffer.isBuffer(image.data)).toBe(true);
    expect((await decide(reviewer, 'avatar', owner.userId, 'dismiss', item?.version ?? 0)).code).toBe(CODES.OK);
    const after = await consoleApi(t, reviewer, consoleModerationAvatar, { params: { id: owner.userId } });
    expect(after.code).toBe(CODES.NOT_FOUND);
  });
});

describe('decisions (POST /api/console/moderation/{kind}/{id}/decide)', () => {
  it('hides a nickname: friends see the masked number; a new nickname shows again', async () => {
    const { owner, reporter } = await reportedNickname(t);
    const reviewer = await signIn(t, ['reviewer']);
    const decided = await decide(reviewer, 'nickname', owner.userId, 'hide', 1, 'Offensive name');
    expect(decided.data).toEqual({ decision: 'hide', closedReports: 1 });
    expect(await friendsOf(reporter)).toMatchObject([{ id: owner.userId, name: masked(owner) }]);
    expect((await api(t, getUserInfo, { token: owner.token })).data.nickname).toBeNull();
    expect(await itemOf(reviewer, 'nickname', owner.userId)).toBeUndefined();
    expect((await reportRows('nickname', owner.userId))[0]).toMatchObject({ decision: 'hide' });
    expect(await recordsOf('nickname', owner.userId)).toMatchObject([
      {
        action: 'moderation.hide',
        operator: reviewer.name,
        detail: { reason: 'Offensive name', reports: 1 },
        before: { content: { nickname: owner.nickname } },
        after: { content: { nickname: null } },
      },
    ]);

    await api(t, updateProfile, { token: owner.token, body: { nickname: 'Fresh start' } });
    expect(await friendsOf(reporter)).toMatchObject([{ id: owner.userId, name: 'Fresh start' }]);
    // The new nickname can be reported again, as a new case of the same content.
    expect((await report(t, reporter, { kind: 'nickname', id: owner.userId })).code).toBe(CODES.OK);
    expect(await itemOf(reviewer, 'nickname', owner.userId)).toMatchObject({ text: 'Fresh start', version: 3 });
  });

  it('hides an avatar: friends no longer see it', async () => {
    const { owner, friend } = await avatarFriend();
    await api(t, saveFriendSettings, {
      token: owner.token,
      body: { findableByMobile: false, shareSteps: false, showAvatar: true },
    });
    expect((await friendsOf(friend))[0]?.avatarUrl).toBe(`/api/friends/${owner.userId}/avatar`);
    await report(t, friend, { kind: 'avatar', id: owner.userId });
    const reviewer = await signIn(t, ['reviewer']);
    expect((await decide(reviewer, 'avatar', owner.userId, 'hide', 1)).code).toBe(CODES.OK);
    expect((await friendsOf(friend))[0]?.avatarUrl).toBeNull();
    expect((await api(t, getUserInfo, { token: owner.token })).data.avatarUrl).toBeNull();
  });

  it('hides a club’s name: its readers see a neutral name in their language', async () => {
    const [owner, member] = [await registerUser(t), await registerUser(t)];
    const club = await clubOf(t, owner, 'Rude club name', member);
    await report(t, member, { kind: 'club', id: club.id });
    const reviewer = await signIn(t, ['reviewer']);
    expect((await decide(reviewer, 'club', club.id, 'hide', 1)).code).toBe(CODES.OK);
    const read = (user: User, language?: 'zh-Hans' | 'fr') =>
      api(t, getClub, {
        token: user.token,
        params: { id: club.id },
        query: { page: 1, pageSize: 20 },
        ...(language ? { language } : {}),
      });
    expect((await read(member)).data.club.name).toBe('A club');
    expect((await read(owner, 'zh-Hans')).data.club.name).toBe('一个俱乐部');
    expect((await read(member, 'fr')).data.club.name).toBe('Un club');
    expect((await api(t, listMyClubs, { token: member.token })).data.clubs.map((c) => c.name)).toEqual(['A club']);
    expect(await recordsOf('club', club.id)).toMatchObject([
      { action: 'moderation.hide', after: { content: { name: 'Rude club name', hidden: true } } },
    ]);
  });

  it('freezes the account that owns the content, with the accounts’ own freeze', async () => {
    const { owner } = await reportedNickname(t);
    const reviewer = await signIn(t, ['reviewer']);
    expect((await decide(reviewer, 'nickname', owner.userId, 'freeze', 1, 'Spam account')).code).toBe(CODES.OK);
    expect((await api(t, getUserInfo, { token: owner.token })).code).toBe(CODES.ACCOUNT_FROZEN);
    const user = await t.db.selectFrom('users').selectAll().where('id', '=', owner.userId).executeTakeFirstOrThrow();
    expect(user).toMatchObject({ frozen_by: reviewer.name, frozen_reason: 'Spam account' });
    const records = (await t.app.services.audit.list(1000)).filter(
      (row) => row.subject_id === owner.userId || row.subject_id === `nickname:${owner.userId}`,
    );
    expect(records.map((row) => row.action).sort()).toEqual(['moderation.freeze', 'user.freeze']);
    expect((await reportRows('nickname', owner.userId))[0]).toMatchObject({ decision: 'freeze' });
  });

  it('dismisses the reports: nothing changes, the reports close, and a reporter may report again', async () => {
    const { owner, reporter } = await reportedNickname(t);
    const reviewer = await signIn(t, ['reviewer']);
    expect((await decide(reviewer, 'nickname', owner.userId, 'dismiss', 1, 'Nothing wrong')).data).toEqual({
      decision: 'dismiss',
      closedReports: 1,
    });
    expect(await friendsOf(reporter)).toMatchObject([{ name: owner.nickname }]);
    expect(await recordsOf('nickname', owner.userId)).toMatchObject([
      { action: 'moderation.dismiss', detail: { reason: 'Nothing wrong', reports: 1 } },
    ]);
    expect((await report(t, reporter, { kind: 'nickname', id: owner.userId })).code).toBe(CODES.OK);
    expect(await reportRows('nickname', owner.userId)).toHaveLength(2);
  });

  it('refuses a stale decision with 1017, changing nothing: another decision or a new report moved it on', async () => {
    const { owner } = await reportedNickname(t);
    const [first, second] = [await signIn(t, ['reviewer']), await signIn(t, ['reviewer'])];
    const other = await registerUser(t);
    await befriend(t, other, owner);
    await report(t, other, { kind: 'nickname', id: owner.userId });
    // Seen at version 1, before the second report.
    const stale = await decide(first, 'nickname', owner.userId, 'hide', 1);
    expect(stale.code).toBe(CODES.STALE_EDIT);
    expect((await decide(second, 'nickname', owner.userId, 'dismiss', 2)).code).toBe(CODES.OK);
    const late = await decide(first, 'nickname', owner.userId, 'hide', 2);
    expect(late.code).toBe(CODES.STALE_EDIT);
    expect((await api(t, getUserInfo, { token: owner.token })).data.nickname).toBe(owner.nickname);
    expect(await recordsOf('nickname', owner.userId)).toHaveLength(1);
    expect((await decide(first, 'club', '00000000-0000-4000-8000-000000000000', 'hide', 1)).code).toBe(CODES.NOT_FOUND);
  });
});

describe('reports in your data', () => {
  it('exports the reports a user made; deleting the account erases them, and closes reports of their content', async () => {
    const { owner, reporter } = await reportedNickname(t);
    const other = await nicknamed(t);
    await befriend(t, reporter, other);
    t.clock.advance(1_000);
    await report(t, reporter, { kind: 'nickname', id: other.userId, reason: 'spam', note: 'Ads' });
    const exported = await exportOf(t, reporter);
    expect(exported.data.sections.reports).toEqual([
      {
        kind: 'nickname',
        reason: 'offensive',
        note: null,
        reportedAt: expect.any(String) as string,
        closedAt: null,
        outcome: null,
      },
      {
        kind: 'nickname',
        reason: 'spam',
        note: 'Ads',
        reportedAt: expect.any(String) as string,
        closedAt: null,
        outcome: null,
      },
    ]);

    // The owner's reported nickname is also reported by someone who stays.
    const stays = await registerUser(t);
    await befriend(t, stays, other);
    await report(t, stays, { kind: 'nickname', id: other.userId });

    expect((await deleteAccount(t, reporter)).code).toBe(CODES.OK);
    const left = await t.db
      .selectFrom('content_reports')
      .selectAll()
      .where('reporter_id', '=', reporter.userId)
      .execute();
    expect(left).toEqual([]);
    const reviewer = await signIn(t, ['reviewer']);
    // Only the reporter's report was open on the first owner: it leaves the queue; the other keeps the one who stays.
    expect(await itemOf(reviewer, 'nickname', owner.userId)).toBeUndefined();
    expect(await itemOf(reviewer, 'nickname', other.userId)).toMatchObject({ reports: 1 });

    expect((await deleteAccount(t, other)).code).toBe(CODES.OK);
    expect(await itemOf(reviewer, 'nickname', other.userId)).toBeUndefined();
    expect(await reportRows('nickname', other.userId)).toMatchObject([
      { reporter_id: stays.userId, decision: 'erased' },
    ]);
  });
});
