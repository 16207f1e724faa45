import { defineModule, type Frame } from '../../lib/module.js';
import type { AuditService } from '../audit/audit.service.js';
import type { FriendsService } from '../friends/friends.service.js';
import type { NotificationsService } from '../notifications/notifications.service.js';
import { ClubsAdmin } from './clubs.admin.js';
import { registerClubsConsoleRoutes } from './clubs.console.js';
import { ClubsRepository } from './clubs.repository.js';
import { registerClubRoutes } from './clubs.routes.js';
import { ClubsService } from './clubs.service.js';
import { clubsSettings, type ClubsSettings } from './clubs.settings.js';

/**
 * Clubs: an owner, members who join by code, the club's board (docs/product/clubs.md); the operators' badge and
 * closing (docs/console/clubs.md).
 */
export const clubsModule = defineModule({
  name: 'clubs',
  settings: clubsSettings,
  needs: ['friends', 'audit', 'notifications'],
  build: (
    { db, clock, config }: Frame<ClubsSettings>,
    {
      friends,
      audit,
      notifications,
    }: { friends: FriendsService; audit: AuditService; notifications: NotificationsService },
  ) => {
    const repository = new ClubsRepository();
    return {
      clubs: new ClubsService(db, repository, friends, clock, config),
      admin: { clubs: new ClubsAdmin(db, repository, audit, notifications) },
    };
  },
  routes: (endpoints, services, config) => {
    registerClubRoutes(endpoints, { clubs: services.clubs, config });
    registerClubsConsoleRoutes(endpoints, services);
  },
  personalData: ({ clubs }) => [clubs.personalData()],
});
