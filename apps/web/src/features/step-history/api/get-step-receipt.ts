import { getStepReceipt as endpoint } from '@stride/contract';
import { call, type CallOptions } from '../../../lib/http';

export function getStepReceipt(day: string, options?: CallOptions) {
  return call(endpoint, { params: { day } }, options);
}
