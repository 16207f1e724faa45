import { CODES, consoleOutbox, register, requestPasswordKey } from '@stride/contract';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { startAliyunSmsFake } from '../../../fakes/aliyun-sms.js';
import { consoleApi, signIn } from '../../../test/console.js';
import {
  api,
  createTestApp,
  GOOD_PASSWORD,
  readSmsCode,
  requestSignUpCode,
  solveCaptcha,
  uniqueAccount,
  useTestApp,
  FIRST_POLICIES,
} from '../../../test/harness.js';
import { OutboxDeliverer } from './outbox.deliverer.js';
import { OutboxRepository } from './outbox.repository.js';
import { AliyunSmsProvider, canonicalQuery, percentEncode, rpcSignature } from './aliyun-sms.js';

const fake = await startAliyunSmsFake();
afterAll(() => fake.close());

const t = useTestApp({ ...fake.env(), SMS_TIMEOUT_MS: '300', SMS_MAX_ATTEMPTS: '3', SMS_RETRY_BASE_SECONDS: '30' });

const deliverer = () => {
  const found = t.app.services.deliverer;
  if (!found) throw new Error('no deliverer with SMS_PROVIDER=aliyun');
  return found;
};

const row = (recipient: string) =>
  t.db.selectFrom('outbox_messages').selectAll().where('recipient', '=', recipient).executeTakeFirstOrThrow();

beforeEach(() => {
  fake.received.length = 0;
});

describe('the outbox as a delivery queue', () => {
  it('only queues in the request; a pass sends it to the provider, signed, with the template and code', async () => {
    const account = uniqueAccount();
    const code = await requestSignUpCode(t, account);
    expect(fake.received).toEqual([]);
    expect(await row(account)).toMatchObject({ status: 'pending', attempts: 0, template: 'register', error: null });

    expect(await deliverer().deliverDue()).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(fake.received).toHaveLength(1);
    expect(fake.received[0]).toMatchObject({
      verified: true,
      phone: account,
      templateCode: 'SMS_000001',
      templateParam: { code },
      answer: 'OK',
    });
    expect(fake.received[0]?.params).toMatchObject({ SignName: 'Stride', Action: 'SendSms', Format: 'JSON' });
    expect(await row(account)).toMatchObject({ status: 'sent', attempts: 1, error: null, sent_at: t.clock.now() });
    // Nothing is due any more: a second pass sends nothing.
    expect(await deliverer().deliverDue()).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(fake.received).toHaveLength(1);
  });

  it('retries with exponential backoff after an HTTP 500 and a timeout, then sends', async () => {
    const account = uniqueAccount();
    await requestSignUpCode(t, account);
    fake.failNext({ kind: 'http500' });
    fake.failNext({ kind: 'hang' });

    expect(await deliverer().deliverDue()).toEqual({ sent: 0, retried: 1, failed: 0 });
    const first = await row(account);
    expect(first).toMatchObject({ status: 'pending', attempts: 1, next_attempt_at: t.clock.now() + 30_000 });
    expect(first.error).toMatch(/^aliyun HTTP 500/);
    // Not due yet: nothing is sent.
    t.clock.advance(29_000);
    expect(await deliverer().deliverDue()).toEqual({ sent: 0, retried: 0, failed: 0 });

    t.clock.advance(1_000);
    expect(await deliverer().deliverDue()).toEqual({ sent: 0, retried: 1, failed: 0 });
    const second = await row(account);
    expect(second).toMatchObject({ status: 'pending', attempts: 2, next_attempt_at: t.clock.now() + 60_000 });
    expect(second.error).toBe('aliyun: no answer before the timeout');

    t.clock.advance(60_000);
    expect(await deliverer().deliverDue()).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(await row(account)).toMatchObject({ status: 'sent', attempts: 3, error: null });
    expect(fake.received.map((item) => item.answer)).toEqual(['HTTP 500', 'hang', 'OK']);
    expect(fake.received.every((item) => item.verified)).toBe(true);
  });

  it('records a permanent failure with its reason at once, and gives up after the last attempt', async () => {
    const refused = uniqueAccount();
    await requestSignUpCode(t, refused);
    fake.failNext({ kind: 'code', code: 'isv.MOBILE_NUMBER_ILLEGAL', message: 'invalid mobile number' });
    expect(await deliverer().deliverDue()).toEqual({ sent: 0, retried: 0, failed: 1 });
    expect(await row(refused)).toMatchObject({
      status: 'failed',
      attempts: 1,
      next_attempt_at: null,
      error: 'aliyun isv.MOBILE_NUMBER_ILLEGAL: invalid mobile number',
    });

    t.clock.advance(1_000);
    const busy = uniqueAccount();
    await requestSignUpCode(t, busy);
    fake.failNext({ kind: 'code', code: 'isv.BUSINESS_LIMIT_CONTROL', message: 'too many sends' }, 3);
    for (const wait of [0, 30_000, 60_000]) {
      t.clock.advance(wait);
      await deliverer().deliverDue();
    }
    expect(await row(busy)).toMatchObject({
      status: 'failed',
      attempts: 3,
      error: 'aliyun isv.BUSINESS_LIMIT_CONTROL: too many sends',
    });
    t.clock.advance(10 * 60_000);
    expect(await deliverer().deliverDue()).toEqual({ sent: 0, retried: 0, failed: 0 });

    // The console shows both, codes masked.
    const support = await signIn(t, ['support']);
    const failed = await consoleApi(t, support, consoleOutbox, { query: { status: 'failed' } });
    expect(failed.data.items.map((item) => [item.status, item.attempts, item.error])).toEqual([
      ['failed', 3, 'aliyun isv.BUSINESS_LIMIT_CONTROL: too many sends'],
      ['failed', 1, 'aliyun isv.MOBILE_NUMBER_ILLEGAL: invalid mobile number'],
    ]);
    expect(failed.data.items.every((item) => item.body.includes('••••••'))).toBe(true);
  });

  it('sends each message exactly once when several deliverers run at the same moment', async () => {
    const accounts = Array.from({ length: 6 }, () => uniqueAccount());
    for (const account of accounts) await requestSignUpCode(t, account);
    const provider = new AliyunSmsProvider({
      accessKeyId: fake.accessKeyId,
      accessKeySecret: fake.accessKeySecret,
      signName: 'Stride',
      templates: { register: 'SMS_000001', reset: 'SMS_000002', payment: 'SMS_000003' },
      endpoint: fake.url,
    });
    const settings = { timeoutMs: 2_000, maxAttempts: 3, retryBaseMs: 30_000, pollMs: 0 };
    const instances = Array.from(
      { length: 4 },
      () => new OutboxDeliverer(t.db, new OutboxRepository(), provider, t.clock, settings),
    );
    const results = await Promise.all(instances.map((instance) => instance.deliverDue()));
    expect(results.reduce((sum, result) => sum + result.sent, 0)).toBe(6);
    expect(fake.received.map((item) => item.phone).sort()).toEqual([...accounts].sort());
    for (const account of accounts) expect(await row(account)).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('is how a reset code reaches its owner, with its own template', async () => {
    const account = uniqueAccount();
    const smsCode = await requestSignUpCode(t, account);
    await deliverer().deliverDue();
    expect(
      (
        await api(t, register, {
          body: { account, password: GOOD_PASSWORD, smsCode, acceptedPolicies: FIRST_POLICIES },
        })
      ).code,
    ).toBe(CODES.OK);
    t.clock.advance(60_000);
    const asked = await api(t, requestPasswordKey, { query: { account, ...(await solveCaptcha(t)) } });
    expect(asked.code).toBe(CODES.OK);
    await deliverer().deliverDue();
    expect(fake.received.at(-1)).toMatchObject({
      verified: true,
      templateCode: 'SMS_000002',
      templateParam: { code: await readSmsCode(t, account, 'reset') },
    });
  });
});

describe('the Alibaba Cloud request signature', () => {
  it('encodes as RFC 3986 and signs the sorted query', () => {
    expect(percentEncode("a b*c~d!'()")).toBe('a%20b%2Ac~d%21%27%28%29');
    expect(canonicalQuery({ b: '2', a: '1 2', Signature: 'x' })).toBe('a=1%202&b=2');
    // The same parameters and secret always give the same signature; another secret another one.
    const params = { Action: 'SendSms', Timestamp: '2026-11-22T04:00:00Z', SignatureNonce: 'n-1' };
    expect(rpcSignature('POST', params, 'secret')).toBe(rpcSignature('POST', { ...params }, 'secret'));
    expect(rpcSignature('POST', params, 'secret')).not.toBe(rpcSignature('POST', params, 'other'));
  });

  it('is refused by the gateway when signed with another secret: a permanent failure, recorded', async () => {
    const wrong = await createTestApp({
      ...fake.env(),
      ALIYUN_SMS_ACCESS_KEY_SECRET: 'not-the-secret',
      SMS_POLL_SECONDS: '0',
    });
    try {
      const account = uniqueAccount();
      await requestSignUpCode(wrong, account);
      expect(await wrong.app.services.deliverer?.deliverDue()).toEqual({ sent: 0, retried: 0, failed: 1 });
      expect(fake.received).toMatchObject([{ verified: false, answer: 'SignatureDoesNotMatch' }]);
      const message = await wrong.db
        .selectFrom('outbox_messages')
        .select(['status', 'error'])
        .where('recipient', '=', account)
        .executeTakeFirstOrThrow();
      expect(message.status).toBe('failed');
      expect(message.error).toMatch(/^aliyun SignatureDoesNotMatch: /);
    } finally {
      await wrong.close();
    }
  });
});
