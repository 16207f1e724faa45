import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Navigator } from '../lib/navigation';
import { createUserStore } from '../lib/storage';
import { testUser } from '../test/fixtures';
import { guardedNavigator, top } from '../test/guarded-navigator';

const user = testUser();

let navigator: Navigator | undefined;

function setup(hash: string, policiesPending: () => Promise<boolean>, loggedIn = true) {
  const store = createUserStore(window.localStorage);
  if (loggedIn) store.setSession('tok', user);
  else store.clear();
  navigator = guardedNavigator(hash, {
    getUser: store.getState,
    loadUserInfo: () => Promise.resolve(),
    policiesPending,
  });
  return navigator;
}

afterEach(() => {
  navigator?.stop();
  window.localStorage.clear();
});

describe('route guard: a changed policy asks again', () => {
  it('sends the first page to the updated-policy screen, remembering it, and asks once accepted', async () => {
    let pending = true;
    const policiesPending = vi.fn(() => Promise.resolve(pending));
    const nav = setup('#/pages-sub/card/index?id=9', policiesPending);
    await nav.start();
    expect(top(nav)).toMatchObject({
      route: '/pages-sub/policy/update',
      query: { redirect: '/pages-sub/card/index?id=9' },
    });
    // The policy texts open from that screen without asking again.
    await nav.navigateTo('/pages-sub/policy/privacy');
    expect(top(nav)?.route).toBe('/pages-sub/policy/privacy');
    expect(policiesPending).toHaveBeenCalledTimes(1);

    pending = false;
    await nav.reLaunch('/pages-sub/card/index?id=9');
    expect(top(nav)?.route).toBe('/pages-sub/card/index');
    await nav.navigateTo('/pages-sub/asset/index');
    // Accepted: not asked again on every tap.
    expect(policiesPending).toHaveBeenCalledTimes(2);
  });

  it('asks a logged-in user who opens login too, then goes on to the page login would have opened', async () => {
    const policiesPending = vi.fn(() => Promise.resolve(true));
    const nav = setup('#/pages/login/index?redirect=%2Fpages%2Fmy%2Findex', policiesPending);
    await nav.start();
    expect(top(nav)).toMatchObject({ route: '/pages-sub/policy/update', query: { redirect: '/pages/my/index' } });
    expect(policiesPending).toHaveBeenCalledTimes(1);
  });

  it('never asks a logged-out user, who may read the policies', async () => {
    const policiesPending = vi.fn(() => Promise.resolve(true));
    const nav = setup('#/pages-sub/policy/terms', policiesPending, false);
    await nav.start();
    expect(top(nav)?.route).toBe('/pages-sub/policy/terms');
    await nav.navigateTo('/pages-sub/policy/privacy');
    expect(top(nav)?.route).toBe('/pages-sub/policy/privacy');
    expect(policiesPending).not.toHaveBeenCalled();
  });

  it('lets the user on when the question fails (offline), without asking on every tap', async () => {
    const policiesPending = vi.fn(() => Promise.reject(new TypeError('offline')));
    const nav = setup('#/pages/my/index', policiesPending);
    await nav.start();
    expect(top(nav)?.route).toBe('/pages/my/index');
    await nav.navigateTo('/pages-sub/card/index');
    expect(policiesPending).toHaveBeenCalledTimes(1);
  });
});
