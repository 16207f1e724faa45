import {
  getPushPreferences,
  pushKey,
  savePushPreferences,
  subscribePush,
  unsubscribePush,
  type PushPreferences,
} from '@stride/contract';
import { call, type CallOptions } from '../../../lib/http';

export function loadPushKey(options?: CallOptions) {
  return call(pushKey, {}, options);
}

export function saveSubscription(subscription: { endpoint: string; keys: { p256dh: string; auth: string } }) {
  return call(subscribePush, { body: subscription });
}

export function removeSubscription(endpoint: string) {
  return call(unsubscribePush, { body: { endpoint } });
}

export function loadPreferences(options?: CallOptions) {
  return call(getPushPreferences, {}, options);
}

export function savePreferences(preferences: PushPreferences) {
  return call(savePushPreferences, { body: preferences });
}
