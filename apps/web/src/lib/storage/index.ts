export { createUserStore, userStore, TOKEN_KEY, USER_INFO_KEY, type UserState, type UserStore } from './user-store';
export { getDeviceId, DEVICE_ID_KEY } from './device-id';
export { readJson, writeJson } from './json';
export { useUser } from './use-user';
