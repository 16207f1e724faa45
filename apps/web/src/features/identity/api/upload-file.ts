import { uploadFile as endpoint, type UploadPurpose } from '@stride/contract';
import { http, type CallOptions } from '../../../lib/http';

export function uploadFile(file: Blob, purpose: UploadPurpose, options?: CallOptions) {
  return http.upload(endpoint, file, { purpose }, options);
}
