import { vi } from 'vitest';

/** The envelope the server answers with. */
export type Reply = { code: number; message: string; data: unknown };

export interface SentRequest {
  readonly key: string;
  readonly body: unknown;
}

export const ok = (data: unknown): Reply => ({ code: 1, message: 'success', data });

/** A request as "METHOD path", with its JSON body. */
export function readRequest(input: RequestInfo | URL, init?: RequestInit): SentRequest {
  const url = new URL(input instanceof Request ? input.url : input instanceof URL ? input.href : input);
  return {
    key: `${init?.method ?? 'GET'} ${url.pathname}`,
    body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
  };
}

/**
 * A fake server: answers per "METHOD path" in order, and records every request. Every host fails
 * for a route in `offline`, as when the network drops; the set is read at each request.
 */
export function serve(routes: Record<string, Reply[]>, offline: ReadonlySet<string> = new Set()): SentRequest[] {
  const requests: SentRequest[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
      const request = readRequest(input, init);
      requests.push(request);
      if (offline.has(request.key)) return Promise.reject(new TypeError('offline'));
      const reply = routes[request.key]?.shift();
      if (!reply) return Promise.reject(new TypeError(`no reply for ${request.key}`));
      return Promise.resolve(new Response(JSON.stringify(reply), { status: 200 }));
    }),
  );
  return requests;
}
