import { CODES, createClub, joinClub } from '@stride/contract';
import { describe, expect, it } from 'vitest';
import { api, registerUser, useTestApp } from '../../../test/harness.js';

// One membership per user and club, and a club's limit, raced on PostgreSQL (docs/product/clubs.md).
const t = useTestApp({ CLUB_MEMBERS_MAX: '4' });

const members = (clubId: string) => t.db.selectFrom('club_members').selectAll().where('club_id', '=', clubId).execute();
const countOf = async (clubId: string) =>
  (await t.db.selectFrom('clubs').select('member_count').where('id', '=', clubId).executeTakeFirstOrThrow())
    .member_count;

describe('joinClub (POST /api/clubs/join) raced', () => {
  it('keeps one membership of ten joins of one user at once', async () => {
    const [owner, walker] = [await registerUser(t), await registerUser(t)];
    const club = (await api(t, createClub, { token: owner.token, body: { name: 'Racers' } })).data;
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => api(t, joinClub, { token: walker.token, body: { code: club.code } })),
    );
    expect(answers.every((answer) => answer.code === CODES.OK)).toBe(true);
    expect(await members(club.id)).toHaveLength(2);
    expect(await countOf(club.id)).toBe(2);
  });

  it('lets exactly as many in as there is room for when eight join at once', async () => {
    const owner = await registerUser(t);
    const club = (await api(t, createClub, { token: owner.token, body: { name: 'Full house' } })).data;
    const walkers = [];
    for (let i = 0; i < 8; i += 1) walkers.push(await registerUser(t));
    const answers = await Promise.all(
      walkers.map((walker) => api(t, joinClub, { token: walker.token, body: { code: club.code } })),
    );
    expect(answers.filter((answer) => answer.code === CODES.OK)).toHaveLength(3);
    expect(answers.filter((answer) => answer.code === CODES.BUSINESS_RULE)).toHaveLength(5);
    expect(await members(club.id)).toHaveLength(4);
    expect(await countOf(club.id)).toBe(4);
  });
});
