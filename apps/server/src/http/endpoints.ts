import type { EndpointDef, Language, OperatorRole } from '@stride/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { isLostConnection, retryWhileNothingWritten } from '../db/connection-loss.js';
import type { Translate } from '../locales/index.js';
import { AppError } from './errors.js';
import { sameOrigin } from './origin.js';
import { sameHash } from '../lib/secrets.js';
import { parseOrThrow } from './validation.js';

export interface AuthUser {
  id: string;
  account: string;
  inviteCode: string;
  realNameStatus: string;
  createdAt: number;
  /**
   * The profile (decision 043 "Profile (nickname and avatar), My in groups with icons"); read with the session, left
   * out for step-source tokens.
   */
  nickname?: string | null;
  avatarFileId?: string | null;
  sessionId: string;
  /** Set for `device` endpoints only: the step-source token that made the call. */
  deviceTokenId?: string;
}

/** The session's user for a bearer token, or null when the token is unknown, expired or revoked. */
export type Authenticate = (token: string) => Promise<AuthUser | null>;

/**
 * The user of a step-source token (with `deviceTokenId` set), or null when the token is unknown
 * or revoked. Only `device` endpoints ask it, and they never ask `Authenticate`: each kind of
 * token opens only its own endpoints.
 */
export type AuthenticateDevice = (token: string) => Promise<AuthUser | null>;

/** The signed-in operator of a console session (decision 021 "Operator accounts and console sessions"). */
export interface ConsoleOperator {
  id: string;
  name: string;
  roles: OperatorRole[];
  /** `enrolment`: only endpoints marked `enrolment` until a second factor is confirmed. */
  stage: 'enrolment' | 'full';
  sessionId: string;
  csrfToken: string;
  totpEnrolled: boolean;
  /**
   * A generated initial password still to replace: only `passwordChange` endpoints (decision 073 "Operator sign-in").
   */
  passwordChangeRequired: boolean;
  /** The last lock of the operator's sign-in, until its notice is dismissed (decision 073 "Operator sign-in"). */
  signInLock: { at: number; failures: number; addresses: number } | null;
}

/** The operator of a console session token, or null when unknown, idle too long, revoked or disabled. */
export type AuthenticateConsole = (token: string) => Promise<ConsoleOperator | null>;

export const CONSOLE_COOKIE = 'stride_console';
const CONSOLE_TOKEN = /^[A-Za-z0-9_-]{20,200}$/;

/** The console session token of the Cookie header; user endpoints never read it. */
export function consoleToken(request: FastifyRequest): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === CONSOLE_COOKIE) {
      const token = value.join('=');
      return CONSOLE_TOKEN.test(token) ? token : undefined;
    }
  }
  return undefined;
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'DELETE']);

const BEARER = /^Bearer ([A-Za-z0-9_-]{20,200})$/;

/** The bearer token of the Authorization header, when it has the shape of one. */
function bearerToken(request: FastifyRequest): string | undefined {
  return BEARER.exec(request.headers.authorization ?? '')?.[1];
}

type Out<S> = NonNullable<S> extends z.ZodType ? z.output<NonNullable<S>> : undefined;

export interface EndpointContext<E extends EndpointDef> {
  params: Out<E['params']>;
  query: Out<E['query']>;
  body: Out<E['body']>;
  /** Present whenever the endpoint's access is not `none`. */
  user: E['access'] extends 'none' ? AuthUser | null : AuthUser;
  /** Present for `console` endpoints, the only ones that read it (their `user` is null). */
  operator: ConsoleOperator;
  t: Translate;
  language: Language;
  request: FastifyRequest;
  /** For the few answers that set a header (the console cookie). */
  reply: FastifyReply;
}

export type Handler<E extends EndpointDef> = (context: EndpointContext<E>) => Promise<z.input<E['response']>>;

/** The answer of a `binary` endpoint: bytes with their type, sent as they are. */
export interface BinaryAnswer {
  contentType: string;
  body: Buffer;
}
export type BinaryHandler<E extends EndpointDef> = (context: EndpointContext<E>) => Promise<BinaryAnswer>;

/**
 * Runs of one request when the database connection is lost before anything was written: the
 * pool replaces a dropped connection at once, so one more run usually answers normally (decision
 * 014 "Losing the PostgreSQL connection").
 */
const ATTEMPTS = 3;

/** `{id}` as the contract writes it becomes Fastify's `:id`. */
export function fastifyPath(path: string): string {
  return path.replace(/\{(\w+)\}/g, ':$1');
}

/**
 * An endpoint the contract gives no body takes none, or an empty JSON object; anything else
 * (`null`, an array, a field) is refused rather than ignored (decision 016 "Malformed requests and security headers").
 */
function noBody(body: unknown): undefined {
  if (body === undefined) return undefined;
  const empty = typeof body === 'object' && body !== null && !Array.isArray(body) && Object.keys(body).length === 0;
  if (!empty) throw new AppError('VALIDATION_FAILED', 'bodyNotExpected');
  return undefined;
}

/**
 * Registers contract endpoints on the app: access check, then input validation with the
 * contract's schemas, then the handler, whose result is wrapped in the success envelope.
 */
export class EndpointRegistrar {
  readonly implemented = new Set<string>();
  readonly unavailable = new Set<string>();
  /**
   * Endpoint id → the server module that registered it. The contract keeps each module's endpoints
   * in a file of the module's name; a test holds the two together.
   */
  readonly owners = new Map<string, string>();
  private module: string | null = null;

  constructor(
    private readonly app: FastifyInstance,
    private readonly authenticate: Authenticate,
    private readonly validateResponses: boolean,
    private readonly authenticateConsole: AuthenticateConsole = () => Promise.resolve(null),
    /** Origins a state-changing console call may come from, besides the server's own. */
    private readonly consoleOrigins: readonly string[] = [],
    private readonly authenticateDevice: AuthenticateDevice = () => Promise.resolve(null),
  ) {}

  /** The registrar as one module (a folder of `src/modules`) uses it: what it registers is that module's. */
  forModule(module: string): EndpointRegistrar {
    // Inherits this registrar's sets and app, so everything registered lands in the same records.
    const scoped = Object.create(this) as EndpointRegistrar;
    scoped.module = module;
    return scoped;
  }

  handle<E extends EndpointDef>(endpoint: E, handler: Handler<E>): void {
    this.implemented.add(endpoint.id);
    this.register(endpoint, handler);
  }

  /** A `binary` endpoint: access and input checks as usual, but a success sends the bytes themselves. */
  handleBinary<E extends EndpointDef>(endpoint: E, handler: BinaryHandler<E>): void {
    if (!endpoint.binary) throw new Error(`${endpoint.id} is not a binary endpoint`);
    this.implemented.add(endpoint.id);
    this.register(endpoint, handler);
  }

  /** For capabilities that have not landed yet: a clear envelope code, never a fake answer. */
  notAvailable(endpoint: EndpointDef): void {
    this.unavailable.add(endpoint.id);
    this.register(endpoint, () => Promise.reject(new AppError('NOT_AVAILABLE', 'notAvailable')));
  }

  private register<E extends EndpointDef>(endpoint: E, handler: Handler<E> | BinaryHandler<E>): void {
    if (this.module) this.owners.set(endpoint.id, this.module);
    const authenticate = async (request: FastifyRequest) => {
      const token = bearerToken(request);
      return token ? this.authenticate(token) : null;
    };
    const validateResponses = this.validateResponses;
    const authenticateConsole = this.authenticateConsole;
    const authenticateDevice = this.authenticateDevice;
    const consoleOrigins = this.consoleOrigins;
    this.app.route({
      method: endpoint.method,
      url: fastifyPath(endpoint.path),
      // API answers get their fixed headers (API_HEADERS) from one cheap hook in app.ts; helmet's
      // per-request work for a page's policy would cost this hot path half its throughput.
      helmet: false,
      handler: async (request, reply) => {
        const t = request.t;
        const run = async () => {
          let user: AuthUser | null = null;
          let operator: ConsoleOperator | null = null;
          if (endpoint.access === 'console') {
            operator = await checkConsole(endpoint, request, authenticateConsole, consoleOrigins);
          } else if (endpoint.access === 'device') {
            // A step-source token, never a user's: a user token is unknown here and answers 1001.
            const token = bearerToken(request);
            user = token ? await authenticateDevice(token) : null;
            if (!user) throw new AppError('SESSION_INVALID', 'sessionInvalid');
          } else if (endpoint.access !== 'none') {
            user = await authenticate(request);
            if (!user) throw new AppError('SESSION_INVALID', 'sessionInvalid');
            if (endpoint.access === 'verified' && user.realNameStatus !== 'verified') {
              throw new AppError('REAL_NAME_REQUIRED', 'realNameRequired');
            }
          } else if (request.headers.authorization) {
            user = await authenticate(request);
          }
          const context = {
            params: endpoint.params ? parseOrThrow(endpoint.params, request.params, t) : undefined,
            query: endpoint.query ? parseOrThrow(endpoint.query, request.query ?? {}, t) : undefined,
            body: endpoint.body ? parseOrThrow(endpoint.body, request.body, t) : noBody(request.body),
            user,
            operator,
            t,
            language: request.language,
            request,
            reply,
          } as EndpointContext<E>;
          return (await handler(context)) as unknown;
        };
        let data: unknown;
        try {
          // A multipart body is read once, so an upload is never run again.
          data = await retryWhileNothingWritten(run, request.isMultipart() ? 1 : ATTEMPTS);
        } catch (error) {
          if (!isLostConnection(error)) throw error;
          request.log.warn({ err: error }, 'database unavailable');
          throw new AppError('SERVICE_UNAVAILABLE', 'serviceUnavailable');
        }
        if (endpoint.binary) {
          const answer = data as BinaryAnswer;
          // Private bytes: never cached by shared caches, never sniffed into something else.
          return reply
            .header('content-type', answer.contentType)
            .header('cache-control', 'private, no-store')
            .header('x-content-type-options', 'nosniff')
            .send(answer.body);
        }
        if (validateResponses) endpoint.response.parse(data);
        return { code: 1, message: t('ok'), data };
      },
    });
  }
}

/**
 * A console call: a live console session from the cookie (a bearer token is never looked at), a
 * replaced initial password unless the endpoint serves its change (decision 073 "Operator sign-in"), a
 * confirmed second factor unless the endpoint serves enrolment, for a state-changing call the
 * session's CSRF token and an allowed `Origin` when one is sent, and one of the endpoint's roles.
 */
async function checkConsole(
  endpoint: EndpointDef,
  request: FastifyRequest,
  authenticate: AuthenticateConsole,
  origins: readonly string[],
): Promise<ConsoleOperator> {
  const token = consoleToken(request);
  const operator = token ? await authenticate(token) : null;
  if (!operator) throw new AppError('CONSOLE_SESSION_INVALID', 'consoleSessionInvalid');
  if (STATE_CHANGING.has(endpoint.method)) {
    const sent = request.headers['x-csrf-token'];
    const origin = request.headers.origin;
    if (typeof sent !== 'string' || !sameHash(sent, operator.csrfToken)) {
      throw new AppError('FORBIDDEN', 'consoleCsrf');
    }
    if (origin !== undefined && !sameOrigin(request, origin, origins)) throw new AppError('FORBIDDEN', 'consoleCsrf');
  }
  if (operator.passwordChangeRequired && !endpoint.passwordChange) {
    throw new AppError('FORBIDDEN', 'consolePasswordFirst');
  }
  if (operator.stage !== 'full' && !endpoint.enrolment) throw new AppError('FORBIDDEN', 'consoleEnrolFirst');
  if (endpoint.roles && !endpoint.roles.some((role) => operator.roles.includes(role))) {
    throw new AppError('FORBIDDEN', 'forbidden');
  }
  return operator;
}
