/** Every answer of /api: `{code, message, data}`; code 1 is success (docs/product/client.md). */
export interface Envelope {
  code: number;
  message: string;
  data: unknown;
}

/** What a request layer reads of an answer, from fetch or from XMLHttpRequest. */
export interface Answer {
  readonly status: number;
  json(): Promise<unknown>;
}

export function isEnvelope(value: unknown): value is Envelope {
  return typeof value === 'object' && value !== null && typeof Reflect.get(value, 'code') === 'number';
}

/**
 * The answer's envelope, or undefined when its JSON is something else (a proxy's page). Rejects as
 * `json()` does when the body is not JSON: each app decides what that means.
 */
export async function readEnvelope(answer: Answer): Promise<Envelope | undefined> {
  const payload: unknown = await answer.json();
  return isEnvelope(payload) ? payload : undefined;
}
