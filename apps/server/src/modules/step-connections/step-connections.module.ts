import { job, nonZero } from '../../lib/jobs/runner.js';
import { defineModule, type Frame } from '../../lib/module.js';
import type { NotificationsService } from '../notifications/notifications.service.js';
import type { AuditService } from '../audit/audit.service.js';
import type { RateLimitService } from '../rate-limit/rate-limit.service.js';
import type { StepSourcesService } from '../step-sources/step-sources.service.js';
import type { StepReports } from '../walking/step-reports.js';
import { createStepProviders } from './providers/index.js';
import { StepConnectionsAdmin } from './step-connections.admin.js';
import { registerStepConnectionConsoleRoutes } from './step-connections.console.js';
import { StepConnectionsRepository } from './step-connections.repository.js';
import {
  registerConnectionRedirect,
  registerFitbitNotifications,
  registerStepConnectionRoutes,
} from './step-connections.routes.js';
import { StepConnectionsService, type StepProviders } from './step-connections.service.js';
import { stepConnectionsSettings, type StepConnectionsSettings } from './step-connections.settings.js';

/** Due connections synced with their providers (decision 086 "Connected wearable accounts"). */
export const STEP_CONNECTIONS_SYNC_JOB = 'steps.connections-sync';

/**
 * Connected wearable accounts: OAuth, sealed tokens, syncs through the job queue (decision 086 "Connected wearable
 * accounts").
 */
export const stepConnectionsModule = defineModule({
  name: 'step-connections',
  contract: 'step-sources',
  settings: stepConnectionsSettings,
  needs: ['stepReports', 'notifications', 'limits', 'audit', 'stepSources'],
  build: (
    { db, clock, config, calendar, cipher, options }: Frame<StepConnectionsSettings, { stepProviders: StepProviders }>,
    {
      stepReports,
      notifications,
      limits,
      audit,
    }: {
      stepReports: StepReports;
      notifications: NotificationsService;
      limits: RateLimitService;
      audit: AuditService;
      stepSources: StepSourcesService;
    },
  ) => {
    const stepConnectionsRepository = new StepConnectionsRepository();
    const stepConnections = new StepConnectionsService(
      db,
      stepConnectionsRepository,
      stepReports,
      notifications,
      limits,
      cipher,
      clock,
      calendar,
      config.stepConnections,
      options.stepProviders ?? createStepProviders(config.stepConnections),
      config.businessUtcOffsetMinutes,
    );
    return {
      stepConnections,
      admin: {
        stepConnections: new StepConnectionsAdmin(db, stepConnectionsRepository, stepConnections, audit, clock),
      },
    };
  },
  routes: (endpoints, services) => {
    registerStepConnectionRoutes(endpoints, services);
    registerStepConnectionConsoleRoutes(endpoints, services);
  },
  http: (app, { stepConnections }, config) => {
    registerConnectionRedirect(app);
    registerFitbitNotifications(app, { stepConnections, fitbit: config.stepConnections.fitbit });
  },
  // A new connection or a Fitbit notification asks for a sync pass (decision 086 "Connected wearable accounts"); with
  // the job off (no schedule, as in tests) a pass runs only when run by hand.
  start: ({ stepConnections }, { log, jobs }, config) => {
    stepConnections.log = log;
    if (config.stepConnections.pollSeconds > 0) {
      stepConnections.onDue = () => void jobs.trigger(STEP_CONNECTIONS_SYNC_JOB);
    }
  },
  jobs: (services, config) => {
    return [
      // Connected wearable accounts (decision 086 "Connected wearable accounts"): due connections claimed with a lease
      // and synced a few at a time; also triggered by a new connection and a Fitbit notification. Off when no
      // provider is configured.
      job({
        name: STEP_CONNECTIONS_SYNC_JOB,
        everyMs: services.stepConnections.providers.size > 0 ? config.stepConnections.pollSeconds * 1000 : 0,
        retryLimit: 2,
        retryDelaySeconds: 30,
        expireInSeconds: 30 * 60,
        handler: () => services.stepConnections.syncDue(),
        summary: (result) => nonZero({ ...result }),
      }),
    ];
  },
  // Connected accounts are part of the step-sources section (decision 086 "Connected wearable accounts"), built after
  // it.
  personalData: ({ stepConnections, stepSources }) => [stepConnections.withConnections(stepSources.personalData())],
});
