import { getHome as endpoint } from '@stride/contract';
import { call, type CallOptions } from '../../../lib/http';

export function getHome(options?: CallOptions) {
  return call(endpoint, {}, options);
}
