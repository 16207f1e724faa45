import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Navigator } from '../lib/navigation';
import { createUserStore } from '../lib/storage';
import { testUser } from '../test/fixtures';
import { guardedNavigator, top } from '../test/guarded-navigator';

const user = testUser();

let navigator: Navigator | undefined;

function setup(hash: string, loadUserInfo: () => Promise<void>) {
  const store = createUserStore(window.localStorage);
  navigator = guardedNavigator(hash, { getUser: store.getState, loadUserInfo });
  return { store, navigator };
}

afterEach(() => {
  navigator?.stop();
});

describe('route guard', () => {
  it('sends a logged-out first load to login, remembering the target', async () => {
    const { navigator: nav } = setup('#/pages-sub/card/index?id=9', () => Promise.resolve());
    await nav.start();
    expect(top(nav)).toMatchObject({ route: '/pages/login/index', query: { redirect: '/pages-sub/card/index?id=9' } });
    expect(window.location.hash).toBe(
      `#/pages/login/index?redirect=${encodeURIComponent('/pages-sub/card/index?id=9')}`,
    );
  });

  it('lets a logged-out user reach the no-login pages', async () => {
    const { navigator: nav } = setup('#/pages/login/index', () => Promise.resolve());
    await nav.start();
    for (const url of [
      '/pages/edit-password/index',
      '/pages-sub/official-community/index',
      '/pages-sub/physical-card-mailing/index',
    ]) {
      await nav.navigateTo(url);
      expect(top(nav)?.route).toBe(url);
    }
    await nav.navigateTo('/pages-sub/order/list');
    expect(top(nav)).toMatchObject({ route: '/pages/login/index', query: { redirect: '/pages-sub/order/list' } });
  });

  it('loads the user info first when logged in without it, holding the page until then', async () => {
    let finish: () => void = () => undefined;
    const store = createUserStore(window.localStorage);
    store.setSession('tok', user);
    window.localStorage.removeItem('userInfo');
    const loadUserInfo = vi.fn(
      () =>
        new Promise<void>((resolve) => {
          finish = () => {
            store.setUserInfo(user);
            resolve();
          };
        }),
    );
    const { navigator: nav, store: guardStore } = setup('#/pages/my/index', loadUserInfo);
    expect(guardStore.getState().userInfo).toBeNull();
    const started = nav.start();
    await waitFor(() => expect(loadUserInfo).toHaveBeenCalledTimes(1));
    expect(nav.getStack()).toEqual([]);
    await expect(nav.reLaunch('/pages/my/index')).rejects.toThrow('/pages/my/index locked');
    finish();
    await started;
    expect(top(nav)?.route).toBe('/pages/my/index');
  });

  it('does not load the user info again once it is there', async () => {
    createUserStore(window.localStorage).setSession('tok', user);
    const loadUserInfo = vi.fn(() => Promise.resolve());
    const { navigator: nav } = setup('#/', loadUserInfo);
    await nav.start();
    await nav.navigateTo('/pages-sub/card/index');
    expect(loadUserInfo).not.toHaveBeenCalled();
    expect(top(nav)?.route).toBe('/pages-sub/card/index');
  });

  it('sends a first load to login when the stored session turns out to be invalid (1001)', async () => {
    const store = createUserStore(window.localStorage);
    store.setSession('expired', user);
    // The cached user is gone, so the guard asks the server, which answers 1001 and logs out.
    window.localStorage.removeItem('userInfo');
    const guard: { store?: ReturnType<typeof createUserStore> } = {};
    const loadUserInfo = vi.fn(() => {
      guard.store?.clear();
      return Promise.reject(new Error('Your session has ended.'));
    });
    const { navigator: nav, store: created } = setup('#/pages/my/index', loadUserInfo);
    guard.store = created;
    await expect(nav.start()).resolves.toBeUndefined();
    expect(loadUserInfo).toHaveBeenCalledTimes(1);
    expect(top(nav)?.url).toBe('/pages/login/index?redirect=%2Fpages%2Fmy%2Findex');
  });

  it('sends a logged-in user opening login on: to the page asked for, or home', async () => {
    createUserStore(window.localStorage).setSession('tok', user);
    const { navigator: nav } = setup('#/pages/login/index?redirect=%2Fpages-sub%2Fcard%2Findex', () =>
      Promise.resolve(),
    );
    await nav.start();
    expect(top(nav)?.url).toBe('/pages-sub/card/index');
    await nav.navigateTo('/pages/login/index');
    expect(nav.getStack().map((entry) => entry.route)).toEqual(['/pages/index/index']);
    // A redirect to another site is not followed.
    await nav.reLaunch('/pages/login/index?redirect=%2F%2Fevil.example');
    expect(top(nav)?.route).toBe('/pages/index/index');
  });
});
