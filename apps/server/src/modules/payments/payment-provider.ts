import type { IncomingHttpHeaders } from 'node:http';

/** What a provider's callback tells us, once its signature has been checked. */
export interface PaymentEvent {
  eventId: string;
  paymentId: string;
  outcome: 'paid' | 'failed';
  amount: number;
}

/**
 * A payment provider behind one interface (docs/decisions/008-payments.md). The provider only
 * ever reports; the payments service decides, and only a verified callback marks a payment paid.
 */
export interface PaymentProvider {
  readonly name: string;
  /**
   * The page the payer opens in a new tab, good until `expiresAt` (ms). `baseUrl` is this server's
   * configured public origin.
   */
  checkoutUrl(payment: { id: string; amount: number; expiresAt: number }, baseUrl: string): Promise<string>;
  /** Checks the signature and freshness of a callback; null when it cannot be trusted. */
  parseCallback(rawBody: Buffer, headers: IncomingHttpHeaders, now: number): PaymentEvent | null;
  /** What the provider expects back from the callback route. */
  acknowledge(accepted: boolean): { status: number; body: unknown };
}
