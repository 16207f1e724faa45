import type { IncomingHttpHeaders } from 'node:http';
import type { AlipaySdk, AlipaySdkCommonResult } from 'alipay-sdk';
import type { PaymentsSettings } from './payments.settings.js';
import { MINUTE_MS, type Clock } from '../../lib/clock.js';
import { ProviderError, type PaymentEvent, type PaymentProvider, type ProviderPayment } from './payment-provider.js';

/**
 * A notification whose notify_time is further than this from our clock is refused (decision 036 "Alipay as a payment
 * provider").
 */
export const ALIPAY_NOTIFY_TOLERANCE_MS = 10 * MINUTE_MS;
/** What the payer sees on Alipay's page as the trade's title. */
export const ALIPAY_SUBJECT = 'Stride member card';
/** The path of the asynchronous notification under PUBLIC_URL (registerPaymentCallbacks). */
export const ALIPAY_NOTIFY_PATH = '/api/pay/callback/alipay';
/** Where the payer's tab goes back to after Alipay's page: the app's membership orders. */
export const ALIPAY_RETURN_ROUTE = '/#/pages-sub/order/member';

const BEIJING_OFFSET_MS = 8 * 60 * MINUTE_MS;
const SUCCESS = '10000';
const TRADE_NOT_EXIST = 'ACQ.TRADE_NOT_EXIST';

/** Alipay's times are Beijing time (UTC+8), `yyyy-MM-dd HH:mm:ss`, whatever the server's zone. */
export function alipayTime(ms: number): string {
  return new Date(ms + BEIJING_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
}

/** The instant of an Alipay time; null when it is not one. */
export function parseAlipayTime(text: string | undefined): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(text ?? '');
  if (!match) return null;
  const [, y, mo, d, h, mi, s] = match.map(Number) as [number, number, number, number, number, number, number];
  const ms = Date.UTC(y, mo - 1, d, h, mi, s);
  // Date.UTC rolls 2026-02-31 over into March: such a time is not one Alipay writes.
  return alipayTime(ms - BEIJING_OFFSET_MS) === text ? ms - BEIJING_OFFSET_MS : null;
}

/** Minor units as Alipay's yuan amount: 9900 → "99.00" (integers only, never a float). */
export function formatAlipayAmount(minor: number): string {
  if (!Number.isSafeInteger(minor) || minor < 0) throw new RangeError(`not an amount in minor units: ${minor}`);
  return `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;
}

/** Alipay's yuan amount as minor units, read from the digits: "99.00" → 9900; null when malformed. */
export function parseAlipayAmount(text: string | undefined): number | null {
  const match = /^(0|[1-9]\d{0,11})(?:\.(\d{1,2}))?$/.exec(text ?? '');
  if (!match) return null;
  const [, yuan = '0', fraction = ''] = match;
  return Number(yuan) * 100 + Number(fraction.padEnd(2, '0'));
}

/**
 * Our payment ids are UUIDs; Alipay's out_trade_no allows letters, digits and underscores only,
 * so the hyphens are left out and put back when Alipay names the trade.
 */
export function toOutTradeNo(paymentId: string): string {
  return paymentId.replace(/-/g, '');
}

export function fromOutTradeNo(outTradeNo: string | undefined): string | null {
  const match = /^([0-9a-f]{8})([0-9a-f]{4})([0-9a-f]{4})([0-9a-f]{4})([0-9a-f]{12})$/.exec(outTradeNo ?? '');
  return match ? match.slice(1).join('-') : null;
}

type AlipaySettings = NonNullable<PaymentsSettings['payments']['alipay']>;

/**
 * Alipay's mobile web pay (`alipay.trade.wap.pay`) through its official SDK (decision 036 "Alipay as a payment
 * provider"). Every request is signed with our RSA2 key; every answer and notification must carry Alipay's RSA2
 * signature, our app id and a trade number of our shape, or it is refused.
 */
export class AlipayProvider implements PaymentProvider {
  readonly name = 'alipay';
  /**
   * Resolves once the SDK is loaded. It is imported only when Alipay is the provider (its HTTP
   * client costs about 0.3 s of start-up); the app waits for it before it listens.
   */
  readonly ready: Promise<void>;
  private sdk: AlipaySdk | null = null;

  constructor(
    private readonly settings: AlipaySettings,
    private readonly clock: Clock,
  ) {
    this.ready = import('alipay-sdk').then((alipaySdk) => {
      this.sdk = new alipaySdk.AlipaySdk({
        appId: settings.appId,
        privateKey: settings.privateKey,
        keyType: 'PKCS8',
        alipayPublicKey: settings.publicKey,
        signType: 'RSA2',
        gateway: settings.gateway,
        timeout: settings.timeoutMs,
        camelcase: false,
      });
    });
    // Whoever needs the SDK awaits `ready` and sees a failure there.
    this.ready.catch(() => undefined);
  }

  private async client(): Promise<AlipaySdk> {
    try {
      await this.ready;
    } catch (error) {
      throw new ProviderError(this.name, 'the Alipay SDK could not be loaded', { cause: error });
    }
    if (!this.sdk) throw new ProviderError(this.name, 'the Alipay SDK is not loaded');
    return this.sdk;
  }

  /**
   * A signed link to Alipay's mobile pay page; nothing leaves this server until the payer opens
   * it. The trade expires with our payment (`time_expire`).
   */
  async checkoutUrl(payment: { id: string; amount: number; expiresAt: number }, baseUrl: string): Promise<string> {
    const sdk = await this.client();
    const returnUrl = `${baseUrl}${ALIPAY_RETURN_ROUTE}`;
    try {
      return sdk.pageExecute('alipay.trade.wap.pay', 'GET', {
        bizContent: {
          out_trade_no: toOutTradeNo(payment.id),
          total_amount: formatAlipayAmount(payment.amount),
          subject: ALIPAY_SUBJECT,
          product_code: 'QUICK_WAP_WAY',
          time_expire: alipayTime(payment.expiresAt),
          quit_url: returnUrl,
        },
        notifyUrl: `${baseUrl}${ALIPAY_NOTIFY_PATH}`,
        returnUrl,
        // The SDK would write the server's local time; Alipay reads Beijing time.
        timestamp: alipayTime(this.clock.now()),
      });
    } catch (error) {
      throw new ProviderError(this.name, 'the pay link could not be signed', { cause: error });
    }
  }

  /**
   * The asynchronous notification (a urlencoded form): Alipay's RSA2 signature over every other
   * field, our app id, a notify_time within the tolerance, a trade number of our shape and an
   * exact amount. TRADE_SUCCESS and TRADE_FINISHED report a payment, TRADE_CLOSED a failure.
   */
  parseCallback(rawBody: Buffer, _headers: IncomingHttpHeaders, now: number): PaymentEvent | null {
    const form = new URLSearchParams(rawBody.toString('utf8'));
    const fields: Record<string, string> = {};
    for (const [key, value] of form) {
      // A field sent twice could be read one way here and another way by the signature check.
      if (Object.hasOwn(fields, key)) return null;
      fields[key] = value;
    }
    if (fields.sign_type !== 'RSA2' || !fields.sign) return null;
    // Before the SDK is loaded (the first moments of start-up) Alipay is told to send it again.
    if (!this.sdk?.checkNotifySignV2(fields)) return null;
    if (fields.app_id !== this.settings.appId) return null;
    const sentAt = parseAlipayTime(fields.notify_time);
    if (sentAt === null || Math.abs(now - sentAt) > ALIPAY_NOTIFY_TOLERANCE_MS) return null;
    const paymentId = fromOutTradeNo(fields.out_trade_no);
    const amount = parseAlipayAmount(fields.total_amount);
    const eventId = fields.notify_id ?? '';
    if (!paymentId || amount === null || eventId.length < 8 || eventId.length > 128) return null;
    const outcome = tradeOutcome(fields.trade_status);
    return outcome ? { eventId, paymentId, outcome, amount } : null;
  }

  /** Alipay reads the body: `success` stops its retries, anything else has it send again later. */
  acknowledge(accepted: boolean) {
    return accepted ? { status: 200, body: 'success' } : { status: 400, body: 'fail' };
  }

  /** `alipay.trade.query`: paid or closed from a verified answer; null while open or unknown to Alipay. */
  async query(payment: ProviderPayment): Promise<PaymentEvent | null> {
    const outTradeNo = toOutTradeNo(payment.id);
    const answer = await this.call('alipay.trade.query', { out_trade_no: outTradeNo });
    if (isTradeNotExist(answer)) return null;
    this.expectSuccess('alipay.trade.query', answer, outTradeNo);
    const status = String(answer.trade_status);
    if (status === 'WAIT_BUYER_PAY') return null;
    const outcome = tradeOutcome(status);
    const amount = parseAlipayAmount(answer.total_amount as string | undefined);
    if (!outcome || amount === null) {
      throw new ProviderError(this.name, `alipay.trade.query answered an unknown trade state ${status}`);
    }
    const tradeNo = typeof answer.trade_no === 'string' && answer.trade_no ? answer.trade_no : outTradeNo;
    // One event per trade and outcome: asking again finds the same event, applied once.
    return { eventId: `query:${tradeNo}:${outcome}`, paymentId: payment.id, outcome, amount };
  }

  /**
   * `alipay.trade.close`. A trade Alipay never opened (the payer never opened the page) counts
   * as closed, and so does one already closed; a paid trade cannot be closed and is an error.
   */
  async close(payment: ProviderPayment): Promise<void> {
    const outTradeNo = toOutTradeNo(payment.id);
    const answer = await this.call('alipay.trade.close', { out_trade_no: outTradeNo });
    if (isTradeNotExist(answer)) return;
    if (answer.code === SUCCESS) {
      this.expectSuccess('alipay.trade.close', answer, outTradeNo);
      return;
    }
    const state = await this.query(payment);
    if (state?.outcome === 'failed') return;
    throw new ProviderError(this.name, `alipay.trade.close was refused: ${describe(answer)}`);
  }

  /**
   * `alipay.trade.refund` with out_request_no = the refund's id: Alipay refunds one request number
   * once, so sending it again answers the same refund without paying twice.
   */
  async refund(payment: ProviderPayment, refund: { id: string; amount: number; reason: string }): Promise<void> {
    const outTradeNo = toOutTradeNo(payment.id);
    const answer = await this.call('alipay.trade.refund', {
      out_trade_no: outTradeNo,
      refund_amount: formatAlipayAmount(refund.amount),
      out_request_no: refund.id,
      refund_reason: refund.reason.slice(0, 256),
    });
    this.expectSuccess('alipay.trade.refund', answer, outTradeNo);
    // refund_fee is everything refunded on the trade so far: it covers this refund or it failed.
    const refunded = parseAlipayAmount(answer.refund_fee as string | undefined);
    if (refunded === null || refunded < refund.amount) {
      throw new ProviderError(this.name, `alipay.trade.refund answered refund_fee ${String(answer.refund_fee)}`);
    }
  }

  /** One signed call whose answer's RSA2 signature the SDK checks; anything else is a ProviderError. */
  private async call(method: string, bizContent: Record<string, string>): Promise<AlipaySdkCommonResult> {
    const sdk = await this.client();
    try {
      return await sdk.exec(method, { bizContent, timestamp: alipayTime(this.clock.now()) }, { validateSign: true });
    } catch (error) {
      throw new ProviderError(this.name, `${method} got no trustworthy answer`, { cause: error });
    }
  }

  private expectSuccess(method: string, answer: AlipaySdkCommonResult, outTradeNo: string): void {
    if (answer.code !== SUCCESS) throw new ProviderError(this.name, `${method} was refused: ${describe(answer)}`);
    if (answer.out_trade_no !== outTradeNo) {
      throw new ProviderError(this.name, `${method} answered about another trade`);
    }
  }
}

function tradeOutcome(status: string | undefined): PaymentEvent['outcome'] | null {
  if (status === 'TRADE_SUCCESS' || status === 'TRADE_FINISHED') return 'paid';
  if (status === 'TRADE_CLOSED') return 'failed';
  return null;
}

function isTradeNotExist(answer: AlipaySdkCommonResult): boolean {
  return answer.code === '40004' && answer.sub_code === TRADE_NOT_EXIST;
}

function describe(answer: AlipaySdkCommonResult): string {
  return [answer.code, answer.msg, answer.sub_code, answer.sub_msg].filter(Boolean).join(' ');
}
