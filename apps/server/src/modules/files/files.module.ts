import { runCleanup, type CleanupResult, type CleanupServices } from './files.cleanup.js';
import { DAY_MS, MINUTE_MS } from '../../lib/clock.js';
import { job, nonZero } from '../../lib/jobs/runner.js';
import { defineModule, type Frame } from '../../lib/module.js';
import type { AuditService } from '../audit/audit.service.js';
import type { PoliciesService } from '../policies/policies.service.js';
import type { StepConnectionsService } from '../step-connections/step-connections.service.js';
import { FilesAdmin } from './files.admin.js';
import { FilesRepository } from './files.repository.js';
import { registerFileConsoleRoutes, registerFileRoutes, registerMediaFiles } from './files.routes.js';
import { FilesService } from './files.service.js';
import { filesSettings, type FilesSettings } from './files.settings.js';

export const FILES_CLEANUP_JOB = 'files.cleanup';
export const FILES_STRAY_OBJECTS_JOB = 'files.stray-objects';

/** What the files module builds on; the cleanup's services are read when a cleanup runs. */
type FilesNeeds = Pick<CleanupServices, 'captcha' | 'limits' | 'smsCodes' | 'config'> & {
  policies: PoliciesService;
  audit: AuditService;
  stepConnections: StepConnectionsService;
};

/**
 * Uploads (ID and face photos, avatars) and the console's media, in object storage (decisions 010 "Real-name
 * verification, the face check and uploads", 017 "Upload quotas, sign-up and captcha limits", 054 "Object storage").
 */
export const filesModule = defineModule({
  name: 'files',
  settings: filesSettings,
  needs: ['limits', 'policies', 'audit', 'captcha', 'smsCodes'],
  // The cleanup also prunes the connected accounts' sync log; it runs only once the app runs.
  later: ['stepConnections'],
  build: ({ db, clock, config, storage }: Frame<FilesSettings>, services: FilesNeeds) => {
    const files = new FilesService(
      db,
      new FilesRepository(),
      storage.area('uploads'),
      services.limits,
      clock,
      config,
      services.policies,
    );
    const cleanup = (): Promise<CleanupResult> =>
      runCleanup({
        files,
        captcha: services.captcha,
        limits: services.limits,
        smsCodes: services.smsCodes,
        stepConnections: services.stepConnections,
        config: services.config,
      });
    return {
      files,
      admin: { files: new FilesAdmin(db, files, new FilesRepository(), services.audit, clock, cleanup) },
    };
  },
  routes: (endpoints, services, config) => {
    registerFileRoutes(endpoints, { files: services.files, config });
    registerFileConsoleRoutes(endpoints, { admin: services.admin, audit: services.audit, config });
  },
  http: (app, services) => registerMediaFiles(app, services.files),
  jobs: (services, config) => [
    // Unreferenced uploads, expired captchas, old rate counters, ended SMS codes (cleanup.ts).
    job({
      name: FILES_CLEANUP_JOB,
      everyMs: config.cleanupIntervalMinutes * MINUTE_MS,
      retryLimit: 2,
      retryDelaySeconds: 60,
      expireInSeconds: 60 * 60,
      handler: (): Promise<CleanupResult> => runCleanup(services),
      summary: (result) => nonZero({ ...result }),
    }),
    // Stored bytes no row names, past the upload grace period (decision 054 "Object storage"): once a day, as the
    // cleanup is on; a pass lists the whole uploads area of the store.
    job({
      name: FILES_STRAY_OBJECTS_JOB,
      everyMs: config.cleanupIntervalMinutes > 0 ? DAY_MS : 0,
      retryLimit: 2,
      retryDelaySeconds: 300,
      expireInSeconds: 6 * 60 * 60,
      handler: () => services.files.removeStrayObjects(),
      summary: (result) => nonZero({ ...result }),
    }),
  ],
  personalData: ({ files }) => [files.personalData()],
});
