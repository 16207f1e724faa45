export { listCommunityChannels } from './api/list-community-channels';
