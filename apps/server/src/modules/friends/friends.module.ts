import { defineModule, type Frame } from '../../lib/module.js';
import type { NotificationsService } from '../notifications/notifications.service.js';
import type { RateLimitService } from '../rate-limit/rate-limit.service.js';
import { FriendsRepository } from './friends.repository.js';
import { registerFriendRoutes } from './friends.routes.js';
import { FriendsService } from './friends.service.js';

/** Friends: requests by code, number or invite, friendships, blocks, the friends' board and likes (docs/product/friends.md). */
export const friendsModule = defineModule({
  name: 'friends',
  needs: ['limits', 'notifications'],
  build: (
    { db, clock, calendar }: Frame,
    { limits, notifications }: { limits: RateLimitService; notifications: NotificationsService },
  ) => ({
    friends: new FriendsService(db, new FriendsRepository(), limits, notifications, clock, calendar),
  }),
  routes: (endpoints, services) => registerFriendRoutes(endpoints, services),
  personalData: ({ friends }) => [friends.personalData()],
});
