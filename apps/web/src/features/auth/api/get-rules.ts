import { getRules as endpoint } from '@stride/contract';
import { call, type CallOptions } from '../../../lib/http';

/** The configured rules (decision 019): here, what the welcome explains. */
export function getRules(options?: CallOptions) {
  return call(endpoint, {}, options);
}
