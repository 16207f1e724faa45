import { listBankCards as endpoint } from '@stride/contract';
import { call, type CallOptions } from '../../../lib/http';

export function listBankCards(options?: CallOptions) {
  return call(endpoint, { query: {} }, options);
}
