import { getWithdrawalRules as endpoint } from '@stride/contract';
import { call, type CallOptions } from '../../../lib/http';

export function getWithdrawalRules(options?: CallOptions) {
  return call(endpoint, {}, options);
}
