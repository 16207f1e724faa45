import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import {
  IdParamsSchema,
  IdSchema,
  LanguageSchema,
  multilineText,
  text,
  TimestampSchema,
  translationsSchema,
  VersionSchema,
} from '../common.js';

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

/** A channel as operators see it: inactive ones too, the stored image (null: a QR code of the link). */
export const ChannelTranslationsSchema = translationsSchema({
  name: text().trim().max(64),
  description: multilineText().trim().max(500),
});

export const ConsoleChannelSchema = z.object({
  id: IdSchema,
  defaultLanguage: LanguageSchema,
  translations: ChannelTranslationsSchema,
  name: z.string(),
  description: z.string(),
  url: z.string(),
  qrImage: z.string().nullable(),
  position: z.number().int(),
  active: z.boolean(),
  createdAt: TimestampSchema,
  version: z.number().int(),
});

const ChannelFieldsSchema = z.strictObject({
  name: text().trim().min(1).max(64),
  description: multilineText().trim().max(500),
  url: text().trim().min(1).max(500).url(),
  /** A catalogue image URL (/media/… from the image upload) or https:; null draws a QR code from `url`. */
  qrImage: text().trim().min(1).max(500).nullable(),
  position: z.number().int().min(0).max(10_000),
  active: z.boolean(),
  /**
   * The language `name` and `description` are written in (decision 042 "Content in every language"); an edit without it
   * keeps the channel's.
   */
  defaultLanguage: LanguageSchema.optional(),
  /** Name and description in other languages; an edit without them keeps the channel's. */
  translations: ChannelTranslationsSchema.optional(),
});

export const consoleChannels = defineEndpoint({
  id: 'console.community.list',
  method: 'GET',
  path: '/api/console/community',
  access: 'console',
  roles: ['editor'],
  summary: 'Every community channel, inactive ones too, in their order.',
  response: z.array(ConsoleChannelSchema),
});

export const consoleCreateChannel = defineEndpoint({
  id: 'console.community.create',
  method: 'POST',
  path: '/api/console/community',
  access: 'console',
  roles: ['editor'],
  summary: 'Adds a community channel.',
  body: ChannelFieldsSchema,
  response: ConsoleChannelSchema,
});

export const consoleUpdateChannel = defineEndpoint({
  id: 'console.community.update',
  method: 'PUT',
  path: '/api/console/community/{id}',
  access: 'console',
  roles: ['editor'],
  summary: 'Changes a community channel if it is still at `version` (else 1017).',
  params: IdParamsSchema,
  body: ChannelFieldsSchema.extend({ version: VersionSchema }),
  response: ConsoleChannelSchema,
});

export type ConsoleChannel = z.output<typeof ConsoleChannelSchema>;
