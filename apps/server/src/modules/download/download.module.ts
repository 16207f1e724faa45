import { defineModule, type Frame } from '../../lib/module.js';
import type { AuditService } from '../audit/audit.service.js';
import { DownloadAdmin } from './download.admin.js';
import { registerDownloadConsoleRoutes } from './download.console.js';
import { DownloadRepository } from './download.repository.js';
import { registerDownloadFiles, registerDownloadRoutes } from './download.routes.js';
import { DownloadService } from './download.service.js';
import { downloadSettings, type DownloadSettings } from './download.settings.js';

/**
 * The companion package: configured under DATA_DIR or uploaded in the console, served at /download/ (decisions 012
 * "Points shop, orders, addresses, mailing, invites, notices", 028 "Content in the console").
 */
export const downloadModule = defineModule({
  name: 'download',
  settings: downloadSettings,
  needs: ['audit'],
  build: ({ db, clock, config, storage }: Frame<DownloadSettings>, { audit }: { audit: AuditService }) => {
    const repository = new DownloadRepository();
    const download = new DownloadService(config, db, repository, storage.area('companion'));
    return {
      download,
      admin: { download: new DownloadAdmin(db, repository, download, audit, clock, config) },
    };
  },
  routes: (endpoints, services, config) => {
    registerDownloadRoutes(endpoints, { download: services.download, config });
    registerDownloadConsoleRoutes(endpoints, services);
  },
  http: (app, services) => registerDownloadFiles(app, services.download),
});
