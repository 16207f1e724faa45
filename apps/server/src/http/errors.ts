import { CODES, type CodeName } from '@stride/contract';
import type { MessageKey } from '../locales/index.js';

/**
 * An application outcome other than success. It travels as HTTP 200 with its envelope code, in
 * the caller's language: the client moves to a backup host on any non-200 status (docs/product/client.md, Request layer).
 */
export class AppError extends Error {
  readonly code: number;

  constructor(
    codeName: CodeName,
    readonly messageKey: MessageKey,
    readonly values: Record<string, string | number> = {},
    /** A message already translated and assembled (validation details). */
    readonly text?: string,
  ) {
    super(text ?? messageKey);
    this.code = CODES[codeName];
  }
}

export const notFound = () => new AppError('NOT_FOUND', 'notFound');
