import { UploadPurposeSchema, getFile, uploadFile, type UploadPurpose } from '@stride/contract';
import type { EndpointRegistrar } from '../../http/endpoints.js';
import { AppError } from '../../http/errors.js';
import type { Config } from '../../config.js';
import type { FilesService } from './files.service.js';

const MIB = 1024 * 1024;

export function registerFileRoutes(endpoints: EndpointRegistrar, deps: { files: FilesService; config: Config }): void {
  const { files, config } = deps;

  endpoints.handle(uploadFile, async ({ user, request }) => {
    if (!request.isMultipart()) throw new AppError('VALIDATION_FAILED', 'uploadNotMultipart');
    let bytes: Buffer | undefined;
    let purpose: UploadPurpose = 'other';
    try {
      // Fields may come before or after the file; the file part is read within the size limit.
      for await (const part of request.parts()) {
        if (part.type === 'file') {
          const content = await part.toBuffer();
          if (part.fieldname === 'file' && !bytes) bytes = content;
        } else if (part.fieldname === 'purpose') {
          const parsed = UploadPurposeSchema.safeParse(part.value);
          if (!parsed.success) {
            throw new AppError('VALIDATION_FAILED', 'uploadPurpose', {
              options: UploadPurposeSchema.options.join(', '),
            });
          }
          purpose = parsed.data;
        }
      }
    } catch (error) {
      if (error instanceof AppError) throw error;
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
    return files.upload(user.id, purpose, bytes);
  });

  endpoints.handleBinary(getFile, ({ user, params }) => files.read(user.id, params.id));
}
