import { defineModule, type Frame } from '../../lib/module.js';
import { job, nonZero } from '../../lib/jobs/runner.js';
import { DEMO_ACCOUNT } from '../../seed/demo-account.js';
import type { AuditService } from '../audit/audit.service.js';
import { AliyunSmsProvider } from './aliyun-sms.js';
import { OutboxAdmin } from './outbox.admin.js';
import { registerOutboxConsoleRoutes } from './outbox.console.js';
import { OutboxDeliverer } from './outbox.deliverer.js';
import { OutboxRepository } from './outbox.repository.js';
import { registerDemoOutboxRoutes } from './outbox.routes.js';
import { OutboxSender } from './outbox.service.js';
import { outboxSettings, type OutboxSettings } from './outbox.settings.js';
import type { PushTransport } from './push-channel.js';
import type { SmsProvider } from './sms-provider.js';

export const OUTBOX_DELIVER_JOB = 'outbox.deliver';

/**
 * Every SMS and push goes out through the outbox, delivered with retries (decisions 034 "SMS delivery and codes", 048
 * "Web Push").
 */
export const outboxModule = defineModule({
  name: 'outbox',
  settings: outboxSettings,
  needs: ['audit'],
  // The push module, built later, owns the Web Push transport; a push is only delivered once the app runs.
  later: ['pushTransport'],
  build: (
    { db, clock, config, options }: Frame<OutboxSettings, { smsProvider: SmsProvider }>,
    services: { audit: AuditService; pushTransport: PushTransport },
  ) => {
    const repository = new OutboxRepository();
    const smsProvider = options.smsProvider ?? (config.sms.aliyun ? new AliyunSmsProvider(config.sms.aliyun) : null);
    const pushTransport: PushTransport = {
      deliver: (subscriptionId, payload, pushOptions, signal) =>
        services.pushTransport.deliver(subscriptionId, payload, pushOptions, signal),
    };
    const deliverer = new OutboxDeliverer(db, repository, smsProvider, clock, config.sms.delivery, pushTransport);
    const outbox = new OutboxSender(db, repository, clock, smsProvider !== null, () => deliverer.wake());
    return {
      outbox,
      /**
       * Hands pending outbox messages to the SMS provider (when there is one: else SMS end in the
       * outbox and are never pending) and pushes to their push services (decision 048 "Web Push").
       */
      deliverer,
      admin: { outbox: new OutboxAdmin(db, repository, services.audit) },
    };
  },
  routes: (endpoints, services) => registerOutboxConsoleRoutes(endpoints, services),
  http: (app, services, config) => {
    if (config.mode === 'demo') {
      registerDemoOutboxRoutes(app, services.outbox, {
        recipient: config.demo.outboxAll ? null : DEMO_ACCOUNT.account,
      });
    }
  },
  // Pending SMS and pushes go out from the delivery job, never inside a request (decisions 034 "SMS delivery and
  // codes", 048 "Web Push").
  start: ({ deliverer }, { log, jobs }) => {
    deliverer.log = log;
    deliverer.onWake = () => void jobs.trigger(OUTBOX_DELIVER_JOB);
  },
  jobs: (services, config) => [
    // SMS and pushes (decisions 034 "SMS delivery and codes", 048 "Web Push"): each message claimed with a lease,
    // retried with its own backoff; also triggered as soon as a message is queued.
    job({
      name: OUTBOX_DELIVER_JOB,
      everyMs: config.sms.delivery.pollMs,
      retryLimit: 3,
      retryDelaySeconds: 5,
      expireInSeconds: 15 * 60,
      handler: () => services.deliverer.deliverDue(),
      summary: (result) => nonZero({ ...result }),
    }),
  ],
});
