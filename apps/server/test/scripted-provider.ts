import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { PaymentEvent, PaymentProvider, ProviderPayment } from '../src/modules/payments/payment-provider.js';
import { ProviderError } from '../src/modules/payments/payment-provider.js';
import { SandboxProvider } from '../src/modules/payments/sandbox-provider.js';

type Answer<T> = T | ProviderError;

/**
 * A provider whose trades the test scripts: what `query` answers (paid, failed, still open),
 * whether `close` and `refund` succeed, and a record of every call. Its callbacks are the
 * sandbox's (signed with the test's secret), so a test can also deliver a callback after a query.
 */
export class ScriptedProvider implements PaymentProvider {
  readonly name = 'sandbox';
  private readonly sandbox: SandboxProvider;

  constructor(secret: string) {
    this.sandbox = new SandboxProvider(secret);
  }

  checkoutUrl(payment: { id: string; amount: number; expiresAt: number }, baseUrl: string): Promise<string> {
    this.trades.set(payment.id, 'open');
    return this.sandbox.checkoutUrl(payment, baseUrl);
  }

  parseCallback(rawBody: Buffer, headers: IncomingHttpHeaders, now: number): PaymentEvent | null {
    return this.sandbox.parseCallback(rawBody, headers, now);
  }

  acknowledge(accepted: boolean) {
    return this.sandbox.acknowledge(accepted);
  }

  /** Each payment's trade as the provider sees it. */
  readonly trades = new Map<string, 'open' | 'paid' | 'closed'>();
  /** Errors the next calls throw, by method, taken in order. */
  readonly failures: Record<'query' | 'close' | 'refund', { error: ProviderError; paymentId?: string }[]> = {
    query: [],
    close: [],
    refund: [],
  };
  readonly calls: { method: 'query' | 'close' | 'refund'; paymentId: string; refundId?: string }[] = [];
  /** Refunds the provider carried out, by refund id (it deduplicates on it). */
  readonly refunds = new Map<string, { paymentId: string; amount: number }>();

  reset(): void {
    this.trades.clear();
    this.failures.query = [];
    this.failures.close = [];
    this.failures.refund = [];
    this.calls.length = 0;
    this.refunds.clear();
  }

  /** The next `count` calls of `method` (about `paymentId` only, when given) fail as a timeout would. */
  failNext(method: 'query' | 'close' | 'refund', count = 1, paymentId?: string): void {
    for (let i = 0; i < count; i += 1) {
      const error = new ProviderError('sandbox', `${method} timed out`);
      this.failures[method].push(paymentId === undefined ? { error } : { error, paymentId });
    }
  }

  private take<T>(method: 'query' | 'close' | 'refund', paymentId: string, answer: () => Answer<T>): Promise<T> {
    const queue = this.failures[method];
    const index = queue.findIndex((failure) => failure.paymentId === undefined || failure.paymentId === paymentId);
    if (index >= 0) {
      const [failure] = queue.splice(index, 1);
      return Promise.reject(failure!.error);
    }
    const value = answer();
    return value instanceof ProviderError ? Promise.reject(value) : Promise.resolve(value);
  }

  query(payment: ProviderPayment): Promise<PaymentEvent | null> {
    this.calls.push({ method: 'query', paymentId: payment.id });
    return this.take('query', payment.id, () => {
      const trade = this.trades.get(payment.id);
      if (trade === 'paid')
        return { eventId: `query-${randomUUID()}`, paymentId: payment.id, outcome: 'paid', amount: payment.amount };
      if (trade === 'closed')
        return { eventId: `query-${randomUUID()}`, paymentId: payment.id, outcome: 'failed', amount: payment.amount };
      return null;
    });
  }

  /** Like a real provider: a paid trade cannot be closed. */
  close(payment: ProviderPayment): Promise<void> {
    this.calls.push({ method: 'close', paymentId: payment.id });
    return this.take('close', payment.id, () => {
      if (this.trades.get(payment.id) === 'paid') return new ProviderError('sandbox', 'trade already paid');
      this.trades.set(payment.id, 'closed');
      return undefined;
    });
  }

  refund(payment: ProviderPayment, refund: { id: string; amount: number; reason: string }): Promise<void> {
    this.calls.push({ method: 'refund', paymentId: payment.id, refundId: refund.id });
    return this.take('refund', payment.id, () => {
      if (!this.refunds.has(refund.id)) this.refunds.set(refund.id, { paymentId: payment.id, amount: refund.amount });
      return undefined;
    });
  }
}

export const SCRIPTED_SECRET = 'scripted-provider-secret-0123456789';
