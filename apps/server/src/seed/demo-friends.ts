import { randomBytes, randomUUID } from 'node:crypto';
import type { Services } from '../modules/index.js';
import { AccountsRepository } from '../modules/accounts/accounts.repository.js';
import { PasswordHasher } from '../modules/accounts/passwords.js';
import { ClubsRepository } from '../modules/clubs/clubs.repository.js';
import { FriendsRepository } from '../modules/friends/friends.repository.js';
import { pairKey } from '../modules/friends/friends.service.js';
import { WalkingRepository } from '../modules/walking/walking.repository.js';
import { randomInviteCode } from '../lib/secrets.js';

/**
 * The demo's walkers (docs/product/friends.md, docs/product/clubs.md): three friends of the demo account who share
 * their steps, and a club they share with it, so the Friends and Clubs pages have people on them. They cannot sign in
 * (a random password nobody knows). The demo account itself shares nothing until its user turns it on, as anyone.
 */
export const DEMO_WALKERS = [
  { account: '13800138001', nickname: '林晓', steps: 8_620 },
  { account: '13800138002', nickname: 'Chen Wei', steps: 5_140 },
  { account: '13800138003', nickname: 'Ana', steps: 11_305 },
] as const;

export const DEMO_CLUB = { name: 'Stride Morning Walkers', code: 'WALKDEMO' } as const;

/** Once: the walkers, their friendships with the demo account and the club. Each start: today's and the week's steps. */
export async function seedDemoFriends(services: Services, demoUserId: string): Promise<void> {
  const { db, clock, calendar } = services;
  const accounts = new AccountsRepository();
  const friends = new FriendsRepository();
  const walking = new WalkingRepository();
  const now = clock.now();
  const ids: string[] = [];
  for (const walker of DEMO_WALKERS) {
    let row = await accounts.findByAccount(db, walker.account);
    if (!row) {
      const hasher = new PasswordHasher(services.config.argon2);
      row = {
        id: randomUUID(),
        account: walker.account,
        password_hash: await hasher.hash(randomBytes(24).toString('base64url')),
        invite_code: randomInviteCode(),
        invited_by: null,
        real_name_status: 'none',
        created_at: now,
        frozen_at: null,
        frozen_by: null,
        frozen_reason: null,
        version: 1,
        nickname: walker.nickname,
        avatar_file_id: null,
      };
      await accounts.insert(db, row);
      await friends.saveSettings(db, {
        user_id: row.id,
        findable_by_mobile: 0,
        share_steps: 1,
        show_avatar: 0,
        updated_at: now,
      });
      const key = pairKey(row.id, demoUserId);
      await friends.ensurePair(db, key, now);
      await friends.transition(
        db,
        key,
        { status: 'none' },
        { status: 'friends', requester_id: null, friends_since: now, updated_at: now },
      );
    }
    ids.push(row.id);
  }
  await seedDemoClub(services, demoUserId, ids);
  // This week's days, made on each start (a day already there stays as it is).
  const today = calendar.dayOf(now);
  for (const [index, walker] of DEMO_WALKERS.entries()) {
    for (let back = 0; back < 7; back += 1) {
      await db
        .insertInto('step_days')
        .values({
          user_id: ids[index]!,
          day: calendar.addDays(today, -back),
          steps: Math.max(0, walker.steps - back * 730 * (index + 1)),
          source: 'web',
          collected_points: 0,
          reported_at: now,
        })
        .onConflict((oc) => oc.columns(['user_id', 'day']).doNothing())
        .execute();
      // Each week's total, as walking keeps it with every day (the club's week board reads it).
      await walking.recountWeek(db, ids[index]!, calendar.addDays(today, -back));
    }
  }
}

/** The walkers' club, owned by the first of them, with the demo account a member. */
async function seedDemoClub(services: Services, demoUserId: string, walkerIds: readonly string[]): Promise<void> {
  const clubs = new ClubsRepository();
  const { db, clock } = services;
  if (await clubs.openByCode(db, DEMO_CLUB.code)) return;
  const id = randomUUID();
  const now = clock.now();
  const members = [...walkerIds, demoUserId];
  await clubs.insert(db, {
    id,
    name: DEMO_CLUB.name,
    code: DEMO_CLUB.code,
    owner_id: walkerIds[0]!,
    member_count: members.length,
    verified_at: now,
    created_at: now,
  });
  for (const userId of members)
    await clubs.addMember(db, { club_id: id, user_id: userId, joined_at: now, removed_at: null });
}
