import { defineModule, type Frame } from '../../lib/module.js';
import type { NoticesService } from '../notices/notices.service.js';
import type { PushService } from '../push/push.service.js';
import { NotificationsRepository } from './notifications.repository.js';
import { registerNotificationRoutes } from './notifications.routes.js';
import { NotificationsService, type NotificationPusher } from './notifications.service.js';
import { notificationsSettings } from './notifications.settings.js';

/**
 * The notifications inbox: every event is recorded through it, and pushed too (decisions 044 "The notifications inbox",
 * 048 "Web Push"). The sweep of notifications that come from time reads cards and walking, so the walking module
 * builds it and runs its job.
 */
export const notificationsModule = defineModule({
  name: 'notifications',
  settings: notificationsSettings,
  needs: ['notices'],
  // Push needs walking, which records notifications; it is only called once the app runs.
  later: ['push'],
  build: ({ db, clock }: Frame, services: { notices: NoticesService; push: PushService }) => {
    const pusher: NotificationPusher = {
      sendToUser: (executor, userId, message) => services.push.sendToUser(executor, userId, message),
      nudge: () => services.push.nudge(),
      reachable: (executor, userIds) => services.push.reachable(executor, userIds),
    };
    return {
      /** The notifications inbox (decision 044 "The notifications inbox"). */
      notifications: new NotificationsService(db, new NotificationsRepository(), services.notices, clock, pusher),
    };
  },
  routes: (endpoints, services) => registerNotificationRoutes(endpoints, services),
  personalData: ({ notifications }) => [notifications.personalData()],
});
