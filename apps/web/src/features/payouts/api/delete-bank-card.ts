import { deleteBankCard as endpoint } from '@stride/contract';
import { call, type CallOptions } from '../../../lib/http';

export function deleteBankCard(id: string, options?: CallOptions) {
  return call(endpoint, { params: { id } }, options);
}
