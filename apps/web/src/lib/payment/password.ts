// The plain code catalogue, without the endpoint schemas.
import { CODES } from '@stride/contract/codes';
import { isRequestError } from '../http/errors';

/**
 * What the payment password sheet asks about before an action that needs the password (docs/product/payment-password.md):
 * the action and its amount in words, and the call that sends it with the six digits typed.
 */
export interface PaymentPasswordAsk {
  /** What is about to happen, with its amount: "Pay ¥99.00 from your balance for Bronze". */
  readonly summary: string;
  /** A line under it: what is left, what arrives, what cannot be undone. */
  readonly detail?: string;
  /**
   * Sends the action with the password. A refusal of the password (PAYMENT_PASSWORD_ANSWERS) is shown in the sheet;
   * any other failure closes it, and the caller has shown it.
   */
  readonly send: (paymentPassword: string) => Promise<unknown>;
}

/**
 * The answers about the password itself, which the sheet shows: wrong (1011, with the tries left), locked (1006, with
 * the minutes), none set or none given (1019). A call that sends a payment password keeps the request layer's dialog
 * out of them (`quietCodes`).
 */
export const PAYMENT_PASSWORD_ANSWERS: readonly number[] = [
  CODES.CREDENTIALS_INVALID,
  CODES.RATE_LIMITED,
  CODES.PAYMENT_PASSWORD_REQUIRED,
];

/** Whether a failed call was refused for its payment password (shown in the sheet, not under the form). */
export function isPaymentPasswordAnswer(error: unknown): boolean {
  return isRequestError(error) && error.kind === 'envelope' && PAYMENT_PASSWORD_ANSWERS.includes(error.code);
}
