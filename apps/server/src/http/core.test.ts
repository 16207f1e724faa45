import { CODES, ENDPOINTS, getDownload, getInvite, login, logout, register } from '@stride/contract';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { call, registerUser, useTestApp, api, raw } from '../../test/harness.js';
import { fastifyPath } from './endpoints.js';

const t = useTestApp({ BODY_LIMIT_BYTES: '2048' });

describe('the contract', () => {
  it('registers every endpoint, and lists the ones that are not available yet', () => {
    const routes = t.app.printRoutes({ commonPrefix: false });
    for (const endpoint of ENDPOINTS) {
      expect(t.app.hasRoute({ method: endpoint.method, url: fastifyPath(endpoint.path) }), endpoint.id).toBe(true);
    }
    expect(routes).toContain('/api/user/login');
    const { implemented, unavailable } = t.app.endpoints;
    expect(implemented.size + unavailable.size).toBe(ENDPOINTS.length);
    // Every endpoint of the contract has its handler (contract-modules.test.ts checks which module).
    expect([...implemented].sort()).toEqual(ENDPOINTS.map((endpoint) => endpoint.id).sort());
    // The capabilities of later issues, answering NOT_AVAILABLE until they land:
    expect([...unavailable].sort()).toMatchInlineSnapshot(`[]`);
  });

  it('checks the session before anything else, and answers an unconfigured capability with 1010', async () => {
    const anonymous = await api(t, getInvite);
    expect(anonymous).toMatchObject({ status: 200, code: CODES.SESSION_INVALID, data: null });
    const { token } = await registerUser(t);
    const result = await api(t, getDownload, { token });
    expect(result).toMatchObject({ status: 200, code: CODES.NOT_AVAILABLE, data: null });
    expect(result.message).toBe('No companion package is configured');
  });

  it('serves an OpenAPI document generated from the contract', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    const document = response.json<{ openapi: string; paths: Record<string, Record<string, unknown>> }>();
    expect(document.openapi).toBe('3.1.0');
    for (const endpoint of ENDPOINTS) {
      expect(document.paths[endpoint.path]?.[endpoint.method.toLowerCase()], endpoint.id).toBeDefined();
    }
  });
});

describe('the OpenAPI document', () => {
  it('marks a request body required only when the server refuses a request without one', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    const document = response.json<{
      paths: Record<string, Record<string, { requestBody?: { required: boolean } }>>;
    }>();
    expect(document.paths['/api/user/logout']?.post?.requestBody?.required).toBe(false);
    expect(document.paths['/api/user/login']?.post?.requestBody?.required).toBe(true);
    expect(document.paths['/api/v1/UploadFile']?.post?.requestBody?.required).toBe(true);
    // What the document says is what the server does: logout with no body at all succeeds.
    const { token } = await registerUser(t);
    expect(await api(t, logout, { token })).toMatchObject({ status: 200, code: 1 });
    expect(await api(t, login)).toMatchObject({ code: CODES.VALIDATION_FAILED });
  });
});

describe('the OpenAPI document, read by a generic JSON Schema validator', () => {
  const pointer = (...parts: string[]) => parts.map((part) => part.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

  it('describes every answer the server gives, success and error envelopes alike', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<Record<string, unknown>>();
    // OpenAPI 3.1's dialect is JSON Schema 2020-12; the document's own keys are not schema keywords.
    const ajv = new Ajv2020({ strict: false, validateFormats: false });
    ajv.addSchema(document, 'openapi');
    const check = (path: string, method: string, status: '200' | 'default', body: unknown) => {
      const ref = `openapi#/${pointer('paths', path, method, 'responses', status, 'content', 'application/json', 'schema')}`;
      const validate = ajv.getSchema(ref);
      if (!validate) throw new Error(`the document has no schema at ${ref}`);
      return validate(body) ? 'valid' : ajv.errorsText(validate.errors);
    };
    const { token, account, password } = await registerUser(t);
    const envelope = ({ status: _status, ...answer }: { status: number }) => answer;
    const answers: Array<[string, string, '200' | 'default', unknown]> = [
      // Successes.
      ['/api/user/login', 'post', '200', envelope(await api(t, login, { body: { account, password } }))],
      ['/api/user/info', 'get', '200', envelope(await call(t.app, 'GET', '/api/user/info', { token }))],
      // Error envelopes: a wrong password, no session, a validation failure, bad JSON, a business rule.
      ['/api/user/login', 'post', '200', envelope(await api(t, login, { body: { account, password: 'wrong1pass' } }))],
      ['/api/user/info', 'get', '200', envelope(await call(t.app, 'GET', '/api/user/info'))],
      ['/api/user/login', 'post', '200', envelope(await api(t, login, { body: raw({ account: 'x' }) }))],
      [
        '/api/user/login',
        'post',
        '200',
        (
          await t.app.inject({
            method: 'POST',
            url: '/api/user/login',
            headers: { 'content-type': 'application/json' },
            payload: '{"account":',
          })
        ).json(),
      ],
      ['/api/download', 'get', '200', envelope(await api(t, getDownload, { token }))],
      // An unknown address under a known one.
      ['/api/user/info', 'get', 'default', envelope(await call(t.app, 'GET', '/api/user/info/'))],
    ];
    const results = answers.map(([path, method, status, body]) => [
      path,
      method,
      status,
      check(path, method, status, body),
    ]);
    expect(results).toEqual(answers.map(([path, method, status]) => [path, method, status, 'valid']));
    // And the error envelope is not a success: a 1 with data null, or an error code with data, is refused.
    expect(check('/api/user/info', 'get', '200', { code: 1, message: 'success', data: null })).not.toBe('valid');
    expect(check('/api/user/info', 'get', '200', { code: 1001, message: 'x', data: { id: 'u' } })).not.toBe('valid');
  });
});

describe('the envelope and HTTP status', () => {
  it('answers an unknown path with 404 so the client may try another host', async () => {
    const result = await call(t.app, 'GET', '/api/no/such/thing');
    expect(result).toMatchObject({ status: 404, code: CODES.NOT_FOUND, data: null });
    expect(result.message).toContain('/api/no/such/thing');
  });

  it('answers bad JSON with 200 and a validation code', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"account": "1380013',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      code: CODES.VALIDATION_FAILED,
      message: 'The request body is not valid JSON',
      data: null,
    });
  });

  it('answers an oversize body with 200 and a validation code naming the limit', async () => {
    const result = await api(t, login, {
      body: { account: '13800138000', password: 'x'.repeat(5000) },
    });
    expect(result).toMatchObject({ status: 200, code: CODES.VALIDATION_FAILED });
    expect(result.message).toContain('2048');
  });

  it('answers a wrong content type with 200 and a validation code', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      headers: { 'content-type': 'text/plain' },
      payload: 'hello',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ code: CODES.VALIDATION_FAILED, data: null });
  });

  it('names the field and rule, in the caller’s language', async () => {
    const body = { account: 'abc', password: 'x' };
    const en = await api(t, login, { body, language: 'en-US,en;q=0.9' });
    expect(en.message).toBe('Mobile number: must be a mobile number of 7 to 15 digits');
    const es = await api(t, login, { body, language: 'es-ES' });
    expect(es.message).toBe('Número de móvil: debe ser un número de móvil de 7 a 15 dígitos');
    const fr = await api(t, login, { body, language: 'fr' });
    expect(fr.message).toBe('Numéro de mobile : doit être un numéro de mobile de 7 à 15 chiffres');
    const hans = await api(t, login, { body, language: 'zh-CN' });
    expect(hans.message).toBe('手机号：必须是 7 到 15 位数字的手机号');
    const hant = await api(t, login, { body, language: 'zh-TW' });
    expect(hant.message).toBe('手機號碼：必須是 7 到 15 位數字的手機號碼');
  });

  it('names each field once, with the first rule it breaks, and an empty text as missing', async () => {
    const empty = await api(t, register, { body: { account: '13800138000', password: '', smsCode: '' } });
    expect(empty.message).toBe('Password: is required; SMS code: is required');
    const short = await api(t, register, {
      body: { account: '13800138000', password: 'short', smsCode: '12' },
      language: 'zh-CN',
    });
    expect(short.message).toBe('密码：至少 8 个字符；短信验证码：必须是 6 位数字');
    const noDigit = await api(t, register, {
      body: { account: '13800138000', password: 'longenough', smsCode: '123456' },
    });
    expect(noDigit.message).toBe('Password: must contain a digit');
  });

  it('reports missing, wrong-typed, overlong and unknown fields', async () => {
    const missing = await api(t, login, { body: raw({}) });
    expect(missing.message).toBe('Mobile number: is required; Password: is required');
    // Chinese joins its sentences with a full-width semicolon, French with a spaced one.
    const missingZh = await api(t, login, { body: raw({}), language: 'zh-CN' });
    expect(missingZh.message).toMatch(/^手机号：[^；;]+；密码：[^；;]+$/);
    const missingFr = await api(t, login, { body: raw({}), language: 'fr' });
    expect(missingFr.message).toMatch(/^Numéro de mobile : [^;]+ ; Mot de passe : [^;]+$/);
    const wrongType = await api(t, login, { body: raw({ account: 13800138000, password: 'x' }) });
    expect(wrongType.message).toBe('Mobile number: must be text');
    const overlong = await api(t, login, {
      body: { account: '13800138000', password: 'x'.repeat(65) },
    });
    expect(overlong.message).toBe('Password: must be at most 64 characters');
    const unknown = await api(t, login, {
      body: raw({ account: '13800138000', password: 'x', isAdmin: true }),
    });
    expect(unknown.message).toBe('isAdmin: unknown field');
    for (const result of [missing, wrongType, overlong, unknown]) {
      expect(result).toMatchObject({ status: 200, code: CODES.VALIDATION_FAILED, data: null });
    }
  });

  it('answers a missing body as a required request', async () => {
    const result = await api(t, register);
    expect(result).toMatchObject({ status: 200, code: CODES.VALIDATION_FAILED, message: 'request: is required' });
  });

  it('reports health and a request id', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});
