import { describe, expect, it, vi } from 'vitest';
import { PATHS } from '../lib/navigation';
import { TOKEN_KEY, createUserStore } from '../lib/storage';
import { startLoads, type StartLoads } from './start-loads';

function loads(): StartLoads & { [K in keyof StartLoads]: ReturnType<typeof vi.fn> } {
  return {
    language: vi.fn(() => Promise.resolve()),
    page: vi.fn(() => Promise.resolve()),
    sessionChecks: vi.fn(() => Promise.resolve()),
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
    });
    for (const { handled } of [language, page, checks]) expect(handled).toHaveBeenCalledTimes(1);
  });
});
