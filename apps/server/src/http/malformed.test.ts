import { CODES, ENDPOINTS, type Envelope, cancelOrder, getPayment, saveAddress } from '@stride/contract';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { call, registerUser, testJpeg, uploadFile, useTestApp, api } from '../../test/harness.js';

// Every malformed request is answered with an envelope (decision 016 "Malformed requests and security headers"): never
// a 500, never Fastify's own 400 or 414 body, which the web client would take for a broken host.
const t = useTestApp();

function envelopeOf(response: LightMyRequestResponse): Envelope<unknown> & { status: number } {
  return { status: response.statusCode, ...response.json<Envelope<unknown>>() };
}

function refused(message: string) {
  return { status: 200, code: CODES.VALIDATION_FAILED, message, data: null };
}

describe('malformed multipart uploads', () => {
  const UPLOAD_MALFORMED = 'The upload is not a complete multipart form; please choose the file again';
  const part = (boundary: string) =>
    `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="a.jpg"\r\ncontent-type: image/jpeg\r\n\r\n`;

  it('answers no boundary, a wrong boundary and a body cut short with a validation envelope', async () => {
    const { token, userId } = await registerUser(t);
    const jpeg = await testJpeg();
    const cases = [
      { contentType: 'multipart/form-data', payload: Buffer.concat([Buffer.from(part('b1')), jpeg]) },
      {
        contentType: 'multipart/form-data; boundary=other',
        payload: Buffer.concat([Buffer.from(part('b1')), jpeg, Buffer.from('\r\n--b1--\r\n')]),
      },
      { contentType: 'multipart/form-data; boundary=b1', payload: Buffer.concat([Buffer.from(part('b1')), jpeg]) },
    ];
    for (const { contentType, payload } of cases) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/UploadFile',
        headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
        payload,
      });
      expect(envelopeOf(response), contentType).toEqual(refused(UPLOAD_MALFORMED));
    }
    const stored = await t.db.selectFrom('files').select('id').where('user_id', '=', userId).execute();
    expect(stored).toEqual([]);
    // The same user's well-formed upload still goes through.
    expect(await uploadFile(t, token, jpeg)).toMatchObject({ status: 200, code: 1 });
  });

  it('says so in the caller’s language', async () => {
    const { token } = await registerUser(t);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/UploadFile',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'multipart/form-data', 'accept-language': 'fr' },
      payload: 'nothing',
    });
    expect(envelopeOf(response)).toEqual(
      refused('L’envoi n’est pas un formulaire multipart complet ; choisissez à nouveau le fichier'),
    );
  });
});

describe('control characters', () => {
  it('refuses a NUL in a path parameter, the query and the body before it reaches the database', async () => {
    const { token } = await registerUser(t);
    const path = await call(t.app, 'GET', '/api/pay/a%00b', { token });
    expect(path).toEqual(refused('id: must not contain control characters'));
    const query = await call(t.app, 'GET', '/api/notice?id=a%00b', { token });
    expect(query).toEqual(refused('id: must not contain control characters'));
    const body = await api(t, cancelOrder, { token, body: { orderId: 'a\u0000b' } });
    expect(body).toEqual(refused('Order: must not contain control characters'));
    const stored = await api(t, saveAddress, {
      token,
      body: { name: 'Li\u0000Na', phone: '13800138000', region: 'Beijing', detail: 'Road 1' },
      language: 'zh-CN',
    });
    expect(stored).toMatchObject({ status: 200, code: CODES.VALIDATION_FAILED });
    expect(stored.message).toMatch(/：不能包含控制字符$/);
  });

  it('refuses other control characters too, escaped or raw', async () => {
    const { token } = await registerUser(t);
    for (const character of ['\u0001', '\u001b', '\u007f', '\n', '\t']) {
      const result = await api(t, cancelOrder, { token, body: { orderId: `a${character}b` } });
      expect(result, JSON.stringify(character)).toEqual(refused('Order: must not contain control characters'));
    }
    const raw = await call(t.app, 'GET', '/api/notice?id=a%0Ab', { token });
    expect(raw).toEqual(refused('id: must not contain control characters'));
  });

  it('refuses them on routes without a contract schema (the sandbox pay page)', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/sandbox/pay/a%00b' });
    expect(envelopeOf(response)).toEqual(refused('id: must not contain control characters'));
  });

  it('refuses a NUL in the address of every endpoint, whatever its access', async () => {
    for (const endpoint of ENDPOINTS) {
      const url = `${endpoint.path.replace(/\{\w+\}/g, 'a%00b')}?page=1&filter=x%00y`;
      const response = await t.app.inject({ method: endpoint.method, url });
      expect(envelopeOf(response), endpoint.id).toMatchObject({ status: 200, code: CODES.VALIDATION_FAILED });
      expect(response.json<Envelope<null>>().message, endpoint.id).toMatch(/must not contain control characters$/);
    }
  });
});

describe('addresses the router refuses', () => {
  it('answers bad percent-encoding with an envelope and the API’s headers', async () => {
    for (const url of ['/api/pay/%ff', '/api/pay/%E0%A4%A', '/sandbox/pay/%ff']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(envelopeOf(response), url).toEqual(
        refused('The address is not valid: it contains a broken %-encoded character'),
      );
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
    const es = await t.app.inject({ method: 'GET', url: '/api/pay/%ff', headers: { 'accept-language': 'es' } });
    expect(envelopeOf(es)).toEqual(refused('La dirección no es válida: contiene un carácter mal codificado con %'));
  });

  it('answers an overlong path parameter with an envelope, not 414', async () => {
    const { token } = await registerUser(t);
    const long = await api(t, getPayment, { params: { id: 'a'.repeat(101) }, token });
    expect(long).toEqual(refused('A part of the address is too long (at most 100 characters)'));
    // At the limit the request is routed and validated as usual (ids are at most 64 characters).
    const atLimit = await api(t, getPayment, { params: { id: 'a'.repeat(100) }, token });
    expect(atLimit).toEqual(refused('id: must be at most 64 characters'));
    // An unknown address stays a 404, whatever its length.
    const unknown = await call(t.app, 'GET', `/api/no/such/${'a'.repeat(5000)}`);
    expect(unknown).toMatchObject({ status: 404, code: CODES.NOT_FOUND });
  });
});

describe('JSON with prototype keys', () => {
  it('names the refused key instead of calling the body invalid JSON', async () => {
    const send = (payload: string, language = 'en') =>
      t.app.inject({
        method: 'POST',
        url: '/api/user/login',
        headers: { 'content-type': 'application/json', 'accept-language': language },
        payload,
      });
    const proto = await send('{"account":"13800138000","password":"x","__proto__":{"isAdmin":true}}');
    expect(envelopeOf(proto)).toEqual(refused('The request body may not contain the key "__proto__"'));
    const nested = await send('{"account":"13800138000","password":"x","a":[{"__proto__":{}}]}');
    expect(envelopeOf(nested)).toEqual(refused('The request body may not contain the key "__proto__"'));
    const constructor = await send('{"account":"13800138000","constructor":{"prototype":{"isAdmin":true}}}');
    expect(envelopeOf(constructor)).toEqual(refused('The request body may not contain the key "constructor"'));
    const hant = await send('{"__proto__":{}}', 'zh-TW');
    expect(envelopeOf(hant)).toEqual(refused('請求內容不能包含鍵「__proto__」'));
    // Broken JSON is still called broken JSON.
    const broken = await send('{"account":');
    expect(envelopeOf(broken)).toEqual(refused('The request body is not valid JSON'));
  });
});

describe('bodies and addresses the contract does not describe', () => {
  const login = JSON.stringify({ account: '13800138000', password: 'not-the-password' });
  const send = (url: string, payload: string, contentType = 'application/json', headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, headers: { 'content-type': contentType, ...headers }, payload });

  it('refuses a byte-order mark, another charset and padding before anything is read', async () => {
    const bom = await send('/api/user/login', `\uFEFF${login}`);
    expect(envelopeOf(bom)).toEqual(
      refused('The request body starts with a byte-order mark: send UTF-8 JSON without one'),
    );
    const utf16 = await send('/api/user/login', login, 'application/json; charset=utf-16');
    expect(envelopeOf(utf16)).toEqual(refused('The request body must be UTF-8 JSON, not utf-16'));
    const quoted = await send('/api/user/login', login, 'application/json; charset="UTF-16LE"');
    expect(envelopeOf(quoted)).toEqual(refused('The request body must be UTF-8 JSON, not utf-16le'));
    const padded = await send('/api/user/login', `${' '.repeat(60 * 1024)}${login}`);
    expect(envelopeOf(padded)).toEqual(
      refused('The request body has more than 1024 blank characters around its JSON value'),
    );
    const trailing = await send('/api/user/login', `${login}${'\n'.repeat(1025)}`);
    expect(envelopeOf(trailing).message).toMatch(/more than 1024 blank characters/);
    const french = await send('/api/user/login', `\uFEFF${login}`, 'application/json', { 'accept-language': 'fr' });
    expect(envelopeOf(french).message).toBe(
      'Le corps de la requête commence par une marque d’ordre des octets : envoyez du JSON UTF-8 sans elle',
    );
    // UTF-8 declared as such, and a pretty-printed body, are read as usual (a wrong password).
    for (const [payload, contentType] of [
      [login, 'application/json; charset=utf-8'],
      [login, 'application/json; charset=UTF8'],
      [`\n  ${JSON.stringify(JSON.parse(login), null, 2)}\n`, 'application/json'],
    ] as const) {
      const answer = await send('/api/user/login', payload, contentType);
      expect(envelopeOf(answer).code, contentType).toBe(CODES.CREDENTIALS_INVALID);
    }
  });

  it('refuses a body the contract does not describe, even null, and keeps the session', async () => {
    const { token } = await registerUser(t);
    const auth = { authorization: `Bearer ${token}` };
    // Logout's body is an optional empty object: null is not "no body".
    for (const [payload, message] of [
      ['null', 'request: must be an object'],
      ['[]', 'request: must be an object'],
      ['"x"', 'request: must be an object'],
      ['{"all":true}', 'all: unknown field'],
    ] as const) {
      const answer = await send('/api/user/logout', payload, 'application/json', auth);
      expect(envelopeOf(answer), payload).toEqual(refused(message));
    }
    // An endpoint with no body at all takes none, or {}.
    for (const payload of ['null', '[]', '{"all":true}', '0']) {
      const answer = await send('/api/notifications/read-all', payload, 'application/json', auth);
      expect(envelopeOf(answer), payload).toEqual(refused('This request takes no body: send none, or {}'));
    }
    const text = await send('/api/notifications/read-all', 'null', 'text/plain', auth);
    expect(envelopeOf(text)).toEqual(refused('This request takes no body: send none, or {}'));
    expect(envelopeOf(await send('/api/notifications/read-all', '{}', 'application/json', auth)).code).toBe(1);
    const bareRead = await t.app.inject({ method: 'POST', url: '/api/notifications/read-all', headers: auth });
    expect(envelopeOf(bareRead).code).toBe(1);
    // Nothing above ended the session; an empty object, or no body at all, does.
    const info = await t.app.inject({ method: 'GET', url: '/api/user/info', headers: auth });
    expect(envelopeOf(info).code).toBe(1);
    const out = await send('/api/user/logout', '{}', 'application/json', auth);
    expect(envelopeOf(out).code).toBe(1);
    const { token: other } = await registerUser(t);
    const bare = await t.app.inject({
      method: 'POST',
      url: '/api/user/logout',
      headers: { authorization: `Bearer ${other}` },
    });
    expect(envelopeOf(bare).code).toBe(1);
  });

  it('answers an API address with a trailing slash as unknown, not as the address without it', async () => {
    for (const url of ['/api/policies/', '/api/user/info/', '/api/policies/?lang=en']) {
      const answer = await call(t.app, 'GET', url);
      expect(answer, url).toMatchObject({ status: 404, code: CODES.NOT_FOUND, data: null });
      expect(answer.message, url).toBe(`No such address: ${url.split('?')[0]}`);
    }
    expect(await call(t.app, 'GET', '/api/policies')).toMatchObject({ status: 200, code: 1 });
  });
});
