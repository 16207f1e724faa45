import { submitIdentity as endpoint, type BodyOf } from '@stride/contract';
import { call, type CallOptions } from '../../../lib/http';

/** The first submission (POST); after a rejection use resubmitIdentity. */
export function submitIdentity(body: BodyOf<typeof endpoint>, options?: CallOptions) {
  return call(endpoint, { body }, options);
}
