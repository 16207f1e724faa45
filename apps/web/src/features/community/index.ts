export { listCommunityChannels } from './api/list-community-channels';
export { CommunityChannels, type CommunityChannel } from './components/community-channels';
