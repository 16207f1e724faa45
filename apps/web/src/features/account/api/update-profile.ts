import { updateProfile as endpoint, type BodyOf } from '@stride/contract';
import { call, type CallOptions } from '../../../lib/http';

/** POST /api/user/profile (decision 043): answers the user with the new nickname and avatar. */
export function updateProfile(body: BodyOf<typeof endpoint>, options?: CallOptions) {
  return call(endpoint, { body }, options);
}
