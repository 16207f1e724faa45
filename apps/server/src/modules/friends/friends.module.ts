import { defineModule, type Frame } from '../../lib/module.js';
import type { RateLimitService } from '../rate-limit/rate-limit.service.js';
import { FriendsRepository } from './friends.repository.js';
import { registerFriendRoutes } from './friends.routes.js';
import { FriendsService } from './friends.service.js';

/** Friends: requests by code, number or invite, friendships and blocks (docs/product/friends.md). */
export const friendsModule = defineModule({
  name: 'friends',
  needs: ['limits'],
  build: ({ db, clock, calendar }: Frame, { limits }: { limits: RateLimitService }) => ({
    friends: new FriendsService(db, new FriendsRepository(), limits, clock, calendar),
  }),
  routes: (endpoints, services) => registerFriendRoutes(endpoints, services),
  personalData: ({ friends }) => [friends.personalData()],
});
