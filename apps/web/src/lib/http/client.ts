import {
  REQUEST_TIMEOUT_MS,
  isRequestError,
  readEnvelope,
  requestOf,
  send as sendOnce,
  type Answer,
  type CallInput,
  type Envelope,
  type Outgoing as CoreOutgoing,
  type Transport,
} from '@stride/client';
import type { EndpointDef, ResponseOf } from '@stride/contract';
// The plain code catalogue, without the endpoint schemas (this layer is in the first route).
import { CODES } from '@stride/contract/codes';
import { FILE_ERROR_MESSAGE, LOW_LEVEL_CODES, RequestError } from './errors';

export { REQUEST_TIMEOUT_MS, type Answer, type CallInput };

export interface CallOptions {
  /** The caller shows errors itself: no dialog for envelope errors or failed hosts. */
  readonly hideErrors?: boolean;
  /** Envelope codes the caller shows itself (the payment password sheet's): no dialog for them, others as usual. */
  readonly quietCodes?: readonly number[];
  /**
   * A GET that wants the state as of the app's start, not a fresh one: it may take the start's
   * early answer even after the page took it (early.ts). The step counter's read of the business
   * day is one; a page's own read never is.
   */
  readonly startRead?: boolean;
  readonly signal?: AbortSignal;
}

/** An upload's options: progress as bytes go out, and a longer wait for a big file. */
export interface UploadOptions extends CallOptions {
  /** Called as the body is sent (`total` is 0 when unknown); sending then goes through XMLHttpRequest, which reports it. */
  readonly onProgress?: (sent: number, total: number) => void;
  /** Replaces the request timeout for this upload (a file of hundreds of MB takes minutes). */
  readonly timeoutMs?: number;
}

/**
 * How the UI reacts. The request layer only reports; the app decides what a dialog looks like.
 * An empty `message` means the server sent none (the UI shows its "request error").
 */
export interface RequestUi {
  sessionInvalid(event: { readonly message: string; readonly hidden: boolean }): void;
  /** Code 1018: the account is frozen; the session is already forgotten. */
  accountFrozen(event: { readonly message: string; readonly hidden: boolean }): void;
  /** Settles when the dialog closes; no second one opens before that. */
  realNameRequired(event: { readonly message: string }): Promise<void> | void;
  error(event: { readonly code: number; readonly message: string }): void;
  networkError(): void;
  /**
   * Whether the API could be reached, after every call and ping: `true` when a host answered with
   * an envelope (whatever its code), `false` when none answered at all (no connection, a timeout, or
   * a gateway's 502, 503 or 504 from each). Reported before `networkError`.
   */
  connection?(event: { readonly reachable: boolean }): void;
}

export interface HttpClientDeps {
  hosts(): readonly string[];
  getToken(): string;
  getLanguage(): string;
  /** Codes 1001 and 1018: forget the token and the user. */
  clearSession(): void;
  fetch?: typeof fetch;
  timeoutMs?: number;
  /**
   * An answer to this GET the start script already asked for (early.ts, decision 060 "The first page's reads leave with
   * its code, fewer files"), used instead of asking again; when it failed, the client asks as usual.
   */
  takeEarly?(url: string, shared: boolean): Promise<Answer> | undefined;
  /**
   * A call that changes something succeeded (any method but GET, and every upload): what pages
   * show may have changed (lib/data-changed.ts, decision 076 "Screens that stay current").
   */
  onWrite?(): void;
}

export interface HttpClient {
  call<E extends EndpointDef>(endpoint: E, input: CallInput<E>, options?: CallOptions): Promise<ResponseOf<E>>;
  /** Multipart POST to a multipart endpoint (the contract's uploadFile): field `file` plus text fields. */
  upload<E extends EndpointDef>(
    endpoint: E,
    file: Blob,
    fields?: Readonly<Record<string, string>>,
    options?: UploadOptions,
  ): Promise<ResponseOf<E>>;
  setUi(ui: RequestUi | undefined): void;
  /**
   * One quiet GET of `path` through the hosts, to learn whether the API can be reached again (the
   * offline banner, docs/product/client.md): true when a host answered with an envelope. Never a dialog.
   */
  ping(path: string): Promise<boolean>;
}

/** No host answered: no connection, a timeout, or only a gateway saying the API is down. */
function isUnreachable(status: number | undefined): boolean {
  return status === undefined || status === 502 || status === 503 || status === 504;
}

/** The core's request plus what the web app adds: its failure code, an upload's progress, a start read. */
interface Outgoing extends CoreOutgoing {
  readonly networkCode: number;
  readonly onProgress?: (sent: number, total: number) => void;
  readonly timeoutMs?: number;
  readonly startRead?: boolean;
}

/** A request through XMLHttpRequest, the one browser API that reports upload progress. */
function sendWithProgress(onProgress: (sent: number, total: number) => void): Transport {
  return (url, init) =>
    new Promise((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open(init.method, url);
      new Headers(init.headers).forEach((value, key) => xhr.setRequestHeader(key, value));
      xhr.upload.onprogress = (event) => onProgress(event.loaded, event.lengthComputable ? event.total : 0);
      xhr.onload = () => {
        const text = xhr.responseText;
        resolve({ status: xhr.status, json: () => Promise.resolve().then(() => JSON.parse(text) as unknown) });
      };
      xhr.onerror = () => reject(new TypeError('network error'));
      xhr.onabort = () => reject(new DOMException('aborted', 'AbortError'));
      init.signal.addEventListener('abort', () => xhr.abort());
      xhr.send(init.body as XMLHttpRequestBodyInit | null);
    });
}

type Attempt =
  | { readonly ok: true; readonly envelope: Envelope }
  | { readonly ok: false; readonly status?: number; readonly timedOut: boolean };

export function createHttpClient(deps: HttpClientDeps): HttpClient {
  const fetchImpl: Transport = deps.fetch ?? ((input, init) => fetch(input, init));
  const timeoutMs = deps.timeoutMs ?? REQUEST_TIMEOUT_MS;
  let ui: RequestUi | undefined;
  let realNameDialogOpen = false;

  function headers(json: boolean): Headers {
    const result = new Headers({ platform: 'h5', 'Accept-Language': deps.getLanguage() });
    const token = deps.getToken();
    if (token) result.set('Authorization', `Bearer ${token}`);
    if (json) result.set('Content-Type', 'application/json');
    return result;
  }

  /** An early answer's envelope, or undefined to ask as usual (it failed, or took too long). */
  async function readEarly(early: Promise<Answer>, waitMs: number): Promise<Attempt | undefined> {
    let stopWaiting = () => undefined as void;
    const late = new Promise<undefined>((resolve) => {
      const timer = setTimeout(() => resolve(undefined), waitMs);
      stopWaiting = () => clearTimeout(timer);
    });
    try {
      const response = await Promise.race([early, late]);
      if (response?.status !== 200) return undefined;
      const envelope = await readEnvelope(response);
      return envelope ? { ok: true, envelope } : undefined;
    } catch {
      return undefined;
    } finally {
      stopWaiting();
    }
  }

  async function attempt(host: string, outgoing: Outgoing, signal: AbortSignal | undefined): Promise<Attempt> {
    const early =
      outgoing.method === 'GET' ? deps.takeEarly?.(host + outgoing.path, outgoing.startRead === true) : undefined;
    if (early) {
      const answered = await readEarly(early, outgoing.timeoutMs ?? timeoutMs);
      if (signal?.aborted) throw new RequestError('abort', LOW_LEVEL_CODES.ABORT, 'abort');
      if (answered) return answered;
    }
    const transport =
      outgoing.onProgress && typeof XMLHttpRequest !== 'undefined' ? sendWithProgress(outgoing.onProgress) : fetchImpl;
    const options = { headers: headers(outgoing.json), timeoutMs: outgoing.timeoutMs ?? timeoutMs, transport, signal };
    try {
      return await sendOnce(host + outgoing.path, outgoing, options, async (response): Promise<Attempt> => {
        if (response.status !== 200) return { ok: false, status: response.status, timedOut: false };
        const envelope = await readEnvelope(response);
        // A 200 that is not an envelope comes from something other than our API (a proxy page).
        return envelope ? { ok: true, envelope } : { ok: false, status: 200, timedOut: false };
      });
    } catch (error) {
      if (isRequestError(error) && error.kind === 'abort') throw error;
      // Another host may answer: the next one is tried, and only the last failure is reported.
      return { ok: false, timedOut: isRequestError(error) && error.kind === 'timeout' };
    }
  }

  function answer(envelope: Envelope, hidden: boolean, quietCodes: readonly number[] = []): unknown {
    const { code, message } = envelope;
    if (code === CODES.OK) return envelope.data;
    if (code === CODES.SESSION_INVALID) {
      deps.clearSession();
      ui?.sessionInvalid({ message, hidden });
    } else if (code === CODES.ACCOUNT_FROZEN) {
      deps.clearSession();
      ui?.accountFrozen({ message, hidden });
    } else if (code === CODES.REAL_NAME_REQUIRED) {
      if (ui && !realNameDialogOpen) {
        realNameDialogOpen = true;
        const closeDialog = () => {
          realNameDialogOpen = false;
        };
        Promise.resolve()
          .then(() => ui?.realNameRequired({ message }))
          .then(closeDialog, closeDialog);
      }
    } else if (!hidden && !quietCodes.includes(code)) {
      ui?.error({ code, message });
    }
    throw new RequestError('envelope', code, message);
  }

  async function send(outgoing: Outgoing, options: CallOptions | undefined): Promise<unknown> {
    const hidden = options?.hideErrors === true;
    const signal = options?.signal;
    if (signal?.aborted) throw new RequestError('abort', LOW_LEVEL_CODES.ABORT, 'abort');
    let last: Attempt | undefined;
    for (const host of deps.hosts()) {
      last = await attempt(host, outgoing, signal);
      if (last.ok) {
        ui?.connection?.({ reachable: true });
        return answer(last.envelope, hidden, options?.quietCodes);
      }
    }
    const status = last && !last.ok ? last.status : undefined;
    const timedOut = last !== undefined && !last.ok && last.timedOut;
    if (isUnreachable(status)) ui?.connection?.({ reachable: false });
    if (!hidden && status !== 401) ui?.networkError();
    if (timedOut) throw new RequestError('timeout', LOW_LEVEL_CODES.TIMEOUT, 'timeout', status);
    throw new RequestError('network', outgoing.networkCode, 'network error', status);
  }

  return {
    async call(endpoint, input, options) {
      const data = await send(
        {
          ...requestOf(endpoint, input),
          networkCode: LOW_LEVEL_CODES.NO_ANSWER,
          ...(options?.startRead ? { startRead: true } : {}),
        },
        options,
      );
      if (endpoint.method !== 'GET') deps.onWrite?.();
      // The server validates its answers against the same contract, so they are trusted here.
      return data as ResponseOf<typeof endpoint>;
    },
    async upload(endpoint, file, fields = {}, options) {
      if (!(file instanceof Blob)) throw new RequestError('file', LOW_LEVEL_CODES.NO_ANSWER, FILE_ERROR_MESSAGE);
      const form = new FormData();
      for (const [key, value] of Object.entries(fields)) form.append(key, value);
      form.append('file', file);
      const data = await send(
        {
          method: endpoint.method,
          path: endpoint.path,
          body: form,
          json: false,
          networkCode: LOW_LEVEL_CODES.UPLOAD_NETWORK,
          ...(options?.onProgress ? { onProgress: options.onProgress } : {}),
          ...(options?.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
        },
        options,
      );
      deps.onWrite?.();
      return data as ResponseOf<typeof endpoint>;
    },
    setUi(next) {
      ui = next;
    },
    async ping(path) {
      try {
        await send({ method: 'GET', path, json: false, networkCode: LOW_LEVEL_CODES.NO_ANSWER }, { hideErrors: true });
        return true;
      } catch (error) {
        // An envelope with an error code still came from the API.
        return error instanceof RequestError && error.kind === 'envelope';
      }
    },
  };
}
