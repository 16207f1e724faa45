import {
  CLUBS_OWNED_MAX,
  CODES,
  createClub,
  joinClub,
  listMyClubs,
  getClub,
  leaveClub,
  handOverClub,
  removeClubMember,
  getClubBoard,
  reportSteps,
  saveFriendSettings,
} from '@stride/contract';
import { describe, expect, it } from 'vitest';
import { api, masked, registerUser, registerUsers, useTestApp, type User } from '../../../test/harness.js';
import { deleteAccount, exportOf } from '../../../test/your-data.js';

// Clubs (docs/product/clubs.md): an owner, members by code, the club's board.
const t = useTestApp({ CLUB_MEMBERS_MAX: '3' });

const create = (owner: User, name = 'Morning walkers') => api(t, createClub, { token: owner.token, body: { name } });
const join = (user: User, code: string) => api(t, joinClub, { token: user.token, body: { code } });
const detail = (user: User, id: string) =>
  api(t, getClub, { token: user.token, params: { id }, query: { page: 1, pageSize: 20 } });
const remove = (user: User, id: string, userId: string) =>
  api(t, removeClubMember, { token: user.token, params: { id, userId } });
const handOver = (user: User, id: string, userId: string) =>
  api(t, handOverClub, { token: user.token, params: { id, userId } });

async function clubOf(owner: User, ...members: User[]) {
  const club = (await create(owner)).data;
  for (const user of members) expect((await join(user, club.code)).code).toBe(CODES.OK);
  return club;
}

describe('createClub and joinClub (POST /api/clubs, /api/clubs/join)', () => {
  it('makes the creator its owner and first member; others join by code, once, in any case', async () => {
    const [owner, walker] = [await registerUser(t), await registerUser(t)];
    const made = await create(owner, '  Morning walkers  ');
    expect(made).toMatchObject({
      code: CODES.OK,
      data: { name: 'Morning walkers', members: 1, isOwner: true, verified: false, owner: { id: owner.userId } },
    });
    expect(made.data.link).toMatch(new RegExp(`/#/pages-sub/clubs/index\\?code=${made.data.code}$`));
    const joined = await join(walker, made.data.code.toLowerCase());
    expect(joined.data).toMatchObject({ id: made.data.id, members: 2, isOwner: false, owner: { name: masked(owner) } });
    expect((await join(walker, made.data.code)).data.members).toBe(2);
    expect((await api(t, listMyClubs, { token: walker.token })).data.clubs.map((club) => club.id)).toEqual([
      made.data.id,
    ]);
    const members = (await detail(walker, made.data.id)).data.members;
    expect(members).toMatchObject({
      total: 2,
      items: [
        { id: owner.userId, owner: true, me: false },
        { id: walker.userId, owner: false, me: true },
      ],
    });
  });

  it('refuses a bad name, an unknown code, a full club, and more than the clubs one may own', async () => {
    const [owner, a, b, c] = await registerUsers(t, 4);
    expect((await create(owner, 'x')).code).toBe(CODES.VALIDATION_FAILED);
    expect((await create(owner, 'Walk\u202eers')).code).toBe(CODES.VALIDATION_FAILED);
    expect(await join(a, 'NOSUCH99')).toMatchObject({ code: CODES.NOT_FOUND, message: 'No open club has that code' });
    const club = await clubOf(owner, a, b);
    expect(await join(c, club.code)).toMatchObject({
      code: CODES.BUSINESS_RULE,
      message: 'This club is full (3 members)',
    });
    for (let i = 1; i < CLUBS_OWNED_MAX; i += 1) expect((await create(owner, `Club ${i}`)).code).toBe(CODES.OK);
    expect((await create(owner, 'One too many')).code).toBe(CODES.BUSINESS_RULE);
  });

  it('keeps a club’s members and board from anyone outside it', async () => {
    const [owner, outsider] = [await registerUser(t), await registerUser(t)];
    const club = await clubOf(owner);
    expect((await detail(outsider, club.id)).code).toBe(CODES.NOT_FOUND);
    const board = await api(t, getClubBoard, { token: outsider.token, params: { id: club.id }, query: {} });
    expect(board.code).toBe(CODES.NOT_FOUND);
    expect((await detail(outsider, 'no-such-club')).code).toBe(CODES.NOT_FOUND);
  });
});

describe('leaveClub, removeClubMember, handOverClub (POST /api/clubs/{id}/…)', () => {
  it('lets a member leave; the owner hands over first, and a club left empty closes', async () => {
    const [owner, walker] = [await registerUser(t), await registerUser(t)];
    const club = await clubOf(owner, walker);
    const ownerLeaves = await api(t, leaveClub, { token: owner.token, params: { id: club.id } });
    expect(ownerLeaves).toMatchObject({
      code: CODES.BUSINESS_RULE,
      message: 'Hand the club over to another member before you leave it',
    });
    expect((await handOver(walker, club.id, owner.userId)).code).toBe(CODES.NOT_FOUND);
    const handed = await handOver(owner, club.id, walker.userId);
    expect(handed.data).toMatchObject({ isOwner: false, owner: { id: walker.userId }, members: 2 });
    expect((await api(t, leaveClub, { token: owner.token, params: { id: club.id } })).code).toBe(CODES.OK);
    expect((await detail(owner, club.id)).code).toBe(CODES.NOT_FOUND);
    expect((await detail(walker, club.id)).data.club).toMatchObject({ members: 1, isOwner: true });
    expect((await api(t, leaveClub, { token: walker.token, params: { id: club.id } })).code).toBe(CODES.OK);
    expect((await join(owner, club.code)).code).toBe(CODES.NOT_FOUND);
  });

  it('lets only the owner remove a member, who cannot join again by the code', async () => {
    const [owner, a, b] = [await registerUser(t), await registerUser(t), await registerUser(t)];
    const club = await clubOf(owner, a, b);
    expect((await remove(a, club.id, b.userId)).code).toBe(CODES.NOT_FOUND);
    expect((await remove(owner, club.id, owner.userId)).code).toBe(CODES.NOT_FOUND);
    expect((await remove(owner, club.id, b.userId)).code).toBe(CODES.OK);
    expect((await detail(owner, club.id)).data.club.members).toBe(2);
    expect(await join(b, club.code)).toMatchObject({
      code: CODES.BUSINESS_RULE,
      message: 'The owner of this club removed you from it',
    });
    expect((await remove(owner, club.id, b.userId)).code).toBe(CODES.NOT_FOUND);
  });
});

describe('getClubBoard (GET /api/clubs/{id}/board)', () => {
  it('ranks the members who share their steps, for one who shares', async () => {
    const [owner, a, quiet] = [await registerUser(t), await registerUser(t), await registerUser(t)];
    const club = await clubOf(owner, a, quiet);
    const day = new Date(t.clock.now() + 8 * 3600_000).toISOString().slice(0, 10);
    for (const [user, steps] of [
      [owner, 2_000],
      [a, 7_000],
      [quiet, 9_000],
    ] as const) {
      await api(t, reportSteps, { token: user.token, body: { day, steps } });
    }
    const board = () =>
      api(t, getClubBoard, { token: owner.token, params: { id: club.id }, query: { period: 'today' } });
    expect((await board()).data).toMatchObject({ sharing: false, ranked: 0, entries: [] });
    for (const user of [owner, a]) {
      await api(t, saveFriendSettings, {
        token: user.token,
        body: { findableByMobile: false, shareSteps: true, showAvatar: true },
      });
    }
    const shown = (await board()).data;
    expect(shown).toMatchObject({ sharing: true, ranked: 2 });
    expect(shown.entries).toEqual([
      { id: a.userId, name: masked(a), avatarUrl: null, rank: 1, steps: 7_000, pendingSteps: 0, me: false },
      { id: owner.userId, name: masked(owner), avatarUrl: null, rank: 2, steps: 2_000, pendingSteps: 0, me: true },
    ]);
  });
});

describe('clubs in your data', () => {
  it('exports memberships, and a deleted owner passes the club to the next member', async () => {
    const [owner, a] = [await registerUser(t), await registerUser(t)];
    const club = await clubOf(owner, a);
    const exported = await exportOf(t, owner);
    expect(exported.data.sections.clubs).toEqual([
      { club: 'Morning walkers', joinedAt: expect.any(String) as string, owner: true },
    ]);
    const deleted = await deleteAccount(t, owner);
    expect(deleted.code, deleted.message).toBe(CODES.OK);
    expect((await detail(a, club.id)).data.club).toMatchObject({ isOwner: true, members: 1 });
    expect((await detail(a, club.id)).data.members.items.map((item) => item.id)).toEqual([a.userId]);
  });
});
