import { getAchievements as endpoint } from '@stride/contract';
import { call, type CallOptions } from '../../../lib/http';

export function getAchievements(options?: CallOptions) {
  return call(endpoint, {}, options);
}
