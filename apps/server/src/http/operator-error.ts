import { translator, type MessageKey } from '../locales/index.js';

/**
 * An operator's action refused (no such row, already decided by someone else, a bad input). Its
 * message is shown to the operator as is; the ops command line exits 1 with it. One made with
 * `OperatorError.of` names a server message instead, which the console answers in the operator's
 * language (the command line prints its English text).
 */
export class OperatorError extends Error {
  constructor(
    message: string,
    readonly localized?: { key: MessageKey; values: Record<string, string | number> },
  ) {
    super(message);
  }

  static of(key: MessageKey, values: Record<string, string | number> = {}): OperatorError {
    return new OperatorError(translator('en')(key, values), { key, values });
  }
}
