import { describe, expect, it, vi } from 'vitest';
import { PATHS } from '../lib/navigation';
import { TOKEN_KEY, USER_INFO_KEY, createUserStore } from '../lib/storage';
import { startLoads, type StartLoads } from './start-loads';

function loads(): StartLoads & { [K in keyof StartLoads]: ReturnType<typeof vi.fn> } {
  return {
    language: vi.fn(() => Promise.resolve()),
    page: vi.fn(() => Promise.resolve()),
    sessionChecks: vi.fn(() => Promise.resolve()),
    read: vi.fn((_path: string, _token: string) => undefined),
    welcomeDue: vi.fn(() => true),
  };
}

function users(token: string) {
  window.localStorage.clear();
  if (token) window.localStorage.setItem(TOKEN_KEY, token);
  return createUserStore(window.localStorage);
}

describe('what the start script asks for', () => {
  it('asks a logged-in user for the language, the page the address opens and the session checks', () => {
    const asked = loads();
    startLoads('#/pages/shop/index?tab=2', users('token-1'), asked);
    expect(asked.language).toHaveBeenCalledTimes(1);
    expect(asked.page).toHaveBeenCalledWith(PATHS.shop);
    expect(asked.sessionChecks).toHaveBeenCalledTimes(1);
  });

  it("asks a logged-in user's session reads and the page's first reads with the session's token (decision 060)", () => {
    const asked = loads();
    startLoads('#/pages/shop/index', users('token-1'), asked);
    expect(asked.read.mock.calls).toEqual([
      ['/api/consents', 'token-1'],
      ['/api/user/info', 'token-1'],
      ['/api/notifications/unread', 'token-1'],
      ['/api/home', 'token-1'],
      ['/api/goods?page=1', 'token-1'],
    ]);
  });

  it('leaves out what the guard will not ask: stored user info, consents on a policy page', () => {
    window.localStorage.clear();
    window.localStorage.setItem(TOKEN_KEY, 'token-2');
    window.localStorage.setItem(
      USER_INFO_KEY,
      JSON.stringify({
        id: 'u1',
        account: '13800138000',
        inviteCode: 'ABCDEFGH',
        realNameStatus: 'none',
        createdAt: '2026-01-01T00:00:00.000Z',
        nickname: null,
        avatarUrl: null,
      }),
    );
    const asked = loads();
    startLoads('#/pages-sub/policy/update', createUserStore(window.localStorage), asked);
    expect(asked.read.mock.calls).toEqual([['/api/notifications/unread', 'token-2']]);
  });

  it("asks a logged-out user only for the rules the login page's welcome shows, without a session (decision 089)", () => {
    const asked = loads();
    startLoads('#/pages/shop/index', users(''), asked);
    expect(asked.page).toHaveBeenCalledWith(PATHS.login);
    expect(asked.read.mock.calls).toEqual([['/api/rules', '']]);
  });

  it('asks a logged-out user for no reads once the welcome was seen, or on a page without it', () => {
    const asked = loads();
    asked.welcomeDue.mockReturnValue(false);
    startLoads('#/pages/login/index', users(''), asked);
    asked.welcomeDue.mockReturnValue(true);
    startLoads('#/pages-sub/policy/privacy', users(''), asked);
    expect(asked.read).not.toHaveBeenCalled();
  });

  it('opens home for an empty address', () => {
    const asked = loads();
    startLoads('', users('token-1'), asked);
    expect(asked.page).toHaveBeenCalledWith(PATHS.home);
  });

  it('asks a logged-out user for login where the page needs a session, and for no session checks', () => {
    const asked = loads();
    startLoads('#/pages/index/index', users(''), asked);
    expect(asked.page).toHaveBeenCalledWith(PATHS.login);
    expect(asked.sessionChecks).not.toHaveBeenCalled();
    startLoads('#/pages-sub/physical-card-mailing/index', users(''), asked);
    expect(asked.page).toHaveBeenLastCalledWith(PATHS.physicalCardMailing);
  });

  it('leaves a failed download to the app: each rejection is handled where it is asked for', () => {
    const failed = () => {
      const download = Promise.reject(new Error('offline'));
      return { download, handled: vi.spyOn(download, 'catch') };
    };
    const language = failed();
    const page = failed();
    const checks = failed();
    startLoads('#/pages/index/index', users('token-1'), {
      language: () => language.download,
      page: () => page.download,
      sessionChecks: () => checks.download,
      read: () => undefined,
      welcomeDue: () => false,
    });
    for (const { handled } of [language, page, checks]) expect(handled).toHaveBeenCalledTimes(1);
  });
});
