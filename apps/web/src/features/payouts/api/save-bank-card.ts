import { saveBankCard as endpoint, type BodyOf } from '@stride/contract';
import { call, type CallOptions } from '../../../lib/http';

/** Adds a payout method, or edits one when the body carries its `id`. */
export function saveBankCard(body: BodyOf<typeof endpoint>, options?: CallOptions) {
  return call(endpoint, { body }, options);
}
