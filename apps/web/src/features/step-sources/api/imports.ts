import { listHealthImports, uploadHealthImport, type HealthImportKind } from '@stride/contract';
import { call, http, type CallOptions, type UploadOptions } from '../../../lib/http';

/** A file of hundreds of MB takes minutes to send on a phone's network. */
const IMPORT_TIMEOUT_MS = 30 * 60 * 1000;

export function listImports(options?: CallOptions) {
  return call(listHealthImports, {}, options);
}

/** Multipart: `kind` first, then the file, as the server reads it (docs/product/step-sources.md). */
export function uploadImport(file: Blob, kind: HealthImportKind, options?: UploadOptions) {
  return http.upload(uploadHealthImport, file, { kind }, { timeoutMs: IMPORT_TIMEOUT_MS, ...options });
}
