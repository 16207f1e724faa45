import { CODES } from '@stride/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FrameConfig } from '../config.js';
import { isLostConnection } from '../db/connection-loss.js';
import { negotiateLanguage, translator, type MessageKey, type Translate } from '../locales/index.js';
import { StorageUnavailableError } from '../storage/object-store.js';
import { AppError } from './errors.js';
import { API_HEADERS } from './security-headers.js';

type Config = Pick<FrameConfig, 'bodyLimit' | 'supportContact'>;

// Fastify's own client errors (bad JSON, body too large, wrong content type) are the caller's
// fault and so answer HTTP 200 with a validation envelope like any other bad input.
function clientErrorMessage(error: FastifyError, t: Translate, config: Config): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return t('badJson');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return t('bodyTooLarge', { limit: config.bodyLimit });
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return t('unsupportedMediaType', { type: error.message.replace(/^.*: /, '') });
    default:
      return error.code === 'FST_ERR_CTP_INVALID_CONTENT_LENGTH' ? t('badJson') : t('validationFailed');
  }
}

/**
 * An error's message key and values; a frozen account's (1018, from login, a session or a step-source
 * token alike) names SUPPORT_CONTACT when one is configured (decision 082 "A newcomer's first screens").
 */
function frozenWithContact(error: AppError, config: Config): [MessageKey, Record<string, string | number>] {
  if (error.messageKey === 'accountFrozen' && config.supportContact) {
    return ['accountFrozenContact', { contact: config.supportContact.value }];
  }
  return [error.messageKey, error.values];
}

/** Longest path parameter the router accepts; ids are at most 64 characters. */
export const MAX_PARAM_LENGTH = 100;

/**
 * The router's own refusals (bad percent-encoding, an overlong path parameter) arrive before any
 * hook has run: they get the envelope any other bad input gets, and the API's headers by hand.
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const t = translator(negotiateLanguage(request.headers['accept-language']));
  const message =
    error.code === 'FST_ERR_BAD_URL'
      ? t('urlMalformed')
      : error.code === 'FST_ERR_MAX_PARAM_LENGTH'
        ? t('urlTooLong', { max: MAX_PARAM_LENGTH })
        : undefined;
  void reply.headers({ ...API_HEADERS, 'x-request-id': request.id });
  if (!message) {
    request.log.error(error);
    void reply.code(500).send({ code: 500, message: t('internal'), data: null });
    return;
  }
  request.log.info({ code: error.code }, 'client error');
  void reply.code(200).send({ code: CODES.VALIDATION_FAILED, message, data: null });
}

/**
 * Every error becomes the envelope (decision 003 "The envelope and HTTP status codes"): an AppError its code and
 * translated message; Fastify's client errors a validation failure; a lost database 503; anything else 500, logged.
 * An address no route answers is 404 in the envelope.
 */
export function registerErrorHandlers(app: FastifyInstance, config: Config): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const t = request.t ?? translator('en');
    if (error instanceof AppError) {
      // The caller is told to try again; the store's own words are for the operators (decision 054 "Object storage").
      if (error instanceof StorageUnavailableError) {
        request.log.warn({ err: error.reason }, 'object storage unavailable');
      }
      const message = error.text ?? t(...frozenWithContact(error, config));
      return reply.code(200).send({ code: error.code, message, data: null });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      request.log.info({ code: error.code }, 'client error');
      return reply
        .code(200)
        .send({ code: CODES.VALIDATION_FAILED, message: clientErrorMessage(error, t, config), data: null });
    }
    if (isLostConnection(error)) {
      // Outside the contract endpoints (payment callbacks, pages): a status the caller retries on.
      request.log.warn({ err: error }, 'database unavailable');
      return reply.code(503).send({ code: CODES.SERVICE_UNAVAILABLE, message: t('serviceUnavailable'), data: null });
    }
    request.log.error(error);
    return reply.code(500).send({ code: 500, message: t('internal'), data: null });
  });

  app.setNotFoundHandler((request, reply) => {
    const t = request.t ?? translator('en');
    const requestPath = request.url.split('?')[0] ?? '';
    return reply
      .code(404)
      .send({ code: CODES.NOT_FOUND, message: t('routeNotFound', { path: requestPath }), data: null });
  });
}
