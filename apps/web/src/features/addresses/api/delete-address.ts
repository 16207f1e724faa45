import { deleteAddress as endpoint } from '@stride/contract';
import { call, type CallOptions } from '../../../lib/http';

export function deleteAddress(id: string, options?: CallOptions) {
  return call(endpoint, { params: { id } }, options);
}
