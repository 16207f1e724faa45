import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * `none`: anyone; `user`: a valid bearer token, else code 1001.
 * `verified`: a user whose real name is verified, else code 1002.
 * `console`: an operator's console session (a cookie, never a user's token), else code 1016;
 * an operator without one of the endpoint's `roles` gets 1015.
 * `device`: a step-source token (never a user's token), else code 1001; such a token opens nothing else.
 */
export type Access = 'none' | 'user' | 'verified' | 'console' | 'device';

/** What an operator may do in the console; an operator may hold several. */
export const OPERATOR_ROLES = ['admin', 'reviewer', 'finance', 'merchant', 'editor', 'support'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

export interface EndpointDef<
  P extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
> {
  /** Stable name, `domain.verb`. */
  readonly id: string;
  readonly method: HttpMethod;
  /** As docs/product/rules.md writes the calls, with `{name}` path parameters. */
  readonly path: string;
  readonly access: Access;
  /** `console` endpoints: the operator needs one of these roles; absent, any operator may call it. */
  readonly roles?: readonly OperatorRole[];
  /**
   * `console` endpoints an operator may call before a second factor is enrolled (the session a
   * first login gives is limited to these).
   */
  readonly enrolment?: boolean;
  /**
   * `console` endpoints an operator may call while it must still replace a generated initial
   * password (me, logout and the password change; decision 073 "Operator sign-in"): every other one is refused.
   */
  readonly passwordChange?: boolean;
  readonly summary: string;
  readonly params?: P;
  readonly query?: Q;
  readonly body?: B;
  /** The `data` of a successful envelope. */
  readonly response: R;
  /** Body is multipart form data rather than JSON. */
  readonly multipart?: boolean;
  /**
   * A success answers the raw bytes (an image) with their content type instead of an envelope,
   * and `response` describes nothing; every failure is still an envelope.
   */
  readonly binary?: boolean;
}

/* @__NO_SIDE_EFFECTS__ */
export function defineEndpoint<
  P extends z.ZodType = z.ZodNever,
  Q extends z.ZodType = z.ZodNever,
  B extends z.ZodType = z.ZodNever,
  R extends z.ZodType = z.ZodType,
>(def: EndpointDef<P, Q, B, R>): EndpointDef<P, Q, B, R> {
  return def;
}

export type ResponseOf<E> = E extends EndpointDef<z.ZodType, z.ZodType, z.ZodType, infer R> ? z.output<R> : never;
export type BodyOf<E> = E extends EndpointDef<z.ZodType, z.ZodType, infer B, z.ZodType> ? z.input<B> : never;
export type QueryOf<E> = E extends EndpointDef<z.ZodType, infer Q, z.ZodType, z.ZodType> ? z.input<Q> : never;
export type ParamsOf<E> = E extends EndpointDef<infer P, z.ZodType, z.ZodType, z.ZodType> ? z.input<P> : never;
