import { defineModule, type Frame } from '../../lib/module.js';
import type { RateLimitService } from '../rate-limit/rate-limit.service.js';
import type { StepReports } from '../walking/step-reports.js';
import type { WalkingSettings } from '../walking/walking.settings.js';
import { StepSourcesRepository } from './step-sources.repository.js';
import { registerStepSourceRoutes } from './step-sources.routes.js';
import { StepSourcesService } from './step-sources.service.js';
import { stepSourcesSettings, type StepSourcesSettings } from './step-sources.settings.js';

/**
 * Step sources: device tokens and health imports (decision 030 "Step-source tokens and health imports",
 * docs/product/step-sources.md). Its part of a user's data is the step-connections module's, which adds the connected
 * accounts.
 */
export const stepSourcesModule = defineModule({
  name: 'step-sources',
  settings: stepSourcesSettings,
  needs: ['stepReports', 'limits'],
  build: (
    { db, clock, config, calendar }: Frame<StepSourcesSettings & WalkingSettings>,
    { stepReports, limits }: { stepReports: StepReports; limits: RateLimitService },
  ) => ({
    stepSources: new StepSourcesService(db, new StepSourcesRepository(), stepReports, limits, clock, calendar, config),
  }),
  routes: (endpoints, { stepSources }, config) => registerStepSourceRoutes(endpoints, { stepSources, config }),
});
