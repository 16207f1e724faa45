import type { User } from '@stride/contract';

export const TOKEN_KEY = 'token';
export const USER_INFO_KEY = 'userInfo';

export interface UserState {
  readonly token: string;
  readonly userInfo: User | null;
  /** Derived: a non-empty token means logged in (docs/product/client.md, Storage). */
  readonly isLogged: boolean;
}

export interface UserStore {
  readonly getState: () => UserState;
  readonly subscribe: (listener: () => void) => () => void;
  readonly setSession: (token: string, user: User) => void;
  readonly setUserInfo: (user: User) => void;
  readonly clear: () => void;
}

function readUser(raw: string | null): User | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    // Only our own writes land here; a shape check guards against a hand-edited or older value.
    return typeof value === 'object' && value !== null && typeof Reflect.get(value, 'account') === 'string'
      ? (value as User)
      : null;
  } catch {
    return null;
  }
}

function toState(token: string, userInfo: User | null): UserState {
  return { token, userInfo, isLogged: token !== '' };
}

export function createUserStore(storage: Storage): UserStore {
  let state = toState(storage.getItem(TOKEN_KEY) ?? '', readUser(storage.getItem(USER_INFO_KEY)));
  const listeners = new Set<() => void>();

  function write(token: string, userInfo: User | null) {
    if (token) storage.setItem(TOKEN_KEY, token);
    else storage.removeItem(TOKEN_KEY);
    if (userInfo) storage.setItem(USER_INFO_KEY, JSON.stringify(userInfo));
    else storage.removeItem(USER_INFO_KEY);
    state = toState(token, userInfo);
    for (const listener of [...listeners]) listener();
  }

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    setSession: (token, user) => write(token, user),
    setUserInfo: (user) => write(state.token, user),
    clear: () => write('', null),
  };
}

export const userStore: UserStore = createUserStore(window.localStorage);
