import { getCaptcha as endpoint } from '@stride/contract';
import { call, type CallOptions } from '../../../lib/http';

export function getCaptcha(options?: CallOptions) {
  return call(endpoint, {}, options);
}
