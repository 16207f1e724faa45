import { createDeviceToken, listDeviceTokens, revokeDeviceToken } from '@stride/contract';
import { call, type CallOptions } from '../../../lib/http';

export function listTokens(options?: CallOptions) {
  return call(listDeviceTokens, {}, options);
}

export function createToken(name: string, options?: CallOptions) {
  return call(createDeviceToken, { body: { name } }, options);
}

export function revokeToken(id: string, options?: CallOptions) {
  return call(revokeDeviceToken, { params: { id } }, options);
}
