import type { Executor } from '../../db/executor.js';
import type { ModerationTarget } from '../../lib/moderation.js';
import type { ProfileService } from '../accounts/profile.service.js';
import type { ClubsService } from '../clubs/clubs.service.js';
import type { FriendsService } from '../friends/friends.service.js';

/** Where a person's nickname and avatar are seen: friends (docs/product/friends.md) and clubs (docs/product/clubs.md). */
export interface PeopleSeen {
  profile: ProfileService;
  friends: FriendsService;
  clubs: ClubsService;
}

/**
 * A person's nickname and avatar as content others may report (docs/product/moderation.md), by the user's id. The
 * nickname is seen by friends and by members of a club the person belongs to (their boards included); the avatar only
 * by friends, while the person shows it to them. Hiding clears it: the person shows as one without it.
 */
export function peopleTargets({ profile, friends, clubs }: PeopleSeen): ModerationTarget[] {
  const seesNickname = async (db: Executor, viewerId: string, id: string) =>
    (await friends.friendSees(viewerId, id, db)).friend || clubs.sharesClub(viewerId, id, db);
  return [
    {
      kind: 'nickname',
      ofUser: true,
      async visibleTo(db, viewerId, id) {
        const parts = (await profile.parts([id], db)).get(id);
        return parts?.nickname != null && (await seesNickname(db, viewerId, id));
      },
      async contents(db, ids) {
        const parts = await profile.parts(ids, db);
        return new Map([...parts].map(([id, part]) => [id, { ownerId: id, text: part.nickname, image: false }]));
      },
      hide: (trx, id) => profile.clear(trx, id, 'nickname'),
    },
    {
      kind: 'avatar',
      ofUser: true,
      visibleTo: async (db, viewerId, id) => (await friends.friendSees(viewerId, id, db)).avatar,
      async contents(db, ids) {
        const parts = await profile.parts(ids, db);
        return new Map(
          [...parts].map(([id, part]) => [id, { ownerId: id, text: null, image: part.avatarFileId !== null }]),
        );
      },
      hide: (trx, id) => profile.clear(trx, id, 'avatar'),
      image: (id) => profile.avatar(id),
    },
  ];
}
