import { listMyCards as endpoint } from '@stride/contract';
import { call, type CallOptions } from '../../../lib/http';

export function listMyCards(options?: CallOptions) {
  return call(endpoint, {}, options);
}
