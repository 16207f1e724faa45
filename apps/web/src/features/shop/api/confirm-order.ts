import { confirmOrder as endpoint, type BodyOf } from '@stride/contract';
import { call, type CallOptions } from '../../../lib/http';

/** Orders goods with points; the body's idempotency key makes a retry safe. */
export function confirmOrder(body: BodyOf<typeof endpoint>, options?: CallOptions) {
  return call(endpoint, { body }, options);
}
