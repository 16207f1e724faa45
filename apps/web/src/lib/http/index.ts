import type { EndpointDef, ResponseOf } from '@stride/contract';
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
  // The start's reads (decision 060), until the app first changes something.
  takeEarly: (url, shared) =>
    writes === 0 ? takeEarly(url, userStore.getState().token, languageStore.get(), undefined, shared) : undefined,
});

let writes = 0;

/**
 * How many calls that change something (any method but GET) have succeeded since the app started:
 * a page kept alive below another reads again when it is shown after a change (`useRemote`'s
 * `refreshOnShow`).
 */
export function getWriteCount(): number {
  return writes;
}

export function call<E extends EndpointDef>(
  endpoint: E,
  input: CallInput<E>,
  options?: CallOptions,
): Promise<ResponseOf<E>> {
  const answer = http.call(endpoint, input, options);
  if (endpoint.method === 'GET') return answer;
  return answer.then((data) => {
    writes += 1;
    forgetEarly();
    return data;
  });
}
