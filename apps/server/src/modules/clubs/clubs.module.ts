import { defineModule, type Frame } from '../../lib/module.js';
import type { FriendsService } from '../friends/friends.service.js';
import { ClubsRepository } from './clubs.repository.js';
import { registerClubRoutes } from './clubs.routes.js';
import { ClubsService } from './clubs.service.js';
import { clubsSettings, type ClubsSettings } from './clubs.settings.js';

/** Clubs: an owner, members who join by code, the club's board (docs/product/clubs.md). */
export const clubsModule = defineModule({
  name: 'clubs',
  settings: clubsSettings,
  needs: ['friends'],
  build: ({ db, clock, config }: Frame<ClubsSettings>, { friends }: { friends: FriendsService }) => ({
    clubs: new ClubsService(db, new ClubsRepository(), friends, clock, config),
  }),
  routes: (endpoints, { clubs }, config) => registerClubRoutes(endpoints, { clubs, config }),
  personalData: ({ clubs }) => [clubs.personalData()],
});
