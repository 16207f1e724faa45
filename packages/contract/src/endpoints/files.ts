import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { IdParamsSchema, IdSchema } from '../common.js';

/** What an upload is for. Identity and face images are only ever served to their owner (and operators). */
export const UploadPurposeSchema = z.enum(['id_front', 'id_back', 'face', 'avatar', 'other']);

/** `url` is an authenticated API path (`/api/v1/files/{fileId}`): load it with the bearer token. */
export const UploadSchema = z.object({
  fileId: IdSchema,
  url: z.string(),
  purpose: UploadPurposeSchema,
  contentType: z.enum(['image/jpeg', 'image/png', 'image/webp']),
  width: z.number().int(),
  height: z.number().int(),
  size: z.number().int(),
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

export type UploadPurpose = z.output<typeof UploadPurposeSchema>;
export type Upload = z.output<typeof UploadSchema>;
