import {
  changePassword,
  getCaptcha,
  getUserInfo,
  login,
  logout,
  register,
  requestPasswordKey,
  requestRegisterCode,
  resetPassword,
  updateProfile,
} from '@stride/contract';
import type { EndpointRegistrar } from '../../http/endpoints.js';
import type { CaptchaService } from '../captcha/captcha.service.js';
import { toUser, type AccountsService } from './accounts.service.js';
import type { ProfileService } from './profile.service.js';
import type { SessionsService } from './sessions.service.js';

export function registerAccountRoutes(
  endpoints: EndpointRegistrar,
  deps: { accounts: AccountsService; sessions: SessionsService; captcha: CaptchaService; profile: ProfileService },
): void {
  const { accounts, sessions, captcha, profile } = deps;

  endpoints.handle(getCaptcha, ({ request }) => captcha.issue(request.ip));

  endpoints.handle(requestRegisterCode, ({ body, request, language }) =>
    accounts.requestRegisterCode(body, request.ip, language),
  );

  endpoints.handle(register, ({ body, request }) => accounts.register(body, request.ip));

  endpoints.handle(login, ({ body, request }) => accounts.login(body, request.ip));

  // The session lookup already read the user: answering from it keeps this call to one query.
  endpoints.handle(getUserInfo, ({ user }) =>
    Promise.resolve(
      toUser({
        id: user.id,
        account: user.account,
        invite_code: user.inviteCode,
        real_name_status: user.realNameStatus,
        created_at: user.createdAt,
        nickname: user.nickname ?? null,
        avatar_file_id: user.avatarFileId ?? null,
      }),
    ),
  );

  endpoints.handle(updateProfile, ({ user, body }) => profile.update(user.id, body));

  endpoints.handle(logout, async ({ user }) => {
    await sessions.revoke(user.sessionId, user.id);
    return { done: true as const };
  });

  endpoints.handle(requestPasswordKey, ({ query, request, language }) =>
    accounts.requestResetCode(query, request.ip, language),
  );

  endpoints.handle(resetPassword, async ({ body }) => {
    if (body.step === 'verify') {
      const { resetKey, expiresIn } = await accounts.verifyResetCode(body.account, body.code);
      return { step: 'verify' as const, resetKey, expiresIn };
    }
    await accounts.resetPassword(body.resetKey, body.password);
    return { step: 'reset' as const, done: true as const };
  });

  endpoints.handle(changePassword, async ({ user, body }) => {
    await accounts.changePassword({ userId: user.id, sessionId: user.sessionId }, body);
    return { done: true as const };
  });
}
