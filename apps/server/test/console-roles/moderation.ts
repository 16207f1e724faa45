import {
  consoleModerationAvatar,
  consoleModerationDecide,
  consoleModerationQueue,
  reportContent,
  saveFriendSettings,
  updateProfile,
} from '@stride/contract';
import { api, registerUser, testJpeg, uploadFile } from '../harness.js';
import { befriend, reportedNickname } from '../moderation.js';
import type { RoleCase } from './case.js';

/** Reported content (moderation module): reviewers see the queue and the avatars in it, and decide. */
export const MODERATION_CASES: readonly RoleCase[] = [
  { endpoint: consoleModerationQueue, input: async (t) => (await reportedNickname(t), { query: {} }) },
  {
    endpoint: consoleModerationDecide,
    input: async (t) => {
      const { owner } = await reportedNickname(t);
      return {
        params: { kind: 'nickname', id: owner.userId },
        body: { decision: 'dismiss', reason: 'Nothing wrong', version: 1 },
      };
    },
  },
  {
    endpoint: consoleModerationAvatar,
    input: async (t) => {
      const [owner, friend] = [await registerUser(t), await registerUser(t)];
      await befriend(t, friend, owner);
      const picture = await uploadFile(t, owner.token, await testJpeg(), { purpose: 'avatar' });
      await api(t, updateProfile, { token: owner.token, body: { avatarFileId: picture.data.fileId } });
      await api(t, saveFriendSettings, {
        token: owner.token,
        body: { findableByMobile: false, shareSteps: false, showAvatar: true },
      });
      await api(t, reportContent, {
        token: friend.token,
        body: { kind: 'avatar', id: owner.userId, reason: 'offensive' },
      });
      return { params: { id: owner.userId } };
    },
  },
];
