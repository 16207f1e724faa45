import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../http/errors.js';

/** A multipart upload written to a temporary file as it arrives, hashed on the way. */
export interface SpooledUpload {
  /** The form's text fields sent before the file. */
  fields: Record<string, string>;
  /** The temporary file; whoever spooled it removes it. */
  file: string;
  fileName: string;
  sha256: string;
  size: number;
}

const MIB = 1024 * 1024;

/**
 * Writes the `file` part of a multipart request to a new file under `dir`, hashing (SHA-256) and
 * counting it on the way: the upload is never whole in memory. Text fields must come before the
 * file (the form says what the file is before it arrives). A file over `maxBytes` is refused and
 * nothing is left behind.
 */
export async function spoolUpload(
  request: FastifyRequest,
  dir: string,
  maxBytes: number,
  /** Checked once the fields before the file have arrived, before a byte of the file is written. */
  checkFields: (fields: Record<string, string>) => void,
): Promise<SpooledUpload> {
  if (!request.isMultipart()) throw new AppError('VALIDATION_FAILED', 'uploadNotMultipart');
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, `${randomUUID()}.part`);
  const fields: Record<string, string> = {};
  let spooled: SpooledUpload | undefined;
  const tooLarge = () =>
    new AppError('VALIDATION_FAILED', 'uploadTooLarge', {
      limit: Math.round((maxBytes / MIB) * 10) / 10,
    });
  try {
    try {
      for await (const part of request.parts({ limits: { fileSize: maxBytes, files: 1, fields: 4, parts: 5 } })) {
        if (part.type !== 'file') {
          if (typeof part.value === 'string') fields[part.fieldname] = part.value;
          continue;
        }
        if (part.fieldname !== 'file' || spooled) {
          part.file.resume();
          continue;
        }
        checkFields(fields);
        const hash = createHash('sha256');
        let size = 0;
        const tap = new Transform({
          transform(chunk: Buffer, _encoding, done) {
            hash.update(chunk);
            size += chunk.length;
            done(null, chunk);
          },
        });
        await pipeline(part.file, tap, createWriteStream(file, { flags: 'wx' }));
        if (part.file.truncated) throw tooLarge();
        spooled = { fields: { ...fields }, file, fileName: part.filename, sha256: hash.digest('hex'), size };
      }
    } catch (error) {
      if (error instanceof AppError) throw error;
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
      request.log.info({ err: error }, 'malformed upload');
      throw new AppError('VALIDATION_FAILED', 'uploadMalformed');
    }
    if (!spooled) {
      checkFields(fields);
      throw new AppError('VALIDATION_FAILED', 'uploadMissingFile');
    }
    if (spooled.size === 0) throw new AppError('VALIDATION_FAILED', 'uploadMissingFile');
    return spooled;
  } catch (error) {
    await rm(file, { force: true });
    throw error;
  }
}

/** Temporary files older than this were left by a process that stopped mid-import. */
const STALE_MS = 24 * 60 * 60 * 1000;

/**
 * Removes temporary files a stopped process left in `dir` (their age by the file system's clock).
 * Every import does it first, so a crash mid-upload never leaves bytes behind for long.
 */
export async function removeStaleUploads(dir: string): Promise<void> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return;
  }
  const before = Date.now() - STALE_MS;
  for (const name of names) {
    if (!name.endsWith('.part')) continue;
    const file = path.join(dir, name);
    const info = await stat(file).catch(() => undefined);
    if (info && info.mtimeMs < before) await rm(file, { force: true });
  }
}
