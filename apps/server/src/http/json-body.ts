import type { FastifyInstance } from 'fastify';
import { AppError } from './errors.js';

/** Blank characters a JSON body may carry around its value: a pretty-printer's newline, not a padding. */
export const MAX_JSON_PADDING = 1024;

/**
 * Why a JSON body is refused before it is parsed, if it is (decision 016 "Malformed requests and security headers").
 */
function jsonBodyRefusal(contentType: string | undefined, body: string): AppError | undefined {
  const charset = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(contentType ?? '')?.[1]?.toLowerCase();
  if (charset !== undefined && charset !== 'utf-8' && charset !== 'utf8') {
    return new AppError('VALIDATION_FAILED', 'charsetUnsupported', { charset });
  }
  if (body.charCodeAt(0) === 0xfeff) return new AppError('VALIDATION_FAILED', 'jsonByteOrderMark');
  const leading = body.length - body.trimStart().length;
  if (leading > MAX_JSON_PADDING || body.length - body.trimEnd().length > MAX_JSON_PADDING) {
    return new AppError('VALIDATION_FAILED', 'jsonPadding', { max: MAX_JSON_PADDING });
  }
  return undefined;
}

/** A key that `JSON.parse` accepts but the body parser refuses (prototype poisoning). */
function forbiddenJsonKey(body: string): string | undefined {
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return undefined;
  }
  const pending = [value];
  let found: string | undefined;
  while (pending.length > 0 && !found) {
    const item = pending.pop();
    if (!item || typeof item !== 'object') continue;
    if (Object.hasOwn(item, '__proto__')) found = '__proto__';
    else if (Object.hasOwn(item, 'constructor')) found = 'constructor';
    pending.push(...(Object.values(item) as unknown[]));
  }
  return found;
}

/**
 * JSON bodies (decision 016 "Malformed requests and security headers"): Fastify's own parser, behind the refusals above
 * and with a message that names a forbidden key.
 */
export function registerJsonBodies(app: FastifyInstance): void {
  // JSON bodies: Fastify's parser (which refuses prototype poisoning), with a message that says
  // which key is refused instead of "not valid JSON". What the contract does not describe is
  // refused before it (decision 016 "Malformed requests and security headers"): a charset other than UTF-8, a
  // byte-order mark (which the parser would quietly skip), and padding that only makes the body larger.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const refusal = jsonBodyRefusal(request.headers['content-type'], body as string);
    if (refusal) return done(refusal, undefined);
    void parseJson(request, body as string, (error, value) => {
      const key = error ? forbiddenJsonKey(body as string) : undefined;
      if (key) return done(new AppError('VALIDATION_FAILED', 'jsonForbiddenKey', { key }), undefined);
      return done(error, value);
    });
  });
}
