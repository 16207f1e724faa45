import {
  getPushPreferences,
  listPushSubscriptions,
  pushKey,
  savePushPreferences,
  subscribePush,
  unsubscribePush,
} from '@stride/contract';
import type { EndpointRegistrar } from '../../http/endpoints.js';
import type { PushService } from './push.service.js';

export function registerPushRoutes(endpoints: EndpointRegistrar, deps: { push: PushService }): void {
  const { push } = deps;

  endpoints.handle(pushKey, () => Promise.resolve(push.publicKey()));

  endpoints.handle(subscribePush, ({ user, body, request }) =>
    push.subscribe(user.id, body, request.headers['user-agent']),
  );

  endpoints.handle(unsubscribePush, ({ user, body }) => push.unsubscribe(user.id, body.endpoint));

  endpoints.handle(listPushSubscriptions, ({ user }) => push.list(user.id));

  endpoints.handle(getPushPreferences, ({ user }) => push.preferences(user.id));

  endpoints.handle(savePushPreferences, ({ user, body, language }) => push.savePreferences(user.id, body, language));
}
