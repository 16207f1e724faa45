import { getHome as endpoint } from '@stride/contract';
import { call, type CallOptions } from '../../../lib/http';

/** GET /api/home, read by the step counter for the business day and its time zone. */
export function getToday(options?: CallOptions) {
  return call(endpoint, {}, options);
}
