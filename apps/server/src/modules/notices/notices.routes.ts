import { getNotice, listNotices } from '@stride/contract';
import type { EndpointRegistrar } from '../../http/endpoints.js';
import type { NoticesService } from './notices.service.js';

export function registerNoticeRoutes(endpoints: EndpointRegistrar, deps: { notices: NoticesService }): void {
  const { notices } = deps;

  endpoints.handle(listNotices, ({ query, language }) => notices.list(query, language));

  endpoints.handle(getNotice, ({ query, language }) => notices.get(query.id, language));
}
