import { getNotice as endpoint } from '@stride/contract';
import { call, type CallOptions } from '../../../lib/http';

export function getNotice(id: string, options?: CallOptions) {
  return call(endpoint, { query: { id } }, options);
}
