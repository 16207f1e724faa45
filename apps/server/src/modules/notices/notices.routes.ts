import { getNotice, listNotices } from '@stride/contract';
import type { EndpointRegistrar } from '../../http/endpoints.js';
import type { NoticesService } from './notices.service.js';

export function registerNoticeRoutes(endpoints: EndpointRegistrar, deps: { notices: NoticesService }): void {
  const { notices } = deps;

  endpoints.handle(listNotices, ({ query }) => notices.list(query));

  endpoints.handle(getNotice, ({ query }) => notices.get(query.id));
}
