import { createHmac, randomUUID } from 'node:crypto';
import { SmsDeliveryError, type SmsMessage, type SmsProvider, type SmsTemplate } from './sms-provider.js';

/**
 * Alibaba Cloud SMS (Dysmsapi 2017-05-25, `SendSms`) over its HTTP API, signed with the RPC
 * signature (decision 034 "SMS delivery and codes"): every parameter but `Signature`, sorted by name, percent-encoded
 * (RFC 3986) into a canonical query; the string to sign is `POST&%2F&` and that query encoded
 * once more; the signature is base64(HMAC-SHA1(secret + "&", string to sign)).
 */
export interface AliyunSmsSettings {
  accessKeyId: string;
  accessKeySecret: string;
  signName: string;
  templates: Record<SmsTemplate, string>;
  endpoint: string;
}

/** RFC 3986 encoding: encodeURIComponent leaves !'()* alone, the signature needs them encoded. */
export function percentEncode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

export function canonicalQuery(params: Record<string, string>): string {
  return Object.keys(params)
    .filter((key) => key !== 'Signature')
    .sort()
    .map((key) => `${percentEncode(key)}=${percentEncode(params[key] ?? '')}`)
    .join('&');
}

export function rpcSignature(method: string, params: Record<string, string>, secret: string): string {
  const stringToSign = `${method}&${percentEncode('/')}&${percentEncode(canonicalQuery(params))}`;
  return createHmac('sha1', `${secret}&`).update(stringToSign).digest('base64');
}

/** Provider answers that another try cannot fix: the message fails at once. */
const PERMANENT_CODES = new Set([
  'isv.MOBILE_NUMBER_ILLEGAL',
  'isv.MOBILE_COUNT_OVER_LIMIT',
  'isv.SMS_TEMPLATE_ILLEGAL',
  'isv.SMS_SIGNATURE_ILLEGAL',
  'isv.TEMPLATE_MISSING_PARAMETERS',
  'isv.INVALID_PARAMETERS',
  'isv.ACCOUNT_NOT_EXISTS',
  'isv.ACCOUNT_ABNORMAL',
  'isv.BLACK_KEY_CONTROL_LIMIT',
  'InvalidAccessKeyId.NotFound',
  'SignatureDoesNotMatch',
]);

/** Chinese mainland numbers go without the +86 the product may store. */
function providerNumber(recipient: string): string {
  return recipient.replace(/^\+86/, '').replace(/^\+/, '00');
}

export class AliyunSmsProvider implements SmsProvider {
  readonly name = 'aliyun';

  /** `now`: the wall clock; the provider refuses a timestamp far from its own. */
  constructor(
    private readonly settings: AliyunSmsSettings,
    private readonly now: () => number = Date.now,
  ) {}

  /** The signed form body of one SendSms request. */
  signedParams(message: SmsMessage): Record<string, string> {
    const params: Record<string, string> = {
      AccessKeyId: this.settings.accessKeyId,
      Action: 'SendSms',
      Format: 'JSON',
      RegionId: 'cn-hangzhou',
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: randomUUID(),
      SignatureVersion: '1.0',
      Timestamp: new Date(this.now()).toISOString().replace(/\.\d{3}Z$/, 'Z'),
      Version: '2017-05-25',
      PhoneNumbers: providerNumber(message.recipient),
      SignName: this.settings.signName,
      TemplateCode: this.settings.templates[message.template],
      TemplateParam: JSON.stringify(message.params),
    };
    params.Signature = rpcSignature('POST', params, this.settings.accessKeySecret);
    return params;
  }

  async send(message: SmsMessage, signal: AbortSignal): Promise<void> {
    const body = Object.entries(this.signedParams(message))
      .map(([key, value]) => `${percentEncode(key)}=${percentEncode(value)}`)
      .join('&');
    let response: Response;
    try {
      response = await fetch(new URL('/', this.settings.endpoint), {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body,
        signal,
      });
    } catch (cause) {
      if (signal.aborted) throw new SmsDeliveryError('aliyun: no answer before the timeout');
      throw new SmsDeliveryError(`aliyun: ${cause instanceof Error ? cause.message : String(cause)}`);
    }
    const text = await response.text();
    let answer: { Code?: unknown; Message?: unknown } = {};
    try {
      answer = JSON.parse(text) as typeof answer;
    } catch {
      // Not JSON: reported by the status below.
    }
    const code = typeof answer.Code === 'string' ? answer.Code : undefined;
    if (response.ok && code === 'OK') return;
    const detail = typeof answer.Message === 'string' ? answer.Message : text.slice(0, 200);
    const reason = code ? `aliyun ${code}: ${detail}` : `aliyun HTTP ${response.status}: ${detail}`;
    throw new SmsDeliveryError(reason, code !== undefined && PERMANENT_CODES.has(code));
  }
}
