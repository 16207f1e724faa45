import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';

/**
 * A local stand-in for Alibaba Cloud SMS (Dysmsapi `SendSms`, RPC style) for tests, journeys and a
 * person trying the product: it checks each request's signature with the secret it was given
 * (HMAC-SHA1 over the percent-encoded canonical query, as the provider documents it), refuses a
 * reused nonce or a stale timestamp, records what it received, and can be told to fail.
 */

export interface ReceivedSms {
  params: Record<string, string>;
  /** The signature matched and the common parameters were right. */
  verified: boolean;
  phone: string;
  templateCode: string;
  templateParam: Record<string, string>;
  /** What the fake answered: `OK`, a provider error code, `HTTP 500` or `hang`. */
  answer: string;
}

/** A failure for the next request(s): a provider error code, an HTTP 500, or no answer at all. */
export type FakeSmsFailure = { kind: 'code'; code: string; message?: string } | { kind: 'http500' } | { kind: 'hang' };

export interface FakeAliyunSms {
  url: string;
  accessKeyId: string;
  accessKeySecret: string;
  received: ReceivedSms[];
  /** The next `times` requests fail this way (after their signature is checked and recorded). */
  failNext(failure: FakeSmsFailure, times?: number): void;
  /** The environment that points the server at this fake. */
  env(): Record<string, string>;
  close(): Promise<void>;
}

/** RFC 3986, written here again on purpose: the fake must not trust the server's encoder. */
function encode(value: string): string {
  return encodeURIComponent(value)
    .replace(/!/g, '%21')
    .replace(/'/g, '%27')
    .replace(/\(/g, '%28')
    .replace(/\)/g, '%29')
    .replace(/\*/g, '%2A');
}

function expectedSignature(method: string, params: Record<string, string>, secret: string): string {
  const canonical = Object.keys(params)
    .filter((key) => key !== 'Signature')
    .sort()
    .map((key) => `${encode(key)}=${encode(params[key] ?? '')}`)
    .join('&');
  const stringToSign = `${method}&${encode('/')}&${encode(canonical)}`;
  return createHmac('sha1', `${secret}&`).update(stringToSign, 'utf8').digest('base64');
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const STALE_MS = 15 * 60 * 1000;

export async function startAliyunSmsFake(
  options: { port?: number; accessKeyId?: string; accessKeySecret?: string } = {},
): Promise<FakeAliyunSms> {
  const accessKeyId = options.accessKeyId ?? 'LTAI-fake-key-id';
  const accessKeySecret = options.accessKeySecret ?? `fake-secret-${randomUUID()}`;
  const received: ReceivedSms[] = [];
  const failures: FakeSmsFailure[] = [];
  const nonces = new Set<string>();
  const hanging = new Set<ServerResponse>();

  const answer = (response: ServerResponse, status: number, body: Record<string, string>) => {
    response.writeHead(status, { 'content-type': 'application/json;charset=utf-8' });
    response.end(JSON.stringify({ RequestId: randomUUID(), ...body }));
  };

  const server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://fake');
      const method = request.method ?? 'GET';
      const form = method === 'POST' ? new URLSearchParams(await readBody(request)) : url.searchParams;
      const params = Object.fromEntries(form.entries());
      const problem = (() => {
        if (params.AccessKeyId !== accessKeyId)
          return ['InvalidAccessKeyId.NotFound', 'Specified access key is not found.'];
        if (params.SignatureMethod !== 'HMAC-SHA1' || params.SignatureVersion !== '1.0') {
          return ['InvalidParameter', 'SignatureMethod must be HMAC-SHA1 and SignatureVersion 1.0.'];
        }
        const signature = params.Signature ?? '';
        if (!sameText(signature, expectedSignature(method, params, accessKeySecret))) {
          return ['SignatureDoesNotMatch', 'Specified signature is not matched with our calculation.'];
        }
        const at = Date.parse(params.Timestamp ?? '');
        if (!/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/.test(params.Timestamp ?? '') || Math.abs(Date.now() - at) > STALE_MS) {
          return ['InvalidTimeStamp.Expired', 'Specified time stamp or date value is expired.'];
        }
        const nonce = params.SignatureNonce ?? '';
        if (!nonce || nonces.has(nonce)) return ['SignatureNonceUsed', 'Specified signature nonce was used already.'];
        nonces.add(nonce);
        if (params.Action !== 'SendSms' || params.Version !== '2017-05-25') {
          return ['InvalidAction.NotFound', 'Specified api is not found, please check your url and method.'];
        }
        if (!params.PhoneNumbers || !params.SignName || !params.TemplateCode) {
          return ['isv.INVALID_PARAMETERS', 'PhoneNumbers, SignName and TemplateCode are required.'];
        }
        return undefined;
      })();
      let templateParam: Record<string, string> = {};
      try {
        templateParam = JSON.parse(params.TemplateParam ?? '{}') as Record<string, string>;
      } catch {
        templateParam = {};
      }
      const record: ReceivedSms = {
        params,
        verified: problem === undefined,
        phone: params.PhoneNumbers ?? '',
        templateCode: params.TemplateCode ?? '',
        templateParam,
        answer: '',
      };
      received.push(record);
      if (problem) {
        record.answer = problem[0] ?? '';
        answer(response, 400, { Code: problem[0] ?? '', Message: problem[1] ?? '' });
        return;
      }
      const failure = failures.shift();
      if (failure?.kind === 'hang') {
        record.answer = 'hang';
        hanging.add(response);
        response.on('close', () => hanging.delete(response));
        return;
      }
      if (failure?.kind === 'http500') {
        record.answer = 'HTTP 500';
        response.writeHead(500, { 'content-type': 'text/plain' });
        response.end('Internal Server Error');
        return;
      }
      if (failure?.kind === 'code') {
        record.answer = failure.code;
        answer(response, 200, { Code: failure.code, Message: failure.message ?? failure.code });
        return;
      }
      record.answer = 'OK';
      answer(response, 200, { Code: 'OK', Message: 'OK', BizId: `${Date.now()}^0` });
    })().catch((error: unknown) => {
      response.writeHead(500);
      response.end(String(error));
    });
  });

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    accessKeyId,
    accessKeySecret,
    received,
    failNext(failure, times = 1) {
      for (let i = 0; i < times; i += 1) failures.push(failure);
    },
    env: () => ({
      SMS_PROVIDER: 'aliyun',
      ALIYUN_SMS_ACCESS_KEY_ID: accessKeyId,
      ALIYUN_SMS_ACCESS_KEY_SECRET: accessKeySecret,
      ALIYUN_SMS_SIGN_NAME: 'Stride',
      ALIYUN_SMS_TEMPLATE_REGISTER: 'SMS_000001',
      ALIYUN_SMS_TEMPLATE_RESET: 'SMS_000002',
      ALIYUN_SMS_TEMPLATE_PAYMENT: 'SMS_000003',
      ALIYUN_SMS_ENDPOINT: url,
    }),
    close: () =>
      new Promise<void>((resolve) => {
        for (const response of hanging) response.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

// `node --import tsx apps/server/fakes/aliyun-sms.ts`: a fake a person can point a server at.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const fake = await startAliyunSmsFake({
    port: Number(process.env.PORT ?? 0),
    ...(process.env.ALIYUN_SMS_ACCESS_KEY_SECRET ? { accessKeySecret: process.env.ALIYUN_SMS_ACCESS_KEY_SECRET } : {}),
  });
  const lines = Object.entries(fake.env()).map(([key, value]) => `${key}=${value}`);
  process.stdout.write(`Fake Alibaba Cloud SMS at ${fake.url}. Start the server with:\n${lines.join('\n')}\n`);
  setInterval(() => {
    const last = fake.received.shift();
    if (last)
      process.stdout.write(
        `SMS to ${last.phone} (${last.templateCode}): ${JSON.stringify(last.templateParam)} → ${last.answer}\n`,
      );
  }, 500);
}
