import {
  CODES,
  consoleClubClose,
  consoleClubs,
  consoleClubUnverify,
  consoleClubVerify,
  getClub,
  getClubBoard,
  joinClub,
  listMyClubs,
  listNotifications,
} from '@stride/contract';
import { describe, expect, it } from 'vitest';
import { consoleApi, signIn } from '../../../test/console.js';
import { api, clubOf, masked, registerUser, useTestApp, type User } from '../../../test/harness.js';

// Clubs in the console (docs/console/clubs.md): the list, the verified badge, closing with a reason.
const t = useTestApp();

const detail = (user: User, id: string) =>
  api(t, getClub, { token: user.token, params: { id }, query: { page: 1, pageSize: 20 } });

const clubRecords = async (id: string) =>
  (await t.app.services.audit.list(1000)).filter((row) => row.subject_type === 'club' && row.subject_id === id);

describe('consoleClubs (GET /api/console/clubs)', () => {
  it('finds clubs by code in any case or a part of the name, open or closed, newest first, paged', async () => {
    const editor = await signIn(t, ['editor']);
    const [owner, walker] = [await registerUser(t), await registerUser(t)];
    const morning = await clubOf(t, owner, 'Morning 100% walkers', walker);
    t.clock.advance(1_000);
    const evening = await clubOf(t, owner, 'Evening walkers');
    const list = (query: Record<string, unknown>) =>
      consoleApi(t, editor, consoleClubs, { query: { page: 1, pageSize: 20, ...query } });

    const byCode = await list({ q: morning.code.toLowerCase() });
    expect(byCode.data).toMatchObject({ total: 1, hasMore: false });
    expect(byCode.data.items[0]).toEqual({
      id: morning.id,
      name: 'Morning 100% walkers',
      code: morning.code,
      ownerId: owner.userId,
      ownerMobileMasked: masked(owner),
      members: 2,
      verified: false,
      verifiedAt: null,
      createdAt: expect.any(String) as string,
      closedAt: null,
      closedReason: null,
      version: 1,
    });
    expect((await list({ q: 'WALKERS' })).data.items.map((club) => club.id)).toEqual([evening.id, morning.id]);
    // `%` is a character of the name, not a wildcard.
    expect((await list({ q: '100%' })).data.items.map((club) => club.id)).toEqual([morning.id]);
    expect((await list({ q: 'g 1_0' })).data.total).toBe(0);
    const firstPage = await consoleApi(t, editor, consoleClubs, { query: { q: 'walkers', page: 1, pageSize: 1 } });
    expect(firstPage.data).toMatchObject({ total: 2, hasMore: true, items: [{ id: evening.id }] });

    const closed = await consoleApi(t, editor, consoleClubClose, {
      params: { id: evening.id },
      body: { version: 1, reason: 'Spam' },
    });
    expect(closed.code).toBe(CODES.OK);
    expect((await list({ q: 'walkers', state: 'open' })).data.items.map((club) => club.id)).toEqual([morning.id]);
    expect((await list({ q: 'walkers', state: 'closed' })).data.items).toMatchObject([
      { id: evening.id, closedReason: 'Spam', closedAt: expect.any(String) as string },
    ]);
  });

  it('refuses anyone but an editor', async () => {
    const support = await signIn(t, ['support']);
    expect((await consoleApi(t, support, consoleClubs, { query: {} })).code).toBe(CODES.FORBIDDEN);
    const owner = await registerUser(t);
    const club = await clubOf(t, owner, 'Not yours');
    const refused = await consoleApi(t, support, consoleClubVerify, { params: { id: club.id }, body: { version: 1 } });
    expect(refused.code).toBe(CODES.FORBIDDEN);
    const asUser = await api(t, consoleClubVerify, {
      token: owner.token,
      params: { id: club.id },
      body: { version: 1 },
    });
    expect(asUser.code).toBe(CODES.CONSOLE_SESSION_INVALID);
    expect((await detail(owner, club.id)).data.club.verified).toBe(false);
    expect(await clubRecords(club.id)).toEqual([]);
  });
});

describe('consoleClubVerify and consoleClubUnverify (POST /api/console/clubs/{id}/verify, …/unverify)', () => {
  it('gives and removes the badge members see, each a compare-and-set on the version, recorded with the operator', async () => {
    const editor = await signIn(t, ['editor']);
    const [owner, walker] = [await registerUser(t), await registerUser(t)];
    const club = await clubOf(t, owner, 'Badge walkers', walker);

    const verified = await consoleApi(t, editor, consoleClubVerify, { params: { id: club.id }, body: { version: 1 } });
    expect(verified.data).toMatchObject({
      verified: true,
      verifiedAt: new Date(t.clock.now()).toISOString(),
      version: 2,
    });
    expect((await detail(walker, club.id)).data.club.verified).toBe(true);
    expect((await api(t, listMyClubs, { token: walker.token })).data.clubs[0]?.verified).toBe(true);
    const [record] = await clubRecords(club.id);
    expect(record).toMatchObject({ operator_id: editor.operatorId, source: 'console', action: 'club.verify' });
    expect(JSON.parse(String(record?.before))).toMatchObject({ verifiedAt: null, version: 1 });
    expect(JSON.parse(String(record?.after))).toMatchObject({ verifiedAt: verified.data.verifiedAt, version: 2 });

    // A page still at version 1 is stale: nothing changes, nothing is recorded.
    const stale = await consoleApi(t, editor, consoleClubUnverify, { params: { id: club.id }, body: { version: 1 } });
    expect(stale.code).toBe(CODES.STALE_EDIT);
    expect((await detail(walker, club.id)).data.club.verified).toBe(true);
    expect(await clubRecords(club.id)).toHaveLength(1);

    const removed = await consoleApi(t, editor, consoleClubUnverify, { params: { id: club.id }, body: { version: 2 } });
    expect(removed.data).toMatchObject({ verified: false, verifiedAt: null, version: 3 });
    expect((await detail(walker, club.id)).data.club.verified).toBe(false);
    expect((await clubRecords(club.id)).map((row) => row.action).sort()).toEqual(['club.unverify', 'club.verify']);

    const missing = await consoleApi(t, editor, consoleClubVerify, {
      params: { id: 'no-such-club' },
      body: { version: 1 },
    });
    expect(missing.code).toBe(CODES.BUSINESS_RULE);
  });
});

describe('consoleClubClose (POST /api/console/clubs/{id}/close)', () => {
  it('closes a club with a reason: its members get 1004 and word in the inbox, and no one can join it', async () => {
    const editor = await signIn(t, ['editor']);
    const [owner, walker, newcomer] = [await registerUser(t), await registerUser(t), await registerUser(t)];
    const club = await clubOf(t, owner, 'Rule breakers', walker);

    const stale = await consoleApi(t, editor, consoleClubClose, {
      params: { id: club.id },
      body: { version: 2, reason: 'Offensive name' },
    });
    expect(stale.code).toBe(CODES.STALE_EDIT);
    expect((await detail(walker, club.id)).code).toBe(CODES.OK);

    const closed = await consoleApi(t, editor, consoleClubClose, {
      params: { id: club.id },
      body: { version: 1, reason: '  Offensive name  ' },
    });
    expect(closed.data).toMatchObject({ closedReason: 'Offensive name', version: 2, members: 2 });
    for (const user of [owner, walker]) {
      expect(await detail(user, club.id)).toMatchObject({ code: CODES.NOT_FOUND });
      const board = await api(t, getClubBoard, { token: user.token, params: { id: club.id }, query: {} });
      expect(board.code).toBe(CODES.NOT_FOUND);
      expect((await api(t, listMyClubs, { token: user.token })).data.clubs).toEqual([]);
      const inbox = await api(t, listNotifications, { token: user.token, query: { page: 1, pageSize: 20 } });
      expect(inbox.data.items.filter((item) => item.kind === 'club.closed')).toEqual([
        expect.objectContaining({
          title: 'Club closed',
          body: 'The club Rule breakers was closed for breaking the rules: Offensive name.',
          link: { path: '/pages-sub/clubs/index', query: {} },
        }),
      ]);
    }
    expect(await api(t, joinClub, { token: newcomer.token, body: { code: club.code } })).toMatchObject({
      code: CODES.NOT_FOUND,
      message: 'No open club has that code',
    });

    const [record] = await clubRecords(club.id);
    expect(record).toMatchObject({ operator_id: editor.operatorId, action: 'club.close' });
    expect(JSON.parse(String(record?.detail))).toEqual({ reason: 'Offensive name' });
    expect(JSON.parse(String(record?.after))).toMatchObject({ closedReason: 'Offensive name', version: 2 });

    // A closed club takes no more changes, whatever version the page has.
    const again = await consoleApi(t, editor, consoleClubVerify, { params: { id: club.id }, body: { version: 2 } });
    expect(again).toMatchObject({ code: CODES.BUSINESS_RULE, message: 'This club is closed' });
    expect(await clubRecords(club.id)).toHaveLength(1);
  });
});
