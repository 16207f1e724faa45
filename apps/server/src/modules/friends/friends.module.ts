import { defineModule, type Frame } from '../../lib/module.js';
import type { FilesService } from '../files/files.service.js';
import type { NotificationsService } from '../notifications/notifications.service.js';
import type { RateLimitService } from '../rate-limit/rate-limit.service.js';
import { FriendsRepository } from './friends.repository.js';
import { registerFriendRoutes } from './friends.routes.js';
import { FriendsService } from './friends.service.js';

/** Friends: requests by code, number or invite, friendships, blocks, the friends' board and likes (docs/product/friends.md). */
export const friendsModule = defineModule({
  name: 'friends',
  needs: ['limits', 'notifications', 'files'],
  build: (
    { db, clock, calendar }: Frame,
    {
      limits,
      notifications,
      files,
    }: { limits: RateLimitService; notifications: NotificationsService; files: FilesService },
  ) => ({
    friends: new FriendsService(db, new FriendsRepository(), limits, notifications, files, clock, calendar),
  }),
  routes: (endpoints, { friends }, config) => registerFriendRoutes(endpoints, { friends, config }),
  personalData: ({ friends }) => [friends.personalData()],
});
