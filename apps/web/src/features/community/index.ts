export { CommunityChannels, type CommunityChannel } from './components/community-channels';
