import { resubmitIdentity as endpoint, type BodyOf } from '@stride/contract';
import { call, type CallOptions } from '../../../lib/http';

/** After a rejection (PUT). */
export function resubmitIdentity(body: BodyOf<typeof endpoint>, options?: CallOptions) {
  return call(endpoint, { body }, options);
}
