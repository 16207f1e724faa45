import { isRequestError } from '@stride/client';

// The codes and the error type are the request core's, shared with the console (packages/client).
export { LOW_LEVEL_CODES, RequestError, isRequestError, type RequestErrorKind } from '@stride/client';

export const FILE_ERROR_MESSAGE = 'file error';

/** The text to show for a failed call: the server's message, else the framework's fallbacks. */
export function describeError(error: unknown, texts: { readonly request: string; readonly network: string }): string {
  if (isRequestError(error) && error.kind === 'envelope') return error.message || texts.request;
  return texts.network;
}
