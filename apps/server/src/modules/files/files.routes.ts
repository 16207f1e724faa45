import {
  CODES,
  UploadPurposeSchema,
  consoleUploadImage,
  getFile,
  uploadFile,
  type UploadPurpose,
} from '@stride/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { EndpointRegistrar } from '../../http/endpoints.js';
import { AppError } from '../../http/errors.js';
import { consoleHandler } from '../../http/console-handler.js';
import type { AuditService } from '../audit/audit.service.js';
import type { FilesAdmin } from './files.admin.js';
import { MEDIA_PREFIX, type FilesService } from './files.service.js';
import type { FilesSettings } from './files.settings.js';

const MIB = 1024 * 1024;

/**
 * The multipart form of an upload: the `file` part within the size limit, and its text fields.
 * Anything malformed answers a validation error before anything is stored.
 */
async function readUpload(
  request: FastifyRequest,
  config: FilesSettings,
): Promise<{ bytes: Buffer; fields: Record<string, string> }> {
  if (!request.isMultipart()) throw new AppError('VALIDATION_FAILED', 'uploadNotMultipart');
  let bytes: Buffer | undefined;
  const fields: Record<string, string> = {};
  try {
    // Fields may come before or after the file; the file part is read within the size limit.
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const content = await part.toBuffer();
        if (part.fieldname === 'file' && !bytes) bytes = content;
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError('VALIDATION_FAILED', 'uploadTooLarge', {
        limit: Math.round((config.uploads.maxBytes / MIB) * 10) / 10,
      });
    }
    // Anything else while reading the form is the form itself: no or a wrong boundary, a body
    // cut short, more parts than allowed. Nothing has been stored yet.
    request.log.info({ err: error }, 'malformed upload');
    throw new AppError('VALIDATION_FAILED', 'uploadMalformed');
  }
  if (!bytes || bytes.length === 0) throw new AppError('VALIDATION_FAILED', 'uploadMissingFile');
  return { bytes, fields };
}

export function registerFileRoutes(
  endpoints: EndpointRegistrar,
  deps: { files: FilesService; config: FilesSettings },
): void {
  const { files, config } = deps;

  endpoints.handle(uploadFile, async ({ user, request }) => {
    const { bytes, fields } = await readUpload(request, config);
    let purpose: UploadPurpose = 'other';
    if (fields.purpose !== undefined) {
      const parsed = UploadPurposeSchema.safeParse(fields.purpose);
      if (!parsed.success) {
        throw new AppError('VALIDATION_FAILED', 'uploadPurpose', { options: UploadPurposeSchema.options.join(', ') });
      }
      purpose = parsed.data;
    }
    return files.upload(user.id, purpose, bytes);
  });

  endpoints.handleBinary(getFile, ({ user, params }) => files.read(user.id, params.id));
}

export function registerFileConsoleRoutes(
  endpoints: EndpointRegistrar,
  deps: { admin: { files: FilesAdmin }; audit: AuditService; config: FilesSettings },
): void {
  const handle = consoleHandler(endpoints, deps.audit);

  handle(consoleUploadImage, async ({ operator, request }) => {
    const { bytes } = await readUpload(request, deps.config);
    const row = await deps.admin.files.uploadMedia(operator, bytes);
    return {
      id: row.id,
      url: row.url,
      contentType: row.content_type as 'image/jpeg' | 'image/png' | 'image/webp',
      width: row.width,
      height: row.height,
      size: row.size,
    };
  });
}

/** Public catalogue images: the same bytes for everyone, cached for good (a new image gets a new id). */
export function registerMediaFiles(app: FastifyInstance, files: FilesService): void {
  app.get<{ Params: { name: string } }>(`${MEDIA_PREFIX}/:name`, async (request, reply) => {
    const found = await files.readMedia(request.params.name);
    if (!found) {
      return reply.code(404).send({
        code: CODES.NOT_FOUND,
        message: request.t('routeNotFound', { path: request.url }),
        data: null,
      });
    }
    return reply
      .header('content-type', found.contentType)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .send(found.body);
  });
}
