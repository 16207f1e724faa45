import { describe, expect, it, vi } from 'vitest';
import { getDeviceId, DEVICE_ID_KEY } from './device-id';
import { TOKEN_KEY, USER_INFO_KEY, createUserStore } from './user-store';
import { testUser } from '../../test/fixtures';

const user = testUser({ account: '+8613800000000', createdAt: '2024-01-01T00:00:00.000Z' });

describe('user store', () => {
  it('derives isLogged from a non-empty token', () => {
    const store = createUserStore(window.localStorage);
    expect(store.getState()).toEqual({ token: '', userInfo: null, isLogged: false });
    store.setSession('tok', user);
    expect(store.getState()).toEqual({ token: 'tok', userInfo: user, isLogged: true });
  });

  it('persists in localStorage and survives a reload', () => {
    createUserStore(window.localStorage).setSession('tok', user);
    expect(window.localStorage.getItem(TOKEN_KEY)).toBe('tok');
    expect(JSON.parse(window.localStorage.getItem(USER_INFO_KEY) ?? 'null')).toEqual(user);
    expect(createUserStore(window.localStorage).getState()).toMatchObject({
      token: 'tok',
      isLogged: true,
      userInfo: user,
    });
  });

  it('clears both and notifies subscribers', () => {
    const store = createUserStore(window.localStorage);
    store.setSession('tok', user);
    const listener = vi.fn();
    store.subscribe(listener);
    store.clear();
    expect(listener).toHaveBeenCalledTimes(1);
    expect(store.getState().isLogged).toBe(false);
    expect(window.localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(window.localStorage.getItem(USER_INFO_KEY)).toBeNull();
  });

  it('ignores a damaged userInfo value', () => {
    window.localStorage.setItem(USER_INFO_KEY, '{broken');
    expect(createUserStore(window.localStorage).getState().userInfo).toBeNull();
  });
});

describe('device id', () => {
  it('is a timestamp plus a random number, generated once', () => {
    const id = getDeviceId(
      window.localStorage,
      () => 1700000000000,
      () => 0.123456,
    );
    expect(id).toBe('1700000000000123456');
    expect(window.localStorage.getItem(DEVICE_ID_KEY)).toBe(id);
    expect(
      getDeviceId(
        window.localStorage,
        () => 1,
        () => 0.9,
      ),
    ).toBe(id);
  });

  it('is made again when the stored one is not a valid device id (the step counter reports it)', () => {
    window.localStorage.setItem(DEVICE_ID_KEY, 'bad id!');
    expect(
      getDeviceId(
        window.localStorage,
        () => 1700000000000,
        () => 0.5,
      ),
    ).toBe('1700000000000500000');
  });
});
