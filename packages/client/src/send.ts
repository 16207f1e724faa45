import type { Answer } from './envelope';
import { LOW_LEVEL_CODES, RequestError } from './errors';
import type { Outgoing } from './request';

/** docs/product/client.md, Request layer: 60 s for every network type. */
export const REQUEST_TIMEOUT_MS = 60_000;

export interface TransportInit {
  method: string;
  headers: HeadersInit;
  body: BodyInit | null;
  signal: AbortSignal;
  credentials?: RequestCredentials;
}

/** What sends the bytes: fetch, or the web app's XMLHttpRequest for an upload's progress. */
export type Transport = (url: string, init: TransportInit) => Promise<Answer>;

export interface SendOptions {
  readonly headers: HeadersInit;
  readonly credentials?: RequestCredentials;
  /** No timer when left out: the browser's own wait. */
  readonly timeoutMs?: number;
  readonly signal?: AbortSignal;
  /** fetch when left out, looked up at each call (tests replace the global). */
  readonly transport?: Transport;
}

/**
 * Sends `outgoing` to `url` and reads its answer with `read`, the timeout covering both. Rejects
 * with a RequestError `abort` when the caller's signal aborts, `timeout` when the time ran out,
 * else as the transport or `read` rejected (a lost connection stays the browser's TypeError).
 */
export async function send<T>(
  url: string,
  outgoing: Outgoing,
  options: SendOptions,
  read: (answer: Answer) => Promise<T>,
): Promise<T> {
  const { signal, timeoutMs } = options;
  const transport: Transport = options.transport ?? ((input, init) => fetch(input, init));
  const controller = new AbortController();
  let timedOut = false;
  const timer =
    timeoutMs === undefined
      ? undefined
      : setTimeout(() => {
          timedOut = true;
          controller.abort();
        }, timeoutMs);
  const onAbort = () => controller.abort();
  signal?.addEventListener('abort', onAbort);
  try {
    const answer = await transport(url, {
      method: outgoing.method,
      headers: options.headers,
      body: outgoing.body ?? null,
      signal: controller.signal,
      ...(options.credentials ? { credentials: options.credentials } : {}),
    });
    return await read(answer);
  } catch (error) {
    if (signal?.aborted) throw new RequestError('abort', LOW_LEVEL_CODES.ABORT, 'abort');
    if (timedOut) throw new RequestError('timeout', LOW_LEVEL_CODES.TIMEOUT, 'timeout');
    throw error;
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  }
}
