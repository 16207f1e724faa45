import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { IdParamsSchema, IdSchema } from '../common.js';

/** What an upload is for. Identity and face images are only ever served to their owner (and operators). */
export const UploadPurposeSchema = z.enum(['id_front', 'id_back', 'face', 'avatar', 'other']);

/** What every stored image tells: its type as re-encoded, its size in pixels and in bytes. */
const IMAGE_FIELDS = {
  contentType: z.enum(['image/jpeg', 'image/png', 'image/webp']),
  width: z.number().int(),
  height: z.number().int(),
  size: z.number().int(),
};

/** `url` is an authenticated API path (`/api/v1/files/{fileId}`): load it with the bearer token. */
export const UploadSchema = z.object({
  fileId: IdSchema,
  url: z.string(),
  purpose: UploadPurposeSchema,
  ...IMAGE_FIELDS,
});

export const uploadFile = defineEndpoint({
  id: 'upload.create',
  method: 'POST',
  path: '/api/v1/UploadFile',
  access: 'user',
  summary:
    'Upload an image (multipart: field `file`, optional field `purpose`, default `other`). JPEG, PNG or WebP, recognised by their bytes; re-encoded without metadata. Identity and face images stay private.',
  multipart: true,
  response: UploadSchema,
});

export const getFile = defineEndpoint({
  id: 'file.get',
  method: 'GET',
  path: '/api/v1/files/{id}',
  access: 'user',
  summary:
    'The bytes of one of my uploads, loaded with the bearer token. Success is the image itself, not an envelope; another user’s file answers like a missing one (1004).',
  params: IdParamsSchema,
  binary: true,
  response: z.string(),
});

/** A public catalogue image: `url` (`/media/<id>.<ext>`) is what goods, banners and notices store. */
export const ConsoleImageSchema = z.object({ id: IdSchema, url: z.string(), ...IMAGE_FIELDS });

export const consoleUploadImage = defineEndpoint({
  id: 'console.images.upload',
  method: 'POST',
  path: '/api/console/images',
  access: 'console',
  roles: ['merchant', 'editor'],
  summary:
    'Uploads a public catalogue image (multipart: field `file`): JPEG, PNG or WebP, recognised by its bytes and re-encoded without metadata. Answers its public URL under /media/.',
  multipart: true,
  response: ConsoleImageSchema,
});

export type UploadPurpose = z.output<typeof UploadPurposeSchema>;
export type Upload = z.output<typeof UploadSchema>;
export type ConsoleImage = z.output<typeof ConsoleImageSchema>;
