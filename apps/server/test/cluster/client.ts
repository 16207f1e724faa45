// The cluster test's HTTP client: contract endpoints called over real HTTP, at an instance or at
// the proxy, with the answer's envelope and the backend that gave it (decision 058 "Several instances on one
// PostgreSQL").
import type { BodyOf, EndpointDef, Envelope, ParamsOf, ResponseOf } from '@stride/contract';
import { CODES } from '@stride/contract';
import { BACKEND_HEADER } from './cluster.js';

export interface Answer<T> extends Envelope<T> {
  /** The base address of the instance that answered (through the proxy: from its header). */
  backend: string;
  /** How many times it was sent (1, or more after a connection lost mid-request). */
  attempts: number;
}

export interface SendOptions<E extends EndpointDef> {
  params?: ParamsOf<E>;
  body?: BodyOf<E>;
  token?: string;
  /**
   * Sent straight to an instance: the client's address as a load balancer would report it (the
   * instances trust X-Forwarded-For). Through the proxy it is replaced by the proxy's own.
   */
  forwardedFor?: string;
}

function target(endpoint: EndpointDef, params: Record<string, unknown> = {}): string {
  return endpoint.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(params[name])));
}

/** Thrown when no envelope came back: the connection was cut, or the proxy answered 502/503. */
export class NoAnswer extends Error {}

/** One request, no retry. */
export async function once<E extends EndpointDef>(
  base: string,
  endpoint: E,
  options: SendOptions<E> = {},
): Promise<Answer<ResponseOf<E>>> {
  const response = await fetch(`${base}${target(endpoint, options.params as Record<string, unknown>)}`, {
    method: endpoint.method,
    headers: {
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.forwardedFor ? { 'x-forwarded-for': options.forwardedFor } : {}),
    },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  }).catch((error: unknown) => {
    throw new NoAnswer(`${endpoint.method} ${endpoint.path}: ${String(error)}`);
  });
  const text = await response.text().catch((error: unknown) => {
    throw new NoAnswer(`${endpoint.method} ${endpoint.path}: body lost (${String(error)})`);
  });
  if (response.status === 502 || response.status === 503) {
    throw new NoAnswer(`${endpoint.method} ${endpoint.path}: ${response.status} ${text}`);
  }
  const envelope = JSON.parse(text) as Envelope<ResponseOf<E>>;
  return { ...envelope, backend: response.headers.get(BACKEND_HEADER) ?? base, attempts: 1 };
}

/**
 * What Stride's clients do with a money request whose answer was lost: send it again, with the
 * same idempotency key, until an envelope comes back. 1014 (the database connection was lost
 * before anything was written) is sent again too. The pause between attempts is a backoff, not a
 * wait for something to happen.
 */
export async function send<E extends EndpointDef>(
  base: string,
  endpoint: E,
  options: SendOptions<E> = {},
): Promise<Answer<ResponseOf<E>>> {
  let lastError: unknown;
  for (let attempt = 1; attempt <= 20; attempt += 1) {
    try {
      const answer = await once(base, endpoint, options);
      if (answer.code !== CODES.SERVICE_UNAVAILABLE) return { ...answer, attempts: attempt };
      lastError = new NoAnswer(`${endpoint.path}: 1014 ${answer.message}`);
    } catch (error) {
      if (!(error instanceof NoAnswer)) throw error;
      lastError = error;
    }
    await new Promise((resolve) => setTimeout(resolve, 20 * attempt));
  }
  throw lastError;
}
