import {
  buildUrl as coreBuildUrl,
  LOW_LEVEL_CODES,
  readEnvelope,
  RequestError,
  requestOf,
  send,
  type Answer,
  type CallInput,
  type Envelope,
} from '@stride/client';
import { consoleUploadImage, type EndpointDef, type ResponseOf } from '@stride/contract';
// The plain code catalogue, without the endpoint schemas.
import { CODES } from '@stride/contract/codes';

export type { CallInput };

/**
 * A refused call: the envelope's code and the server's message (already in the operator's
 * language), or code 0 and `HTTP <status>` for an answer that was not an envelope.
 */
export class ConsoleError extends RequestError {
  override readonly name: string = 'ConsoleError';

  constructor(code: number, message: string) {
    super(code === LOW_LEVEL_CODES.NO_ANSWER ? 'network' : 'envelope', code, message);
  }
}

export interface RequestState {
  /** The session's CSRF token (from login or `me`), sent in `x-csrf-token` on every non-GET call. */
  csrfToken: string;
  language: string;
  /** Code 1016: the console session is gone (expired, revoked, never started). */
  onSessionInvalid(): void;
}

const state: RequestState = { csrfToken: '', language: 'en', onSessionInvalid: () => undefined };

export function configureRequests(next: Partial<RequestState>): void {
  Object.assign(state, next);
}

/** What a multipart upload sends besides its form: the CSRF token and the language. */
export function uploadHeaders(): Record<string, string> {
  return { 'x-csrf-token': state.csrfToken, 'accept-language': state.language, accept: 'application/json' };
}

/** A multipart upload to a console endpoint (`multipart: true`), answered like `call`. */
/** A catalogue image (goods, banners, channels' QR codes) from a picked file: answers its public URL. */
export async function uploadImage(file: Blob): Promise<string> {
  const form = new FormData();
  form.append('file', file);
  return (await upload(consoleUploadImage, form)).url;
}

/** A multipart upload to a console endpoint (`multipart: true`), answered like `call`. */
export async function upload<E extends EndpointDef>(endpoint: E, form: FormData): Promise<ResponseOf<E>> {
  const outgoing = { method: 'POST', path: endpoint.path, body: form, json: false } as const;
  return send(outgoing.path, outgoing, { headers: uploadHeaders(), credentials: 'same-origin' }, answer<E>);
}

/** The console leaves a filter's empty value out of the query: '' means "any". */
const URL_OPTIONS = { omitEmpty: true } as const;

/** `/api/x/{id}` with its parameters, and the query string without empty values. */
export function buildUrl(path: string, params: unknown, query: unknown): string {
  return coreBuildUrl(path, params, query, URL_OPTIONS);
}

/** The envelope of an answer, or undefined when it is not one (not JSON, or a proxy's page). */
function envelopeOf(response: Answer): Promise<Envelope | undefined> {
  return readEnvelope(response).catch(() => undefined);
}

/**
 * One console call: same origin, the HttpOnly session cookie sent by the browser, the CSRF token
 * on state-changing calls. Code 1 answers the data; every other code throws a ConsoleError, and
 * 1016 also sends the operator back to the login screen.
 */
export async function call<E extends EndpointDef>(endpoint: E, input: CallInput<E>): Promise<ResponseOf<E>> {
  const outgoing = requestOf(endpoint, input, URL_OPTIONS);
  const headers: Record<string, string> = { accept: 'application/json', 'accept-language': state.language };
  if (endpoint.method !== 'GET') headers['x-csrf-token'] = state.csrfToken;
  if (outgoing.json) headers['content-type'] = 'application/json';
  // No timeout of its own: the console waits as long as the browser does (a long export, a big import).
  return send(outgoing.path, outgoing, { headers, credentials: 'same-origin' }, answer<E>);
}

/** Code 1 answers the data; any other code is a ConsoleError, and 1016 also ends the session here. */
function refuse(envelope: Envelope | undefined, status: number): never {
  if (!envelope) throw new ConsoleError(LOW_LEVEL_CODES.NO_ANSWER, `HTTP ${status}`);
  if (envelope.code === CODES.CONSOLE_SESSION_INVALID) state.onSessionInvalid();
  throw new ConsoleError(envelope.code, envelope.message);
}

async function answer<E extends EndpointDef>(response: Answer): Promise<ResponseOf<E>> {
  const envelope = await envelopeOf(response);
  if (envelope?.code === CODES.OK) return envelope.data as ResponseOf<E>;
  return refuse(envelope, response.status);
}
/**
 * A `binary` endpoint (a file, not an envelope): same cookie and CSRF rules as `call`. A refusal
 * still answers an envelope in JSON, which throws as a ConsoleError.
 */
export async function download<E extends EndpointDef>(endpoint: E, input: CallInput<E>): Promise<Blob> {
  const { params, query } = input as { params?: unknown; query?: unknown };
  const headers: Record<string, string> = { 'accept-language': state.language };
  if (endpoint.method !== 'GET') headers['x-csrf-token'] = state.csrfToken;
  const response = await fetch(buildUrl(endpoint.path, params, query), {
    method: endpoint.method,
    credentials: 'same-origin',
    headers,
  });
  if ((response.headers.get('content-type') ?? '').startsWith('application/json')) {
    refuse(await envelopeOf(response), response.status);
  }
  if (!response.ok) throw new ConsoleError(LOW_LEVEL_CODES.NO_ANSWER, `HTTP ${response.status}`);
  return response.blob();
}
