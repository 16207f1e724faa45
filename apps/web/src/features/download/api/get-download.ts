import { getDownload as endpoint } from '@stride/contract';
import { call, type CallOptions } from '../../../lib/http';

export function getDownload(options?: CallOptions) {
  return call(endpoint, {}, options);
}
