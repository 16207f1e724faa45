import type { BodyOf, EndpointDef, Envelope, ParamsOf, QueryOf, ResponseOf } from '@stride/contract';
import {
  currentPolicyVersions,
  getCaptcha,
  getPaymentPassword,
  getUserInfo,
  grantConsent,
  login,
  register,
  requestPaymentPasswordCode,
  requestRegisterCode,
  setPaymentPassword,
  uploadFile,
  type UploadPurpose,
} from '@stride/contract';
import { expect } from 'vitest';
import type { RunningServer } from './server.js';

export interface RequestOptions<E extends EndpointDef> {
  params?: ParamsOf<E>;
  query?: QueryOf<E>;
  body?: BodyOf<E>;
  token?: string;
}

/**
 * A journey's setup step or check over HTTP, by the contract's endpoint object: answers `data`,
 * and anything but success fails the test with the server's message.
 */
export async function request<E extends EndpointDef>(
  base: string,
  endpoint: E,
  options: RequestOptions<E> = {},
): Promise<ResponseOf<E>> {
  const params = (options.params ?? {}) as Record<string, unknown>;
  const path = endpoint.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(params[name])));
  const query = new URLSearchParams(
    Object.entries((options.query ?? {}) as Record<string, unknown>)
      .filter(([, value]) => value !== undefined)
      .map(([key, value]) => [key, String(value)]),
  ).toString();
  const response = await fetch(`${base}${path}${query ? `?${query}` : ''}`, {
    method: endpoint.method,
    headers: {
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
  const envelope = (await response.json()) as Envelope<ResponseOf<E>>;
  expect(envelope.code, `${endpoint.method} ${path}: ${envelope.message}`).toBe(1);
  return envelope.data;
}

/** A session token for an existing account. */
export async function logInByApi(base: string, account: { account: string; password: string }): Promise<string> {
  return (await request(base, login, { body: account })).token;
}

/** The newest SMS code of this kind sent to the number, as its owner reads it on the phone. */
export async function smsCodeOf(
  server: RunningServer,
  account: string,
  template: 'register' | 'reset' | 'payment' = 'register',
): Promise<string> {
  const messages = await server.app.services.outbox.latest(20, account);
  const code = messages.find((message) => message.template === template)?.params.code;
  expect(code, `an SMS code to ${account}`).toMatch(/^\d{6}$/);
  return code ?? '';
}

/** The payment password journeys set (docs/product/payment-password.md): typed in its sheet, or sent with a call. */
export const PAYMENT_PASSWORD = '258036';

/**
 * Sets the user's payment password as the app does: a code sent to the account's number, read from the outbox as its
 * owner reads it on the phone, then the code and the password. Once set, later calls leave it. Answers the password,
 * for the calls that need it.
 */
export async function setPaymentPasswordByApi(
  server: RunningServer,
  token: string,
  password: string = PAYMENT_PASSWORD,
): Promise<string> {
  if ((await request(server.baseUrl, getPaymentPassword, { token })).isSet) return password;
  const { account } = await request(server.baseUrl, getUserInfo, { token });
  // One code a number a second on the journeys' server (SMS_CODE_RESEND_SECONDS), a sign-up's code included: asked
  // again until that second has passed.
  await expect
    .poll(
      async () => {
        const response = await fetch(`${server.baseUrl}${requestPaymentPasswordCode.path}`, {
          method: requestPaymentPasswordCode.method,
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: '{}',
        });
        return ((await response.json()) as Envelope<unknown>).code;
      },
      { timeout: 5_000 },
    )
    .toBe(1);
  const code = await smsCodeOf(server, account, 'payment');
  await request(server.baseUrl, setPaymentPassword, { token, body: { code, password } });
  return password;
}

/** Signs a new account up: the captcha read as a person would, then the SMS code to the number. */
export async function registerByApi(
  server: RunningServer,
  account: { account: string; password: string; inviteCode?: string },
): Promise<{ token: string; userId: string; inviteCode: string }> {
  const { captchaId } = await request(server.baseUrl, getCaptcha);
  await request(server.baseUrl, requestRegisterCode, {
    body: { account: account.account, captchaId, captchaCode: server.captcha.last },
  });
  const session = await request(server.baseUrl, register, {
    body: {
      ...account,
      smsCode: await smsCodeOf(server, account.account),
      // The current terms and privacy policy, as the sign-up form's checkbox accepts them (decision 046 "Policies and
      // consent").
      acceptedPolicies: await request(server.baseUrl, currentPolicyVersions),
    },
  });
  return { token: session.token, userId: session.user.id, inviteCode: session.user.inviteCode };
}

/** Uploads an image the way the app does (multipart, field `file`); answers its fileId. */
export async function uploadByApi(base: string, token: string, image: Buffer, purpose: UploadPurpose): Promise<string> {
  // ID card and face photos need the owner's consent first, given as the app gives it (decision 046 "Policies and
  // consent").
  if (purpose === 'id_front' || purpose === 'id_back' || purpose === 'face') {
    await request(base, grantConsent, { token, body: { kind: purpose === 'face' ? 'face' : 'id_photos' } });
  }
  const form = new FormData();
  form.append('purpose', purpose);
  form.append('file', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'image.png');
  const response = await fetch(`${base}${uploadFile.path}`, {
    method: uploadFile.method,
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const envelope = (await response.json()) as Envelope<ResponseOf<typeof uploadFile>>;
  expect(envelope.code, `upload ${purpose}: ${envelope.message}`).toBe(1);
  return envelope.data.fileId;
}
