import { job, nonZero } from '../../lib/jobs/runner.js';
import { defineModule, type Frame } from '../../lib/module.js';
import type { OutboxSender } from '../outbox/outbox.service.js';
import type { StepReports } from '../walking/step-reports.js';
import { WebPushTransport } from './push.delivery.js';
import { PushRepository } from './push.repository.js';
import { registerPushRoutes } from './push.routes.js';
import { PushService } from './push.service.js';
import { pushSettings, type PushSettings } from './push.settings.js';

export const PUSH_REMINDERS_JOB = 'push.reminders';

/**
 * Web Push: subscriptions, preferences, pushes through the outbox and the daily goal reminder (decision 048 "Web
 * Push").
 */
export const pushModule = defineModule({
  name: 'push',
  settings: pushSettings,
  needs: ['outbox', 'stepReports'],
  build: (
    { db, clock, config }: Frame<PushSettings>,
    { outbox, stepReports }: { outbox: OutboxSender; stepReports: StepReports },
  ) => {
    const repository = new PushRepository();
    return {
      /** Web Push subscriptions, preferences, sendToUser and the daily goal reminder (decision 048 "Web Push"). */
      push: new PushService(db, repository, outbox, stepReports, clock, config),
      /** The outbox's `push` channel: posts a queued push to its push service (the outbox's deliverer calls it). */
      pushTransport: new WebPushTransport(db, repository, clock, config),
    };
  },
  routes: (endpoints, services) => registerPushRoutes(endpoints, services),
  jobs: (services, config) => [
    // The daily goal reminder (decision 048 "Web Push").
    job({
      name: PUSH_REMINDERS_JOB,
      everyMs: config.webPush.reminderSweepMs,
      retryLimit: 3,
      retryDelaySeconds: 10,
      expireInSeconds: 15 * 60,
      handler: () => services.push.sweepReminders(),
      summary: (result) => nonZero({ ...result }),
    }),
  ],
  personalData: ({ push }) => [push.personalData()],
});
