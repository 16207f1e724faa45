export { FriendBoard, type FriendBoardProps } from './components/friend-board';
export {
  AddFriend,
  FriendList,
  FriendRequests,
  lookupOf,
  SharingSettings,
  type FriendLookup,
} from './components/friend-people';
