import type { BodyOf, EndpointDef, HttpMethod, ParamsOf, QueryOf } from '@stride/contract';

type Field<K extends string, T> = [T] extends [never]
  ? { readonly [P in K]?: undefined }
  : undefined extends T
    ? { readonly [P in K]?: T }
    : { readonly [P in K]: T };

/** What a call of endpoint `E` takes; the contract decides which parts exist. */
export type CallInput<E> = Field<'params', ParamsOf<E>> & Field<'query', QueryOf<E>> & Field<'body', BodyOf<E>>;

export interface UrlOptions {
  /** Leaves out empty strings too (the console's filters send '' for "any"); the web app sends them. */
  readonly omitEmpty?: boolean;
}

function toParam(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return value.toString();
  return JSON.stringify(value);
}

/** `/api/x/{id}` with its parameters, then the query without undefined or null values (an array repeats its key). */
export function buildUrl(path: string, params: unknown, query: unknown, options: UrlOptions = {}): string {
  const filled = path.replace(/\{(\w+)\}/g, (_whole, name: string) => {
    const value: unknown = typeof params === 'object' && params !== null ? Reflect.get(params, name) : undefined;
    if (value === undefined || value === null) throw new Error(`Missing path parameter "${name}" for ${path}`);
    return encodeURIComponent(toParam(value));
  });
  if (typeof query !== 'object' || query === null) return filled;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    const values: unknown[] = Array.isArray(value) ? value : [value];
    for (const item of values) {
      if (item === undefined || item === null || (options.omitEmpty && item === '')) continue;
      search.append(key, toParam(item));
    }
  }
  const text = search.toString();
  return text ? `${filled}${filled.includes('?') ? '&' : '?'}${text}` : filled;
}

/** One request as it goes out: a JSON body only where the method carries one. */
export interface Outgoing {
  readonly method: HttpMethod;
  readonly path: string;
  readonly body?: BodyInit;
  /** The body is JSON (Content-Type: application/json). */
  readonly json: boolean;
}

/** The request a call of `endpoint` sends for `input`. */
export function requestOf<E extends EndpointDef>(endpoint: E, input: CallInput<E>, options?: UrlOptions): Outgoing {
  const { params, query, body } = input as { params?: unknown; query?: unknown; body?: unknown };
  const path = buildUrl(endpoint.path, params, query, options);
  const hasBody = endpoint.method !== 'GET' && body !== undefined;
  return { method: endpoint.method, path, json: hasBody, ...(hasBody ? { body: JSON.stringify(body) } : {}) };
}
