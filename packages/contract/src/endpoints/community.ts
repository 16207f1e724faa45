import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { IdSchema } from '../common.js';

export const listCommunityChannels = defineEndpoint({
  id: 'community.list',
  method: 'GET',
  path: '/api/community',
  access: 'none',
  summary: 'The configured official community channels (name, description, link and QR image), open without login.',
  response: z.array(
    z.object({
      id: IdSchema,
      name: z.string(),
      description: z.string(),
      url: z.string(),
      /** The configured image, or a QR code (SVG data URL) generated from `url`. */
      qrImage: z.string(),
    }),
  ),
});
