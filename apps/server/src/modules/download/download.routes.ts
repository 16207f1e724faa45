import { CODES, getDownload } from '@stride/contract';
import type { FastifyInstance } from 'fastify';
import type { EndpointRegistrar } from '../../http/endpoints.js';
import { publicOrigin } from '../../http/origin.js';
import type { FrameConfig } from '../../config.js';
import { DOWNLOAD_PREFIX, VERSION_CODE_FILE, type DownloadService } from './download.service.js';

export function registerDownloadRoutes(
  endpoints: EndpointRegistrar,
  deps: { download: DownloadService; config: FrameConfig },
): void {
  const { download, config } = deps;

  endpoints.handle(getDownload, ({ request }) => download.describe(publicOrigin(config, request.server)));
}

/** The static files: the package itself and its version code (docs/product/client.md, Constants). */
export function registerDownloadFiles(app: FastifyInstance, download: DownloadService): void {
  const missing = (path: string, t: (key: 'routeNotFound', values: Record<string, string>) => string) => ({
    code: CODES.NOT_FOUND,
    message: t('routeNotFound', { path }),
    data: null,
  });

  app.get(`${DOWNLOAD_PREFIX}/${VERSION_CODE_FILE}`, async (request, reply) => {
    const found = await download.package();
    if (!found) return reply.code(404).send(missing(request.url, request.t));
    return reply
      .header('content-type', 'text/plain; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(String(found.versionCode));
  });

  app.get<{ Params: { name: string } }>(`${DOWNLOAD_PREFIX}/:name`, async (request, reply) => {
    const found = await download.package();
    if (!found || request.params.name !== found.name) return reply.code(404).send(missing(request.url, request.t));
    // Streamed from the disk or the bucket, never whole in memory (decision 054 "Object storage").
    const opened = await download.open(found);
    if (!opened) return reply.code(404).send(missing(request.url, request.t));
    const contentType = found.name.endsWith('.apk')
      ? 'application/vnd.android.package-archive'
      : 'application/octet-stream';
    return reply
      .header('content-type', contentType)
      .header('content-disposition', `attachment; filename="${found.name.replace(/"/g, '')}"`)
      .header('cache-control', 'no-cache')
      .header('x-content-type-options', 'nosniff')
      .header('content-length', String(opened.size))
      .send(opened.stream);
  });
}
