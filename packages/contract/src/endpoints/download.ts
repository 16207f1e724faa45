import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';

export const getDownload = defineEndpoint({
  id: 'download.get',
  method: 'GET',
  path: '/api/download',
  access: 'none',
  summary:
    'The companion package: version, version code and URL (1010 when none is configured; the version code is also at /download/version-code.txt).',
  response: z.object({ version: z.string(), versionCode: z.number().int(), url: z.string() }),
});
