/** Codes of failures that never reached an envelope (docs/product/client.md, Request layer). */
export const LOW_LEVEL_CODES = {
  /** No host gave an answer; `status` holds the last HTTP status if there was one. */
  NO_ANSWER: 0,
  TIMEOUT: 5,
  ABORT: 600003,
  UPLOAD_NETWORK: 602001,
} as const;

export type RequestErrorKind = 'envelope' | 'network' | 'timeout' | 'abort' | 'file';

/** Every rejection of a request layer: the envelope code and message, or a low-level code. */
export class RequestError extends Error {
  override readonly name: string = 'RequestError';

  constructor(
    readonly kind: RequestErrorKind,
    readonly code: number,
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

export function isRequestError(value: unknown): value is RequestError {
  return value instanceof RequestError;
}
