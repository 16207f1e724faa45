/**
 * A local stand-in for Alipay's open API gateway (`/gateway.do`, the v2 protocol), for tests,
 * journeys and trying the product without an Alipay account. It knows one app: it checks the
 * app's RSA2 request signatures with the app's public key, keeps trades in memory, answers
 * `alipay.trade.query`, `.close` and `.refund` signed with its own key the way Alipay does, serves
 * the mobile pay page of `alipay.trade.wap.pay` (Pay and Cancel), and on Pay or Cancel posts a
 * signed asynchronous notification to the trade's notify_url. Controls let a test drop, hold or
 * double the notification, or have the API answer with an error or not at all.
 *
 * Written from Alipay's published protocol, not from the server's code, so the two check each
 * other. Run it directly to try the product against it (see the end of the file).
 */
import {
  createPrivateKey,
  createPublicKey,
  createSign,
  createVerify,
  generateKeyPairSync,
  randomBytes,
  type KeyObject,
} from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { mkdtempSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export type TradeStatus = 'WAIT_BUYER_PAY' | 'TRADE_SUCCESS' | 'TRADE_CLOSED' | 'TRADE_FINISHED';

export interface FakeTrade {
  outTradeNo: string;
  tradeNo: string;
  /** Yuan, as the app sent it ("99.00"). */
  totalAmount: string;
  subject: string;
  status: TradeStatus;
  notifyUrl: string;
  returnUrl: string;
  /** Epoch ms; null when the app set none. */
  expiresAt: number | null;
  createdAt: number;
  paidAt: number | null;
  /** Refunds by out_request_no, in fen. */
  refunds: Map<string, number>;
}

/** An API call whose signature checked out. */
export interface FakeCall {
  method: string;
  appId: string;
  signType: string;
  bizContent: Record<string, unknown>;
}

export interface FakeNotification {
  url: string;
  fields: Record<string, string>;
  body: string;
  /** The merchant's answer; null while held or dropped. */
  answer: { status: number; body: string } | null;
}

/** How the fake behaves now; change it with `behave`. */
export interface Behaviour {
  /** `drop`: never sent; `hold`: kept until `releaseHeld()`; `twice`: the same one sent twice. */
  notify: 'send' | 'drop' | 'hold' | 'twice';
  /** Added to notify_time (a negative value makes it old). */
  notifyTimeOffsetMs: number;
  /** `error`: a signed system error; `hang`: no answer at all; `badSign`: a signature by another key; `unsigned`: none. */
  api: 'answer' | 'error' | 'hang' | 'badSign' | 'unsigned';
}

export interface AlipayGatewayOptions {
  port?: number;
  host?: string;
  /** The one app the gateway knows. */
  appId: string;
  /** The app's public key (PEM): requests must be signed with its private key. */
  appPublicKey: string | KeyObject;
  /** The gateway's own private key (PEM); a fresh 2048-bit key when absent. */
  privateKey?: string | KeyObject;
  /** The gateway's clock (notify_time, trade times, expiry); Date.now when absent. */
  now?: () => number;
  /** Delivers a notification; a real HTTP POST when absent (tests may route it in-process). */
  post?: (url: string, body: string, headers: Record<string, string>) => Promise<{ status: number; body: string }>;
}

export interface AlipayGateway {
  /** The origin, e.g. http://127.0.0.1:41234. */
  url: string;
  /** What ALIPAY_GATEWAY is set to. */
  gatewayUrl: string;
  /** The gateway's public key, PEM: what ALIPAY_PUBLIC_KEY is set to. */
  publicKey: string;
  trades: Map<string, FakeTrade>;
  /** Verified API calls, oldest first. */
  calls: FakeCall[];
  /** Requests refused for their signature, app id or time. */
  refused: { method: string; subCode: string }[];
  notifications: FakeNotification[];
  behave(change: Partial<Behaviour>): void;
  /** Pays a trade as the Pay button does (the payer opened the page first). */
  pay(outTradeNo: string): Promise<void>;
  /** Sends the held notifications now. */
  releaseHeld(): Promise<void>;
  /**
   * A notification about a trade (TRADE_SUCCESS unless `status` says otherwise), signed with the
   * gateway's key unless `signWith` says otherwise; `fields` replace fields before signing.
   */
  notification(
    outTradeNo: string,
    options?: { fields?: Record<string, string>; signWith?: KeyObject; status?: TradeStatus },
  ): { body: string; fields: Record<string, string> };
  close(): Promise<void>;
}

const BEIJING_MS = 8 * 3_600_000;

/** Alipay's times: Beijing time, `yyyy-MM-dd HH:mm:ss`. */
export function beijingTime(ms: number): string {
  return new Date(ms + BEIJING_MS).toISOString().slice(0, 19).replace('T', ' ');
}

function parseBeijingTime(text: string | undefined): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(text ?? '');
  if (!match) return null;
  const [y = 0, mo = 1, d = 1, h = 0, mi = 0, s = 0] = match.slice(1).map(Number);
  return Date.UTC(y, mo - 1, d, h, mi, s) - BEIJING_MS;
}

/** Yuan with at most two decimals to fen, by its digits. */
function fen(text: string | undefined): number | null {
  const match = /^(0|[1-9]\d*)(?:\.(\d{1,2}))?$/.exec(text ?? '');
  return match ? Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0')) : null;
}

const yuan = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

/** Alipay's signing string: every field but `sign` (and, for notifications, `sign_type`), sorted, `k=v&…`. */
function signingString(fields: Record<string, string>, without: string[]): string {
  return Object.keys(fields)
    .filter((key) => !without.includes(key) && fields[key] !== '')
    .sort()
    .map((key) => `${key}=${fields[key]}`)
    .join('&');
}

const rsa2 = (text: string, key: KeyObject) => createSign('RSA-SHA256').update(text, 'utf8').sign(key, 'base64');

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title><style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem}button{font-size:1.1rem;padding:.6rem 1.4rem;margin:.3rem}.fake{background:#e6f4ff;padding:.5rem;border-radius:4px}</style></head><body><p class="fake">Local Alipay gateway (a fake): no real money moves.</p>${body}</body></html>`;
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > 1024 * 1024) request.destroy(new Error('body too large'));
      else chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

async function postOverHttp(url: string, body: string, headers: Record<string, string>) {
  const response = await fetch(url, { method: 'POST', headers, body, signal: AbortSignal.timeout(10_000) });
  return { status: response.status, body: await response.text() };
}

export async function startAlipayGateway(options: AlipayGatewayOptions): Promise<AlipayGateway> {
  const now = options.now ?? Date.now;
  const appKey =
    typeof options.appPublicKey === 'string' ? createPublicKey(options.appPublicKey) : options.appPublicKey;
  const ownKey = options.privateKey
    ? typeof options.privateKey === 'string'
      ? createPrivateKey(options.privateKey)
      : options.privateKey
    : generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
  const publicKey = createPublicKey(ownKey).export({ format: 'pem', type: 'spki' }).toString();
  const strangerKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
  const post = options.post ?? postOverHttp;

  const trades = new Map<string, FakeTrade>();
  const calls: FakeCall[] = [];
  const refused: AlipayGateway['refused'] = [];
  const notifications: FakeNotification[] = [];
  const held: FakeNotification[] = [];
  const behaviour: Behaviour = { notify: 'send', notifyTimeOffsetMs: 0, api: 'answer' };
  let tradeCounter = 0;

  const verifyRequest = (fields: Record<string, string>): boolean => {
    if (fields.sign_type !== 'RSA2' || !fields.sign) return false;
    try {
      return createVerify('RSA-SHA256')
        .update(signingString(fields, ['sign']), 'utf8')
        .verify(appKey, fields.sign, 'base64');
    } catch {
      return false;
    }
  };

  const notification: AlipayGateway['notification'] = (outTradeNo, extra = {}) => {
    const trade = trades.get(outTradeNo);
    const status = extra.status ?? 'TRADE_SUCCESS';
    const amount = trade?.totalAmount ?? '0.01';
    const fields: Record<string, string> = {
      notify_time: beijingTime(now() + behaviour.notifyTimeOffsetMs),
      notify_type: 'trade_status_sync',
      notify_id: `${Date.now()}${randomBytes(12).toString('hex')}`,
      app_id: options.appId,
      auth_app_id: options.appId,
      charset: 'utf-8',
      version: '1.0',
      sign_type: 'RSA2',
      trade_no: trade?.tradeNo ?? `2026${randomBytes(10).toString('hex')}`,
      out_trade_no: outTradeNo,
      buyer_id: '2088102177846880',
      buyer_logon_id: 'wal***@example.com',
      seller_id: '2088101117955611',
      trade_status: status,
      total_amount: amount,
      receipt_amount: amount,
      invoice_amount: amount,
      buyer_pay_amount: amount,
      point_amount: '0.00',
      subject: trade?.subject ?? 'order',
      gmt_create: beijingTime(trade?.createdAt ?? now()),
      fund_bill_list: JSON.stringify([{ amount, fundChannel: 'ALIPAYACCOUNT' }]),
      ...(trade?.paidAt ? { gmt_payment: beijingTime(trade.paidAt) } : {}),
      ...(status === 'TRADE_CLOSED' ? { gmt_close: beijingTime(now()) } : {}),
      ...extra.fields,
    };
    fields.sign = rsa2(signingString(fields, ['sign', 'sign_type']), extra.signWith ?? ownKey);
    return { fields, body: new URLSearchParams(fields).toString() };
  };

  const deliver = async (note: FakeNotification) => {
    note.answer = await post(note.url, note.body, {
      'content-type': 'application/x-www-form-urlencoded; charset=utf-8',
    });
  };

  /** What happens to the notification of a trade's new state, by the current behaviour. */
  const notify = async (trade: FakeTrade) => {
    if (!trade.notifyUrl) return;
    const { fields, body } = notification(trade.outTradeNo, { status: trade.status });
    const note: FakeNotification = { url: trade.notifyUrl, fields, body, answer: null };
    notifications.push(note);
    if (behaviour.notify === 'drop') return;
    if (behaviour.notify === 'hold') {
      held.push(note);
      return;
    }
    await deliver(note);
    if (behaviour.notify === 'twice') {
      const again: FakeNotification = { ...note, answer: null };
      notifications.push(again);
      await deliver(again);
    }
  };

  const expire = (trade: FakeTrade) => {
    if (trade.status === 'WAIT_BUYER_PAY' && trade.expiresAt !== null && trade.expiresAt <= now()) {
      trade.status = 'TRADE_CLOSED';
    }
  };

  const pay = async (outTradeNo: string) => {
    const trade = trades.get(outTradeNo);
    if (!trade) throw new Error(`no trade ${outTradeNo}`);
    expire(trade);
    if (trade.status !== 'WAIT_BUYER_PAY') throw new Error(`trade ${outTradeNo} is ${trade.status}`);
    trade.status = 'TRADE_SUCCESS';
    trade.paidAt = now();
    await notify(trade);
  };

  // --- The API (`alipay.trade.*`): answers are `{"<method>_response":{…},"sign":"…"}`. ---

  type Answer = Record<string, string>;
  const NOT_EXIST: Answer = {
    code: '40004',
    msg: 'Business Failed',
    sub_code: 'ACQ.TRADE_NOT_EXIST',
    sub_msg: '交易不存在',
  };
  const failed = (subCode: string, subMsg: string): Answer => ({
    code: '40004',
    msg: 'Business Failed',
    sub_code: subCode,
    sub_msg: subMsg,
  });

  const tradeAnswer = (trade: FakeTrade): Answer => ({
    code: '10000',
    msg: 'Success',
    trade_no: trade.tradeNo,
    out_trade_no: trade.outTradeNo,
  });

  const handlers: Record<string, (biz: Record<string, unknown>) => Answer> = {
    'alipay.trade.query': (biz) => {
      const trade = trades.get(String(biz.out_trade_no));
      if (!trade) return NOT_EXIST;
      expire(trade);
      return {
        ...tradeAnswer(trade),
        buyer_logon_id: 'wal***@example.com',
        trade_status: trade.status,
        total_amount: trade.totalAmount,
        ...(trade.paidAt ? { send_pay_date: beijingTime(trade.paidAt) } : {}),
      };
    },
    'alipay.trade.close': (biz) => {
      const trade = trades.get(String(biz.out_trade_no));
      if (!trade) return NOT_EXIST;
      expire(trade);
      if (trade.status !== 'WAIT_BUYER_PAY') return failed('ACQ.TRADE_STATUS_ERROR', '交易状态不合法');
      trade.status = 'TRADE_CLOSED';
      return tradeAnswer(trade);
    },
    'alipay.trade.refund': (biz) => {
      const trade = trades.get(String(biz.out_trade_no));
      if (!trade) return NOT_EXIST;
      const requestNo = String(biz.out_request_no ?? biz.out_trade_no);
      const amount = fen(String(biz.refund_amount));
      const total = fen(trade.totalAmount) ?? 0;
      const refunded = () => [...trade.refunds.values()].reduce((sum, value) => sum + value, 0);
      const done = (fundChange: 'Y' | 'N'): Answer => ({
        ...tradeAnswer(trade),
        buyer_logon_id: 'wal***@example.com',
        fund_change: fundChange,
        refund_fee: yuan(refunded()),
      });
      const earlier = trade.refunds.get(requestNo);
      if (earlier !== undefined) {
        // One out_request_no is one refund: asking again answers it without paying again.
        return earlier === amount ? done('N') : failed('ACQ.REQUEST_AMOUNT_EXCEED', '请求退款金额与原请求不一致');
      }
      if (trade.status !== 'TRADE_SUCCESS') return failed('ACQ.TRADE_STATUS_ERROR', '交易状态不合法');
      if (amount === null || amount <= 0) return failed('ACQ.REFUND_AMT_NOT_EQUAL_TOTAL', '退款金额不合法');
      if (refunded() + amount > total) return failed('ACQ.REFUND_AMT_NOT_EQUAL_TOTAL', '退款金额超限');
      trade.refunds.set(requestNo, amount);
      if (refunded() === total) trade.status = 'TRADE_CLOSED';
      return done('Y');
    },
  };

  const answerApi = (response: ServerResponse, method: string, answer: Answer, signWith: KeyObject | null) => {
    const key = `${method.replace(/\./g, '_')}_response`;
    const inner = JSON.stringify(answer);
    const text = signWith ? `{"${key}":${inner},"sign":"${rsa2(inner, signWith)}"}` : `{"${key}":${inner}}`;
    response.writeHead(200, { 'content-type': 'text/html;charset=utf-8' });
    response.end(text);
  };

  const handleApi = (response: ServerResponse, fields: Record<string, string>) => {
    const method = fields.method ?? '';
    const refuse = (subCode: string, subMsg: string) => {
      refused.push({ method, subCode });
      answerApi(
        response,
        method,
        { code: '40002', msg: 'Invalid Arguments', sub_code: subCode, sub_msg: subMsg },
        ownKey,
      );
    };
    if (fields.app_id !== options.appId) return refuse('isv.invalid-app-id', '无效的AppID参数');
    if (!verifyRequest(fields)) return refuse('isv.invalid-signature', '验签出错');
    const sentAt = parseBeijingTime(fields.timestamp);
    if (sentAt === null || Math.abs(now() - sentAt) > 30 * 60_000) {
      return refuse('isv.invalid-timestamp', '非法的时间戳参数');
    }
    let biz: Record<string, unknown>;
    try {
      biz = JSON.parse(fields.biz_content ?? '{}') as Record<string, unknown>;
    } catch {
      return refuse('isv.invalid-biz-content', 'biz_content 格式错误');
    }
    const handler = handlers[method];
    if (!handler) return refuse('isv.invalid-method', '不存在的方法名');
    calls.push({ method, appId: fields.app_id, signType: fields.sign_type ?? '', bizContent: biz });
    if (behaviour.api === 'hang') return; // the socket stays open until the caller gives up
    if (behaviour.api === 'error') {
      return answerApi(
        response,
        method,
        { code: '20000', msg: 'Service Currently Unavailable', sub_code: 'ACQ.SYSTEM_ERROR', sub_msg: '系统错误' },
        ownKey,
      );
    }
    const answer = handler(biz);
    const signer = behaviour.api === 'badSign' ? strangerKey : behaviour.api === 'unsigned' ? null : ownKey;
    return answerApi(response, method, answer, signer);
  };

  // --- The mobile pay page (`alipay.trade.wap.pay`, opened by the payer with a GET). ---

  const html = (response: ServerResponse, status: number, body: string) => {
    response.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    response.end(body);
  };

  const tradePage = (trade: FakeTrade): string => {
    const amount = `¥${trade.totalAmount}`;
    if (trade.status !== 'WAIT_BUYER_PAY') {
      return page('Alipay', `<h1>Trade ${escapeHtml(trade.status)}</h1><p>${escapeHtml(amount)}</p>`);
    }
    const action = (name: string) => `/pay/${encodeURIComponent(trade.outTradeNo)}/${name}`;
    return page(
      'Alipay',
      `<h1>Pay ${escapeHtml(amount)}</h1><p>${escapeHtml(trade.subject)}</p>` +
        `<form method="post" action="${action('pay')}"><button type="submit">Pay</button></form>` +
        `<form method="post" action="${action('cancel')}"><button type="submit">Cancel</button></form>`,
    );
  };

  const openPayPage = (response: ServerResponse, fields: Record<string, string>) => {
    if (fields.app_id !== options.appId || !verifyRequest(fields)) {
      return html(
        response,
        400,
        page('Alipay', '<h1>Invalid request: signature or app id (isv.invalid-signature)</h1>'),
      );
    }
    let biz: Record<string, string>;
    try {
      biz = JSON.parse(fields.biz_content ?? '') as Record<string, string>;
    } catch {
      return html(response, 400, page('Alipay', '<h1>Invalid biz_content</h1>'));
    }
    const outTradeNo = biz.out_trade_no ?? '';
    if (!/^\w{1,64}$/.test(outTradeNo) || fen(biz.total_amount) === null || !biz.subject) {
      return html(response, 400, page('Alipay', '<h1>Invalid arguments</h1>'));
    }
    if (biz.product_code !== 'QUICK_WAP_WAY') {
      return html(response, 400, page('Alipay', '<h1>Invalid product_code</h1>'));
    }
    const existing = trades.get(outTradeNo);
    if (existing && existing.totalAmount !== biz.total_amount) {
      return html(response, 400, page('Alipay', '<h1>ACQ.CONTEXT_INCONSISTENT</h1>'));
    }
    const trade: FakeTrade = existing ?? {
      outTradeNo,
      tradeNo: `2026${String(++tradeCounter).padStart(24, '0')}`,
      totalAmount: biz.total_amount!,
      subject: biz.subject,
      status: 'WAIT_BUYER_PAY',
      notifyUrl: fields.notify_url ?? '',
      returnUrl: fields.return_url ?? '',
      expiresAt: biz.time_expire ? parseBeijingTime(biz.time_expire) : null,
      createdAt: now(),
      paidAt: null,
      refunds: new Map(),
    };
    trades.set(outTradeNo, trade);
    expire(trade);
    return html(response, 200, tradePage(trade));
  };

  const backLink = (trade: FakeTrade): string => {
    if (!trade.returnUrl) return '';
    // Alipay's synchronous return carries the trade, signed; the merchant must not trust it alone.
    const url = new URL(trade.returnUrl);
    const fields: Record<string, string> = {
      app_id: options.appId,
      charset: 'utf-8',
      method: 'alipay.trade.wap.pay.return',
      out_trade_no: trade.outTradeNo,
      seller_id: '2088101117955611',
      timestamp: beijingTime(now()),
      total_amount: trade.totalAmount,
      trade_no: trade.tradeNo,
      version: '1.0',
      sign_type: 'RSA2',
    };
    fields.sign = rsa2(signingString(fields, ['sign', 'sign_type']), ownKey);
    for (const [key, value] of Object.entries(fields)) url.searchParams.set(key, value);
    return `<p><a href="${escapeHtml(url.toString())}">Back to the merchant</a></p>`;
  };

  const payAction = async (response: ServerResponse, outTradeNo: string, action: string) => {
    const trade = trades.get(outTradeNo);
    if (!trade || (action !== 'pay' && action !== 'cancel'))
      return html(response, 404, page('Alipay', '<h1>Not found</h1>'));
    expire(trade);
    if (trade.status !== 'WAIT_BUYER_PAY') return html(response, 200, tradePage(trade));
    if (action === 'pay') {
      trade.status = 'TRADE_SUCCESS';
      trade.paidAt = now();
    } else {
      trade.status = 'TRADE_CLOSED';
    }
    await notify(trade);
    const heading = action === 'pay' ? 'Payment complete' : 'Payment cancelled';
    return html(response, 200, page('Alipay', `<h1>${heading}</h1>${backLink(trade)}`));
  };

  const server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://fake');
      const fields: Record<string, string> = Object.fromEntries(url.searchParams);
      if (request.method === 'POST') {
        const body = await readBody(request);
        for (const [key, value] of new URLSearchParams(body)) fields[key] = value;
      }
      if (url.pathname === '/gateway.do') {
        if (fields.method === 'alipay.trade.wap.pay') return openPayPage(response, fields);
        return handleApi(response, fields);
      }
      const action = /^\/pay\/(\w+)\/(\w+)$/.exec(url.pathname);
      if (action && request.method === 'POST') return payAction(response, action[1]!, action[2]!);
      return html(response, 404, page('Alipay', '<h1>Not found</h1>'));
    })().catch((error: unknown) => {
      if (!response.headersSent) response.writeHead(500, { 'content-type': 'text/plain' });
      response.end(String(error));
    });
  });

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://${options.host ?? '127.0.0.1'}:${port}`;

  return {
    url: origin,
    gatewayUrl: `${origin}/gateway.do`,
    publicKey,
    trades,
    calls,
    refused,
    notifications,
    behave: (change) => Object.assign(behaviour, change),
    pay,
    releaseHeld: async () => {
      for (const note of held.splice(0)) await deliver(note);
    },
    notification,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/** A fresh RSA2 key pair as PEM (PKCS#8 private, SPKI public), as Alipay's key tool makes one. */
export function generateAlipayKeys(): { privateKey: string; publicKey: string } {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    privateKey: privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
    publicKey: publicKey.export({ format: 'pem', type: 'spki' }).toString(),
  };
}

/**
 * `node --import tsx apps/server/fakes/alipay-gateway.ts [port]`: starts the fake with fresh keys
 * for a made-up app, writes them to a temporary folder and prints the variables that point the
 * server at it (decision 036 "Alipay as a payment provider").
 */
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const app = generateAlipayKeys();
  const appId = '2021000000000001';
  const gateway = await startAlipayGateway({
    appId,
    appPublicKey: app.publicKey,
    port: Number(process.argv[2] ?? 9510),
  });
  const dir = mkdtempSync(path.join(tmpdir(), 'alipay-fake-'));
  writeFileSync(path.join(dir, 'app-private-key.pem'), app.privateKey, { mode: 0o600 });
  writeFileSync(path.join(dir, 'alipay-public-key.pem'), gateway.publicKey);
  process.stdout.write(
    [
      `Fake Alipay gateway at ${gateway.gatewayUrl}. Start the server with:`,
      `  PAYMENT_PROVIDER=alipay ALIPAY_APP_ID=${appId} \\`,
      `  ALIPAY_PRIVATE_KEY_FILE=${path.join(dir, 'app-private-key.pem')} \\`,
      `  ALIPAY_PUBLIC_KEY_FILE=${path.join(dir, 'alipay-public-key.pem')} \\`,
      `  ALIPAY_GATEWAY=${gateway.gatewayUrl} npm start`,
      '',
    ].join('\n'),
  );
}
