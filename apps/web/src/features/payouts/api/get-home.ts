import { getHome as endpoint } from '@stride/contract';
import { call, type CallOptions } from '../../../lib/http';

/** The withdrawal page reads the cash balance from the home summary (the contract's only source). */
export function getHome(options?: CallOptions) {
  return call(endpoint, {}, options);
}
