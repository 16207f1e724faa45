import {
  CompanionUploadFieldsSchema,
  consoleCompanion,
  consoleUploadCompanion,
  type ConsoleCompanion,
} from '@stride/contract';
import { AppError } from '../../http/errors.js';
import { validationError } from '../../http/validation.js';
import { isoTime } from '../../lib/clock.js';
import { consoleRoutes } from '../../http/console-handler.js';
import type { DownloadAdmin, StagedPackage } from './download.admin.js';
import type { CompanionPackage } from './download.service.js';

const MIB = 1024 * 1024;

function toConsole(found: CompanionPackage | null, maxBytes: number): ConsoleCompanion {
  return {
    source: found?.source ?? null,
    current: found
      ? {
          version: found.version,
          versionCode: found.versionCode,
          fileName: found.name,
          size: found.row ? Number(found.row.size) : null,
          sha256: found.row?.sha256 ?? null,
          uploadedBy: found.row?.uploaded_by ?? null,
          uploadedAt: found.row ? isoTime(Number(found.row.created_at)) : null,
        }
      : null,
    maxBytes,
  };
}

/** The companion package in the console (decision 028 "Content in the console"): what is served, and a new upload. */
export const registerDownloadConsoleRoutes = consoleRoutes('download', (handle, admin: DownloadAdmin) => {
  handle(consoleCompanion, async () => toConsole(await admin.current(), admin.maxBytes));

  handle(consoleUploadCompanion, async ({ operator, request }) => {
    if (!request.isMultipart()) throw new AppError('VALIDATION_FAILED', 'uploadNotMultipart');
    const tooLarge = () =>
      new AppError('VALIDATION_FAILED', 'uploadTooLarge', { limit: Math.round((admin.maxBytes / MIB) * 10) / 10 });
    const fields: Record<string, string> = {};
    let staged: StagedPackage | undefined;
    let fileName = '';
    try {
      // The file is streamed to disk beside its final place; fields may come before or after it.
      for await (const part of request.parts({ limits: { fileSize: admin.maxBytes, files: 1, fields: 4 } })) {
        if (part.type === 'file') {
          if (part.fieldname !== 'file' || staged) {
            part.file.resume();
            continue;
          }
          fileName = part.filename;
          staged = await admin.stage(part.file);
          if (part.file.truncated) throw tooLarge();
        } else if (typeof part.value === 'string') {
          fields[part.fieldname] = part.value;
        }
      }
    } catch (error) {
      if (staged) await admin.discard(staged);
      if (error instanceof AppError) throw error;
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
      request.log.info({ err: error }, 'malformed package upload');
      throw new AppError('VALIDATION_FAILED', 'uploadMalformed');
    }
    if (!staged || staged.size === 0) {
      if (staged) await admin.discard(staged);
      throw new AppError('VALIDATION_FAILED', 'uploadMissingFile');
    }
    const parsed = CompanionUploadFieldsSchema.safeParse(fields);
    if (!parsed.success) {
      await admin.discard(staged);
      throw validationError(parsed.error, request.t);
    }
    const served = await admin.publish(operator?.name ?? 'console', staged, { fileName, ...parsed.data }, operator?.id);
    return toConsole(served, admin.maxBytes);
  });
});
