import {
  getFriends,
  saveFriendSettings,
  requestFriend,
  acceptFriend,
  declineFriend,
  cancelFriendRequest,
  removeFriend,
  blockUser,
  unblockUser,
  getFriendBoard,
  likeFriend,
  getFriendAvatar,
} from '@stride/contract';
import type { FrameConfig } from '../../config.js';
import type { EndpointRegistrar } from '../../http/endpoints.js';
import { publicOrigin } from '../../http/origin.js';
import type { FriendsService } from './friends.service.js';

export function registerFriendRoutes(
  endpoints: EndpointRegistrar,
  deps: { friends: FriendsService; config: FrameConfig },
): void {
  const { friends, config } = deps;

  endpoints.handle(getFriends, ({ user, request }) => friends.list(user, publicOrigin(config, request.server)));
  endpoints.handle(saveFriendSettings, ({ user, body }) => friends.saveSettings(user.id, body));
  endpoints.handle(requestFriend, ({ user, body }) => friends.request(user.id, body));
  endpoints.handle(acceptFriend, ({ user, params }) => friends.accept(user.id, params.id));
  endpoints.handle(declineFriend, ({ user, params }) => friends.decline(user.id, params.id));
  endpoints.handle(cancelFriendRequest, ({ user, params }) => friends.cancel(user.id, params.id));
  endpoints.handle(removeFriend, ({ user, params }) => friends.remove(user.id, params.id));
  endpoints.handle(blockUser, ({ user, params }) => friends.block(user.id, params.id));
  endpoints.handle(getFriendBoard, ({ user, query }) => friends.board(user.id, query.period));
  endpoints.handleBinary(getFriendAvatar, ({ user, params }) => friends.avatar(user.id, params.id));
  endpoints.handle(likeFriend, ({ user, params }) => friends.like(user.id, params.id));
  endpoints.handle(unblockUser, ({ user, params }) => friends.unblock(user.id, params.id));
}
