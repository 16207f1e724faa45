import {
  consoleUploadImage,
  type BodyOf,
  type EndpointDef,
  type ParamsOf,
  type QueryOf,
  type ResponseOf,
} from '@stride/contract';
// The plain code catalogue, without the endpoint schemas.
import { CODES } from '@stride/contract/codes';

type Field<K extends string, T> = [T] extends [never]
  ? { readonly [P in K]?: undefined }
  : undefined extends T
    ? { readonly [P in K]?: T }
    : { readonly [P in K]: T };

/** What a call of endpoint `E` takes; the contract decides which parts exist. */
export type CallInput<E> = Field<'params', ParamsOf<E>> & Field<'query', QueryOf<E>> & Field<'body', BodyOf<E>>;

/** A refused call: the envelope's code and the server's message (already in the operator's language). */
export class ConsoleError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
    this.name = 'ConsoleError';
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
  const response = await fetch(endpoint.path, {
    method: 'POST',
    credentials: 'same-origin',
    headers: uploadHeaders(),
    body: form,
  });
  return answer<E>(response);
}

function toText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return value.toString();
  return JSON.stringify(value);
}

/** `/api/x/{id}` with its parameters, and the query string without empty values. */
export function buildUrl(path: string, params: unknown, query: unknown): string {
  const values = (typeof params === 'object' && params !== null ? params : {}) as Record<string, unknown>;
  const url = path.replace(/\{(\w+)\}/g, (_whole, name: string) => encodeURIComponent(toText(values[name])));
  if (typeof query !== 'object' || query === null) return url;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    search.append(key, toText(value));
  }
  const text = search.toString();
  return text === '' ? url : `${url}?${text}`;
}

interface Envelope {
  code: number;
  message: string;
  data: unknown;
}

function isEnvelope(value: unknown): value is Envelope {
  return typeof value === 'object' && value !== null && typeof Reflect.get(value, 'code') === 'number';
}

/**
 * One console call: same origin, the HttpOnly session cookie sent by the browser, the CSRF token
 * on state-changing calls. Code 1 answers the data; every other code throws a ConsoleError, and
 * 1016 also sends the operator back to the login screen.
 */
export async function call<E extends EndpointDef>(endpoint: E, input: CallInput<E>): Promise<ResponseOf<E>> {
  const { params, query, body } = input as { params?: unknown; query?: unknown; body?: unknown };
  const headers: Record<string, string> = { accept: 'application/json', 'accept-language': state.language };
  if (endpoint.method !== 'GET') headers['x-csrf-token'] = state.csrfToken;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(buildUrl(endpoint.path, params, query), {
    method: endpoint.method,
    credentials: 'same-origin',
    headers,
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  return answer<E>(response);
}

async function answer<E extends EndpointDef>(response: Response): Promise<ResponseOf<E>> {
  const envelope: unknown = await response.json().catch(() => null);
  if (!isEnvelope(envelope)) throw new ConsoleError(0, `HTTP ${response.status}`);
  if (envelope.code === CODES.OK) return envelope.data as ResponseOf<E>;
  if (envelope.code === CODES.CONSOLE_SESSION_INVALID) state.onSessionInvalid();
  throw new ConsoleError(envelope.code, envelope.message);
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
    const envelope: unknown = await response.json().catch(() => null);
    if (!isEnvelope(envelope)) throw new ConsoleError(0, `HTTP ${response.status}`);
    if (envelope.code === CODES.CONSOLE_SESSION_INVALID) state.onSessionInvalid();
    throw new ConsoleError(envelope.code, envelope.message);
  }
  if (!response.ok) throw new ConsoleError(0, `HTTP ${response.status}`);
  return response.blob();
}
