import { reportContent } from '@stride/contract';
import type { EndpointRegistrar } from '../../http/endpoints.js';
import type { ModerationService } from './moderation.service.js';

export function registerModerationRoutes(endpoints: EndpointRegistrar, deps: { moderation: ModerationService }): void {
  const { moderation } = deps;
  endpoints.handle(reportContent, ({ user, body }) => moderation.report(user.id, body));
}
