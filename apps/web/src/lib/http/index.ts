import type { EndpointDef, ResponseOf } from '@stride/contract';
import { announceChange, getChangeCount, onDataChange } from '../data-changed';
import { env } from '../env';
import { languageStore } from '../i18n/language';
import { userStore } from '../storage/user-store';
import { createHttpClient, type CallInput, type CallOptions, type HttpClient } from './client';
import { forgetEarly, takeEarly } from './early';
import { captureSessionBackup, listHosts } from './hosts';

export { createHttpClient, REQUEST_TIMEOUT_MS } from './client';
export type { CallInput, CallOptions, HttpClient, HttpClientDeps, RequestUi, UploadOptions } from './client';
export {
  FILE_ERROR_MESSAGE,
  LOW_LEVEL_CODES,
  RequestError,
  describeError,
  isRequestError,
  type RequestErrorKind,
} from './errors';
export { SESSION_BACKUP_KEY, captureSessionBackup, findApiParam, listHosts } from './hosts';
export { createIdempotencyKey, createRetryKey, type RetryKey } from './retry-key';

captureSessionBackup(window.location.href, window.sessionStorage);

/** The app's one client: page origin first, then configured and session backups. */
export const http: HttpClient = createHttpClient({
  hosts: () => listHosts({ origin: window.location.origin, backups: env.apiBackups, storage: window.sessionStorage }),
  getToken: () => userStore.getState().token,
  getLanguage: () => languageStore.get(),
  clearSession: () => userStore.clear(),
  // The start's reads (decision 060 "The first page's reads leave with its code, fewer files"), until the first sign
  // that anything changed: a write, a return to the app, a notification, a pull (decision 076 "Screens that stay
  // current"). None of them is ever a later read.
  takeEarly: (url, shared) =>
    getChangeCount() === 0
      ? takeEarly(url, userStore.getState().token, languageStore.get(), undefined, shared)
      : undefined,
  onWrite: () => void announceChange('write'),
});

onDataChange(() => forgetEarly());

export function call<E extends EndpointDef>(
  endpoint: E,
  input: CallInput<E>,
  options?: CallOptions,
): Promise<ResponseOf<E>> {
  return http.call(endpoint, input, options);
}
