import { listCommunityChannels as endpoint } from '@stride/contract';
import { call, type CallOptions } from '../../../lib/http';

export function listCommunityChannels(options?: CallOptions) {
  return call(endpoint, {}, options);
}
