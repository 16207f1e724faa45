import {
  listNotifications as listEndpoint,
  readAllNotifications as readAllEndpoint,
  readNotification as readEndpoint,
  unreadNotificationCount as unreadEndpoint,
  type QueryOf,
} from '@stride/contract';
import { call, type CallOptions } from '../../../lib/http';

export function listNotifications(query: QueryOf<typeof listEndpoint> = {}, options?: CallOptions) {
  return call(listEndpoint, { query }, options);
}

export function unreadNotificationCount(options?: CallOptions) {
  return call(unreadEndpoint, {}, options);
}

export function readNotification(id: string, options?: CallOptions) {
  return call(readEndpoint, { params: { id } }, options);
}

export function readAllNotifications(options?: CallOptions) {
  return call(readAllEndpoint, {}, options);
}
