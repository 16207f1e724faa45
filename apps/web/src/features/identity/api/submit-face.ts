import { submitFace as endpoint, type BodyOf } from '@stride/contract';
import { call, type CallOptions } from '../../../lib/http';

/** `{method: 'face', imageId}` after a face was found in the browser, or `{method: 'manual'}`. */
export function submitFace(body: BodyOf<typeof endpoint>, options?: CallOptions) {
  return call(endpoint, { body }, options);
}
