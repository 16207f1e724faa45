import { listCommunityChannels } from '@stride/contract';
import type { EndpointRegistrar } from '../../http/endpoints.js';
import type { CommunityService } from './community.service.js';

export function registerCommunityRoutes(endpoints: EndpointRegistrar, deps: { community: CommunityService }): void {
  const { community } = deps;

  endpoints.handle(listCommunityChannels, ({ language }) => community.list(language));
}
