import { uploadFile as endpoint } from '@stride/contract';
import { http, type CallOptions } from '../../../lib/http';

/** An avatar picture, uploaded with purpose `avatar`: re-encoded by the server and kept private. */
export function uploadAvatar(file: Blob, options?: CallOptions) {
  return http.upload(endpoint, file, { purpose: 'avatar' }, options);
}
