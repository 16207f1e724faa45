/**
 * The request core both browser apps share (the web app's lib/http, the console's lib/request):
 * a contract endpoint's request, sending it, the envelope, the low-level codes and the error type.
 * Each app adds its own edges on top: hosts, session, headers, what a refusal does.
 */
export { isEnvelope, readEnvelope, type Answer, type Envelope } from './envelope';
export { LOW_LEVEL_CODES, RequestError, isRequestError, type RequestErrorKind } from './errors';
export { buildUrl, requestOf, type CallInput, type Outgoing, type UrlOptions } from './request';
export { REQUEST_TIMEOUT_MS, send, type SendOptions, type Transport, type TransportInit } from './send';
