import { getRules as endpoint } from '@stride/contract';
import { call, type CallOptions } from '../../../lib/http';

/** The configured limits (decision 019): here, how many addresses a user may keep. */
export function getRules(options?: CallOptions) {
  return call(endpoint, {}, options);
}
