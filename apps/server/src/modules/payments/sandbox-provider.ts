import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { Language } from '@stride/contract';
import { z } from 'zod';
import { MINUTE_MS } from '../../lib/clock.js';
import type { PaymentEvent, PaymentProvider } from './payment-provider.js';

export const SANDBOX_TIMESTAMP_HEADER = 'x-sandbox-timestamp';
export const SANDBOX_SIGNATURE_HEADER = 'x-sandbox-signature';
export const SANDBOX_TOLERANCE_MS = 5 * MINUTE_MS;

const EventSchema = z.strictObject({
  eventId: z.string().min(8).max(128),
  paymentId: z.string().min(1).max(64),
  outcome: z.enum(['paid', 'failed']),
  amount: z.number().int().min(0),
});

/** HMAC-SHA256 over `timestamp.body`, hex: what the sandbox sends and what we check. */
export function signSandboxCallback(secret: string, timestamp: number, body: string | Buffer): string {
  return createHmac('sha256', secret).update(`${timestamp}.`).update(body).digest('hex');
}

/** Headers and body of a signed callback, as the sandbox provider posts it. */
export function sandboxCallback(secret: string, event: PaymentEvent, timestamp: number) {
  const body = JSON.stringify(event);
  return {
    body,
    headers: {
      'content-type': 'application/json',
      [SANDBOX_TIMESTAMP_HEADER]: String(timestamp),
      [SANDBOX_SIGNATURE_HEADER]: signSandboxCallback(secret, timestamp, body),
    },
  };
}

/**
 * The signature of a pay link: HMAC-SHA256 over the payment id and the link's expiry, under a
 * label of its own so it can never stand for a callback signature.
 */
export function signCheckoutLink(secret: string, paymentId: string, expires: number): string {
  return createHmac('sha256', secret).update(`checkout-link.${expires}.${paymentId}`).digest('base64url');
}

/** A pay link is good only with the right signature and before its expiry. */
export function checkCheckoutLink(
  secret: string,
  paymentId: string,
  query: { expires?: unknown; sig?: unknown },
  now: number,
): boolean {
  const expires = Number(query.expires);
  if (typeof query.sig !== 'string' || typeof query.expires !== 'string' || !Number.isSafeInteger(expires)) {
    return false;
  }
  if (expires <= now) return false;
  const expected = Buffer.from(signCheckoutLink(secret, paymentId, expires), 'utf8');
  const given = Buffer.from(query.sig, 'utf8');
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** The built-in provider of demo mode and tests: its checkout is a page of this server. */
export class SandboxProvider implements PaymentProvider {
  readonly name = 'sandbox';

  constructor(private readonly secret: string) {}

  /**
   * The page has no login (like a provider's): the signed link is what lets its holder pay. It
   * names the app's language (`lang`), which the page speaks (decision 084 "Content per language"); the language is not
   * signed, since it changes only the words shown.
   */
  checkoutUrl(
    payment: { id: string; expiresAt: number; language?: Language | undefined },
    baseUrl: string,
  ): Promise<string> {
    const expires = payment.expiresAt;
    const sig = signCheckoutLink(this.secret, payment.id, expires);
    const lang = payment.language ? `&lang=${encodeURIComponent(payment.language)}` : '';
    return Promise.resolve(
      `${baseUrl}/sandbox/pay/${encodeURIComponent(payment.id)}?expires=${expires}&sig=${sig}${lang}`,
    );
  }

  parseCallback(rawBody: Buffer, headers: IncomingHttpHeaders, now: number): PaymentEvent | null {
    const timestamp = Number(headers[SANDBOX_TIMESTAMP_HEADER]);
    const signature = headers[SANDBOX_SIGNATURE_HEADER];
    if (!Number.isSafeInteger(timestamp) || typeof signature !== 'string') return null;
    if (Math.abs(now - timestamp) > SANDBOX_TOLERANCE_MS) return null;
    const expected = Buffer.from(signSandboxCallback(this.secret, timestamp, rawBody), 'utf8');
    const given = Buffer.from(signature, 'utf8');
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
    try {
      const parsed = EventSchema.safeParse(JSON.parse(rawBody.toString('utf8')));
      return parsed.success ? parsed.data : null;
    } catch {
      return null;
    }
  }

  /** The sandbox keeps no trades of its own: its callback is the only news of a payment. */
  query(): Promise<PaymentEvent | null> {
    return Promise.resolve(null);
  }

  /** Its pay page reads the payment from this server, so a closed payment can no longer be paid. */
  close(): Promise<void> {
    return Promise.resolve();
  }

  /** No real money moved through the sandbox, so there is none to send back. */
  refund(): Promise<void> {
    return Promise.resolve();
  }

  acknowledge(accepted: boolean) {
    return accepted ? { status: 200, body: { received: true } } : { status: 400, body: { error: 'invalid callback' } };
  }
}
