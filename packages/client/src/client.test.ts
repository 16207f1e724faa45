import { getStepReceipt, listGoods, login } from '@stride/contract';
import { describe, expect, it } from 'vitest';
import { buildUrl, isRequestError, LOW_LEVEL_CODES, readEnvelope, requestOf, send, type Transport } from './index';

const GET = { method: 'GET', path: '/api/x', json: false } as const;

function answering(status: number, body: string): Transport {
  return () => Promise.resolve({ status, json: () => Promise.resolve().then(() => JSON.parse(body) as unknown) });
}

describe('buildUrl', () => {
  it('fills path parameters and leaves out undefined and null query values; an array repeats its key', () => {
    expect(buildUrl('/api/x/{id}', { id: 'a b' }, { page: 2, q: undefined, s: null, tag: ['1', '2'] })).toBe(
      '/api/x/a%20b?page=2&tag=1&tag=2',
    );
  });

  it('sends an empty string unless told to leave it out', () => {
    expect(buildUrl('/api/x', undefined, { status: '' })).toBe('/api/x?status=');
    expect(buildUrl('/api/x', undefined, { status: '', page: 1 }, { omitEmpty: true })).toBe('/api/x?page=1');
  });

  it('refuses a missing path parameter', () => {
    expect(() => buildUrl('/api/x/{id}', {}, undefined)).toThrow('Missing path parameter "id"');
  });
});

describe('requestOf', () => {
  it('sends a JSON body on a write and none on a read', () => {
    expect(requestOf(login, { body: { account: 'a', password: 'p' } })).toEqual({
      method: login.method,
      path: login.path,
      json: true,
      body: JSON.stringify({ account: 'a', password: 'p' }),
    });
    expect(requestOf(listGoods, { query: { page: 1 } })).toEqual({
      method: 'GET',
      path: `${listGoods.path}?page=1`,
      json: false,
    });
    expect(requestOf(getStepReceipt, { params: { day: '2026-03-01' } }).path).toBe(
      getStepReceipt.path.replace('{day}', '2026-03-01'),
    );
  });
});

describe('readEnvelope', () => {
  it('answers an envelope, undefined for other JSON, and rejects what is not JSON', async () => {
    const read = (body: string) =>
      readEnvelope({ status: 200, json: () => Promise.resolve().then(() => JSON.parse(body) as unknown) });
    await expect(read('{"code":1,"message":"ok","data":3}')).resolves.toEqual({ code: 1, message: 'ok', data: 3 });
    await expect(read('{"status":"up"}')).resolves.toBeUndefined();
    await expect(read('<html>')).rejects.toThrow(SyntaxError);
  });
});

describe('send', () => {
  it('hands the answer to read, with the headers and credentials given', async () => {
    const seen: unknown[] = [];
    const transport: Transport = (url, init) => {
      seen.push({ url, method: init.method, headers: init.headers, credentials: init.credentials, body: init.body });
      return answering(200, '{"code":1,"message":"ok","data":null}')(url, init);
    };
    const envelope = await send(
      '/api/x',
      GET,
      { headers: { a: 'b' }, credentials: 'same-origin', transport },
      readEnvelope,
    );
    expect(envelope?.code).toBe(1);
    expect(seen).toEqual([
      { url: '/api/x', method: 'GET', headers: { a: 'b' }, credentials: 'same-origin', body: null },
    ]);
  });

  it('rejects with a timeout once the time runs out, reading included', async () => {
    const transport: Transport = (_url, init) =>
      Promise.resolve({
        status: 200,
        json: () =>
          new Promise((_resolve, reject) => init.signal.addEventListener('abort', () => reject(new Error('aborted')))),
      });
    const error: unknown = await send('/api/x', GET, { headers: {}, timeoutMs: 5, transport }, readEnvelope).catch(
      (caught: unknown) => caught,
    );
    expect(isRequestError(error) && error.kind).toBe('timeout');
    expect(isRequestError(error) && error.code).toBe(LOW_LEVEL_CODES.TIMEOUT);
  });

  it('rejects with an abort when the caller aborts, and passes on any other failure', async () => {
    const controller = new AbortController();
    const transport: Transport = (_url, init) =>
      new Promise((_resolve, reject) => init.signal.addEventListener('abort', () => reject(new Error('aborted'))));
    const pending = send('/api/x', GET, { headers: {}, signal: controller.signal, transport }, readEnvelope);
    controller.abort();
    const error: unknown = await pending.catch((caught: unknown) => caught);
    expect(isRequestError(error) && error.code).toBe(LOW_LEVEL_CODES.ABORT);

    const lost: Transport = () => Promise.reject(new TypeError('Failed to fetch'));
    await expect(send('/api/x', GET, { headers: {}, transport: lost }, readEnvelope)).rejects.toThrow(TypeError);
  });
});
