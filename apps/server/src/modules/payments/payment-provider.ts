import type { Language } from '@stride/contract';
import type { IncomingHttpHeaders } from 'node:http';

/** What a provider's callback (or a query of its trade) tells us, once it can be trusted. */
export interface PaymentEvent {
  eventId: string;
  paymentId: string;
  outcome: 'paid' | 'failed';
  amount: number;
}

/** A payment as the provider needs to know it: our id is the provider's merchant order number. */
export interface ProviderPayment {
  id: string;
  amount: number;
}

/**
 * A call to the provider that did not get an answer it could trust (a timeout, a refused or
 * unsigned reply, an error code). Nothing is assumed from it: the payment stays as it was, and a
 * later query finds what really happened (docs/decisions/008-payments.md).
 */
export class ProviderError extends Error {
  constructor(
    readonly provider: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'ProviderError';
  }
}

/**
 * A payment provider behind one interface (docs/decisions/008-payments.md). The provider only
 * ever reports; the payments service decides, and only a verified callback (or a verified answer
 * to our own query) marks a payment paid. Every call that leaves this server has a timeout and
 * throws ProviderError when it fails.
 */
export interface PaymentProvider {
  readonly name: string;
  /**
   * The page the payer opens in a new tab, good until `expiresAt` (ms). `baseUrl` is this server's
   * configured public origin; `language` is the app's, for a page that can speak it (decision 084 "Content per
   * language").
   */
  checkoutUrl(
    payment: { id: string; amount: number; expiresAt: number; language?: Language | undefined },
    baseUrl: string,
  ): Promise<string>;
  /** Checks the signature and freshness of a callback; null when it cannot be trusted. */
  parseCallback(rawBody: Buffer, headers: IncomingHttpHeaders, now: number): PaymentEvent | null;
  /** What the provider expects back from the callback route. */
  acknowledge(accepted: boolean): { status: number; body: unknown };
  /**
   * Asks the provider what became of a payment whose callback has not come (late or lost): a
   * `paid` event when the payer paid, `failed` when the provider closed it, null while it is still
   * open or the provider never saw it.
   */
  query(payment: ProviderPayment): Promise<PaymentEvent | null>;
  /** Closes the trade so it can no longer be paid; resolves too when the provider never opened one. */
  close(payment: ProviderPayment): Promise<void>;
  /**
   * Gives `refund.amount` of a paid payment back to the payer. `refund.id` is unique per refund
   * and the provider deduplicates on it, so running a refund again never pays twice.
   */
  refund(payment: ProviderPayment, refund: { id: string; amount: number; reason: string }): Promise<void>;
}
