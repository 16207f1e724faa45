import { afterEach, describe, expect, it, vi } from 'vitest';
import { getUserInfo, listBankCards, listExchanges, login, logout, uploadFile, deleteAddress } from '@stride/contract';
import { createHttpClient, type HttpClientDeps, type RequestUi } from './client';
import { LOW_LEVEL_CODES, RequestError } from './errors';

type FetchArgs = [input: RequestInfo | URL, init?: RequestInit];

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const answer =
  (body: unknown, status = 200) =>
  () =>
    Promise.resolve(json(body, status));
const offline = () => Promise.reject(new TypeError('offline'));

function ui() {
  return {
    sessionInvalid: vi.fn<RequestUi['sessionInvalid']>(),
    accountFrozen: vi.fn<RequestUi['accountFrozen']>(),
    realNameRequired: vi.fn<RequestUi['realNameRequired']>(),
    error: vi.fn<RequestUi['error']>(),
    networkError: vi.fn<RequestUi['networkError']>(),
  };
}

function setup(fetchImpl: (...args: FetchArgs) => Promise<Response>, overrides: Partial<HttpClientDeps> = {}) {
  const fetch = vi.fn(fetchImpl);
  const clearSession = vi.fn();
  const handlers = ui();
  const client = createHttpClient({
    hosts: () => ['https://primary.test', 'https://backup-1.test', 'https://session.test'],
    getToken: () => 'tok-123',
    getLanguage: () => 'fr',
    clearSession,
    fetch,
    ...overrides,
  });
  client.setUi(handlers);
  return { client, fetch, clearSession, ui: handlers };
}

const href = (input: RequestInfo | URL | undefined) =>
  input instanceof Request ? input.url : input instanceof URL ? input.href : (input ?? '');
const urlOf = (call: FetchArgs | undefined) => href(call?.[0]);

afterEach(() => {
  vi.useRealTimers();
});

describe('hosts and failover', () => {
  it('tries the hosts in order on non-200 and network failure, and takes any 200 envelope as the answer', async () => {
    const { client, fetch } = setup((input) => {
      const url = href(input);
      if (url.startsWith('https://primary.test')) return Promise.resolve(json({}, 502));
      if (url.startsWith('https://backup-1.test')) return Promise.reject(new TypeError('Failed to fetch'));
      return Promise.resolve(json({ code: 1004, message: 'missing', data: null }));
    });
    await expect(client.call(getUserInfo, {}, { hideErrors: true })).rejects.toMatchObject({ code: 1004 });
    expect(fetch.mock.calls.map((call) => urlOf(call))).toEqual([
      'https://primary.test/api/user/info',
      'https://backup-1.test/api/user/info',
      'https://session.test/api/user/info',
    ]);
  });

  it('stops at the first host that answers', async () => {
    const { client, fetch } = setup(answer({ code: 1, message: 'ok', data: { id: 'u1' } }));
    await expect(client.call(getUserInfo, {})).resolves.toEqual({ id: 'u1' });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('shows the network dialog when every host fails, but not for 401 or hidden errors', async () => {
    const failing = setup(answer({}, 500));
    await expect(failing.client.call(getUserInfo, {})).rejects.toMatchObject({
      kind: 'network',
      code: LOW_LEVEL_CODES.NO_ANSWER,
      status: 500,
    });
    expect(failing.ui.networkError).toHaveBeenCalledTimes(1);

    const unauthorised = setup(answer({}, 401));
    await expect(unauthorised.client.call(getUserInfo, {})).rejects.toMatchObject({ status: 401 });
    expect(unauthorised.ui.networkError).not.toHaveBeenCalled();

    const hidden = setup(offline);
    await expect(hidden.client.call(getUserInfo, {}, { hideErrors: true })).rejects.toBeInstanceOf(RequestError);
    expect(hidden.ui.networkError).not.toHaveBeenCalled();
  });
});

describe('request shape', () => {
  it('sends platform, bearer token and language headers, and JSON bodies', async () => {
    const { client, fetch } = setup(answer({ code: 1, message: '', data: { token: 't', user: {} } }));
    await client.call(login, { body: { account: '+8613800000000', password: 'secret1a' } });
    const [input, init] = fetch.mock.calls[0] ?? [];
    const headers = new Headers(init?.headers);
    expect(href(input)).toBe('https://primary.test/api/user/login');
    expect(init?.method).toBe('POST');
    expect(headers.get('platform')).toBe('h5');
    expect(headers.get('Authorization')).toBe('Bearer tok-123');
    expect(headers.get('Accept-Language')).toBe('fr');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(JSON.parse(typeof init?.body === 'string' ? init.body : '')).toEqual({
      account: '+8613800000000',
      password: 'secret1a',
    });
  });

  it('leaves out Authorization when logged out, appends the query and fills path parameters', async () => {
    const { client, fetch } = setup(answer({ code: 1, message: '', data: null }), { getToken: () => '' });
    await client.call(listExchanges, { query: { page: 2, pageSize: 10 } });
    await client.call(deleteAddress, { params: { id: 'a/1' } });
    await client.call(listBankCards, { query: {} });
    expect(new Headers(fetch.mock.calls[0]?.[1]?.headers).has('Authorization')).toBe(false);
    expect(urlOf(fetch.mock.calls[0])).toBe('https://primary.test/api/exchange/statement?page=2&pageSize=10');
    expect(fetch.mock.calls[0]?.[1]?.body).toBeNull();
    expect(urlOf(fetch.mock.calls[1])).toBe('https://primary.test/api/delivery_info/a%2F1');
    expect(fetch.mock.calls[1]?.[1]?.method).toBe('DELETE');
    expect(urlOf(fetch.mock.calls[2])).toBe('https://primary.test/api/bank_card');
  });

  it('uploads multipart to the upload endpoint with the same headers', async () => {
    const { client, fetch } = setup(answer({ code: 1, message: '', data: { fileId: 'f1', url: '/f1' } }));
    const file = new Blob(['x'], { type: 'image/png' });
    await expect(client.upload(uploadFile, file, { purpose: 'identity' })).resolves.toEqual({
      fileId: 'f1',
      url: '/f1',
    });
    const [input, init] = fetch.mock.calls[0] ?? [];
    expect(href(input)).toBe('https://primary.test/api/v1/UploadFile');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBeInstanceOf(FormData);
    const headers = new Headers(init?.headers);
    expect(headers.get('platform')).toBe('h5');
    expect(headers.has('Content-Type')).toBe(false);
  });

  it('sends an upload with progress through XMLHttpRequest, reporting the bytes sent, with the same headers', async () => {
    const sent: Array<[string, string]> = [];
    class FakeXhr {
      static last: FakeXhr | undefined;
      method = '';
      url = '';
      status = 0;
      responseText = '';
      body: unknown;
      readonly upload: {
        onprogress: ((event: { loaded: number; total: number; lengthComputable: boolean }) => void) | null;
      } = { onprogress: null };
      onload: (() => void) | null = null;
      onerror: (() => void) | null = null;
      onabort: (() => void) | null = null;
      open(method: string, url: string) {
        this.method = method;
        this.url = url;
      }
      setRequestHeader(name: string, value: string) {
        sent.push([name, value]);
      }
      send(body: unknown) {
        this.body = body;
        FakeXhr.last = this;
      }
      abort() {
        this.onabort?.();
      }
    }
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    try {
      const { client, fetch } = setup(offline);
      const progress = vi.fn();
      const pending = client.upload(uploadFile, new Blob(['x']), { purpose: 'identity' }, { onProgress: progress });
      await vi.waitFor(() => expect(FakeXhr.last).toBeDefined(), { timeout: 5000 });
      const xhr = FakeXhr.last as FakeXhr;
      expect([xhr.method, xhr.url]).toEqual(['POST', 'https://primary.test/api/v1/UploadFile']);
      expect(xhr.body).toBeInstanceOf(FormData);
      expect(sent).toContainEqual(['authorization', 'Bearer tok-123']);
      xhr.upload.onprogress?.({ loaded: 5, total: 10, lengthComputable: true });
      expect(progress).toHaveBeenCalledWith(5, 10);
      xhr.status = 200;
      xhr.responseText = JSON.stringify({ code: 1, message: '', data: { fileId: 'f2', url: '/f2' } });
      xhr.onload?.();
      await expect(pending).resolves.toEqual({ fileId: 'f2', url: '/f2' });
      expect(fetch).not.toHaveBeenCalled();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('reports upload network failure as 602001 and an unusable file as "file error"', async () => {
    const { client } = setup(offline);
    await expect(client.upload(uploadFile, new Blob(['x']), {}, { hideErrors: true })).rejects.toMatchObject({
      code: LOW_LEVEL_CODES.UPLOAD_NETWORK,
    });
    const notAFile: unknown = 'C:/fake.png';
    await expect(client.upload(uploadFile, notAFile as Blob)).rejects.toMatchObject({
      kind: 'file',
      message: 'file error',
    });
  });
});

describe('writes (decision 076)', () => {
  it('reports a call that changed something once it succeeded, an upload too; never a GET or a failure', async () => {
    const onWrite = vi.fn();
    const ok = setup(answer({ code: 1, message: '', data: { done: true } }), { onWrite });
    await ok.client.call(listExchanges, { query: { page: 1 } });
    expect(onWrite).not.toHaveBeenCalled();
    await ok.client.call(logout, {});
    expect(onWrite).toHaveBeenCalledTimes(1);
    await ok.client.upload(uploadFile, new Blob(['x'], { type: 'image/png' }), { purpose: 'identity' });
    expect(onWrite).toHaveBeenCalledTimes(2);

    const refused = setup(answer({ code: 1003, message: 'No', data: null }), { onWrite });
    await expect(refused.client.call(logout, {}, { hideErrors: true })).rejects.toThrow('No');
    const down = setup(offline, { onWrite });
    await expect(down.client.call(logout, {}, { hideErrors: true })).rejects.toBeInstanceOf(RequestError);
    expect(onWrite).toHaveBeenCalledTimes(2);
  });
});

describe('envelope codes', () => {
  it('code 1 resolves with data', async () => {
    const { client } = setup(answer({ code: 1, message: 'ok', data: { done: true } }));
    await expect(client.call(logout, { body: {} })).resolves.toEqual({ done: true });
  });

  it('1001 clears the session, reports it and rejects with the code and message', async () => {
    const {
      client,
      clearSession,
      ui: handlers,
    } = setup(answer({ code: 1001, message: 'Session expired', data: null }));
    await expect(client.call(getUserInfo, {})).rejects.toMatchObject({
      kind: 'envelope',
      code: 1001,
      message: 'Session expired',
    });
    expect(clearSession).toHaveBeenCalledTimes(1);
    expect(handlers.sessionInvalid).toHaveBeenCalledWith({ message: 'Session expired', hidden: false });
    expect(handlers.error).not.toHaveBeenCalled();
  });

  it('a quiet code is left to the caller, any other code still shows its dialog', async () => {
    const quiet = setup(answer({ code: 1011, message: 'Wrong payment password, 4 tries left', data: null }));
    await expect(quiet.client.call(logout, { body: {} }, { quietCodes: [1011, 1019] })).rejects.toMatchObject({
      code: 1011,
      message: 'Wrong payment password, 4 tries left',
    });
    expect(quiet.ui.error).not.toHaveBeenCalled();

    const other = setup(answer({ code: 1012, message: 'Not enough balance', data: null }));
    await expect(other.client.call(logout, { body: {} }, { quietCodes: [1011, 1019] })).rejects.toMatchObject({
      code: 1012,
    });
    expect(other.ui.error).toHaveBeenCalledWith({ code: 1012, message: 'Not enough balance' });
  });

  it('1001 with hidden errors still clears the session and goes to login, without a dialog', async () => {
    const { client, clearSession, ui: handlers } = setup(answer({ code: 1001, message: '', data: null }));
    await expect(client.call(getUserInfo, {}, { hideErrors: true })).rejects.toMatchObject({ code: 1001 });
    expect(clearSession).toHaveBeenCalled();
    expect(handlers.sessionInvalid).toHaveBeenCalledWith({ message: '', hidden: true });
  });

  it('1018 (frozen account) forgets the session and reports it with the server message, even when hidden', async () => {
    const message = 'This account is frozen. Please contact customer service.';
    const { client, clearSession, ui: handlers } = setup(answer({ code: 1018, message, data: null }));
    await expect(client.call(getUserInfo, {}, { hideErrors: true })).rejects.toMatchObject({
      kind: 'envelope',
      code: 1018,
      message,
    });
    expect(clearSession).toHaveBeenCalledTimes(1);
    expect(handlers.accountFrozen).toHaveBeenCalledWith({ message, hidden: true });
    expect(handlers.sessionInvalid).not.toHaveBeenCalled();
    expect(handlers.error).not.toHaveBeenCalled();
  });

  it('1002 opens one real-name dialog even for two concurrent calls, and another once it closed', async () => {
    let close: () => void = () => undefined;
    const { client, ui: handlers } = setup(answer({ code: 1002, message: 'Verify first', data: null }));
    handlers.realNameRequired.mockImplementation(() => new Promise<void>((resolve) => (close = resolve)));
    const results = await Promise.allSettled([client.call(getUserInfo, {}), client.call(getUserInfo, {})]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    await vi.waitFor(() => expect(handlers.realNameRequired).toHaveBeenCalledTimes(1), { timeout: 5000 });
    expect(handlers.realNameRequired).toHaveBeenCalledWith({ message: 'Verify first' });
    close();
    await new Promise<void>((resolve) => queueMicrotask(resolve));
    await client.call(getUserInfo, {}).catch(() => undefined);
    await vi.waitFor(() => expect(handlers.realNameRequired).toHaveBeenCalledTimes(2), { timeout: 5000 });
  });

  it('other codes report the server message unless hidden, and always reject with it', async () => {
    const { client, ui: handlers } = setup(answer({ code: 1008, message: 'Captcha required', data: null }));
    await expect(client.call(getUserInfo, {})).rejects.toMatchObject({ code: 1008, message: 'Captcha required' });
    expect(handlers.error).toHaveBeenCalledWith({ code: 1008, message: 'Captcha required' });
    await expect(client.call(getUserInfo, {}, { hideErrors: true })).rejects.toMatchObject({ code: 1008 });
    expect(handlers.error).toHaveBeenCalledTimes(1);
  });
});

describe('low-level failures', () => {
  it('times out after 60 s with code 5', async () => {
    vi.useFakeTimers();
    const { client, ui: handlers } = setup(
      (_input, init) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
      { hosts: () => ['https://primary.test'] },
    );
    const pending = client.call(getUserInfo, {});
    const settled = expect(pending).rejects.toMatchObject({ kind: 'timeout', code: LOW_LEVEL_CODES.TIMEOUT });
    await vi.advanceTimersByTimeAsync(59_999);
    expect(handlers.networkError).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await settled;
    expect(handlers.networkError).toHaveBeenCalledTimes(1);
  });

  it('an aborted call rejects with 600003, tries no other host and shows nothing', async () => {
    const controller = new AbortController();
    const {
      client,
      fetch,
      ui: handlers,
    } = setup(
      (_input, init) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const pending = client.call(getUserInfo, {}, { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ kind: 'abort', code: LOW_LEVEL_CODES.ABORT });
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(handlers.networkError).not.toHaveBeenCalled();
  });
});

describe('reachability (the offline banner)', () => {
  it('reports reachable when a host answers with an envelope, whatever its code', async () => {
    const { client, ui } = setup(answer({ code: 1004, message: 'missing', data: null }));
    const connection = vi.fn<NonNullable<RequestUi['connection']>>();
    client.setUi({ ...ui, connection });
    await expect(client.call(getUserInfo, {}, { hideErrors: true })).rejects.toMatchObject({ code: 1004 });
    expect(connection.mock.calls).toEqual([[{ reachable: true }]]);
  });

  it('reports unreachable, before the network error, when no host answers or only gateways say it is down', async () => {
    for (const fetchImpl of [offline, answer({}, 502), answer({}, 503), answer({}, 504)]) {
      const order: string[] = [];
      const { client, ui } = setup(fetchImpl);
      client.setUi({
        ...ui,
        connection: ({ reachable }) => order.push(`connection ${String(reachable)}`),
        networkError: () => order.push('networkError'),
      });
      await expect(client.call(getUserInfo, {})).rejects.toBeInstanceOf(RequestError);
      expect(order).toEqual(['connection false', 'networkError']);
    }
  });

  it('a 404 or 500 from every host is an answer of sorts: the API is not reported unreachable', async () => {
    const { client, ui } = setup(answer({}, 500));
    const connection = vi.fn<NonNullable<RequestUi['connection']>>();
    client.setUi({ ...ui, connection });
    await expect(client.call(getUserInfo, {}, { hideErrors: true })).rejects.toBeInstanceOf(RequestError);
    expect(connection).not.toHaveBeenCalled();
  });

  it('ping: one quiet GET through the hosts, true when any answered with an envelope, never a dialog', async () => {
    const up = setup(answer({ code: 1, message: 'success', data: {} }));
    expect(await up.client.ping('/api/rules')).toBe(true);
    expect(urlOf(up.fetch.mock.calls[0])).toBe('https://primary.test/api/rules');
    expect(up.fetch.mock.calls[0]?.[1]?.method).toBe('GET');

    const refused = setup(answer({ code: 1004, message: 'missing', data: null }));
    expect(await refused.client.ping('/api/rules')).toBe(true);
    expect(refused.ui.error).not.toHaveBeenCalled();

    const down = setup(offline);
    expect(await down.client.ping('/api/rules')).toBe(false);
    expect(down.fetch).toHaveBeenCalledTimes(3);
    expect(down.ui.networkError).not.toHaveBeenCalled();
  });
});

describe('early answers (decision 060)', () => {
  const early = (body: unknown, status = 200) => Promise.resolve(json(body, status));

  it("answers a GET from the start script's read of the same address, without a fetch of its own", async () => {
    const takeEarly = vi.fn(() => early({ code: 1, message: 'ok', data: { account: 'early' } }));
    const { client, fetch } = setup(answer({ code: 1, message: 'ok', data: { account: 'fetched' } }), { takeEarly });
    await expect(client.call(getUserInfo, {})).resolves.toEqual({ account: 'early' });
    expect(takeEarly).toHaveBeenCalledWith('https://primary.test/api/user/info', false);
    expect(fetch).not.toHaveBeenCalled();
  });

  it("asks for the start's answer as shared only for a start read (the step counter's day)", async () => {
    const takeEarly = vi.fn((_url: string, _shared: boolean) => early({ code: 1, message: 'ok', data: {} }));
    const { client } = setup(answer({ code: 1, message: 'ok', data: {} }), { takeEarly });
    await client.call(getUserInfo, {}, { startRead: true });
    await client.call(getUserInfo, {});
    expect(takeEarly.mock.calls.map((args) => args[1])).toEqual([true, false]);
  });

  it('reads an early envelope as its own: a 1001 still ends the session', async () => {
    const { client, clearSession } = setup(answer({ code: 1, message: 'ok', data: {} }), {
      takeEarly: () => early({ code: 1001, message: 'expired', data: null }),
    });
    await expect(client.call(getUserInfo, {}, { hideErrors: true })).rejects.toMatchObject({ code: 1001 });
    expect(clearSession).toHaveBeenCalledTimes(1);
  });

  it('asks as usual when the early read failed, answered no envelope, or is not a GET', async () => {
    for (const failed of [
      () => Promise.reject(new TypeError('offline')),
      () => early({}, 502),
      () => early('<html>proxy</html>'),
    ]) {
      const { client, fetch } = setup(answer({ code: 1, message: 'ok', data: { account: 'fetched' } }), {
        takeEarly: failed,
      });
      await expect(client.call(getUserInfo, {})).resolves.toEqual({ account: 'fetched' });
      expect(fetch).toHaveBeenCalledTimes(1);
    }
    const takeEarly = vi.fn(() => early({ code: 1, message: 'ok', data: null }));
    const { client } = setup(answer({ code: 1, message: 'ok', data: null }), { takeEarly });
    await client.call(logout, {});
    expect(takeEarly).not.toHaveBeenCalled();
  });

  it('asks as usual when the early read has not answered within the timeout', async () => {
    vi.useFakeTimers();
    const { client, fetch } = setup(answer({ code: 1, message: 'ok', data: { account: 'fetched' } }), {
      takeEarly: () => new Promise(() => undefined),
      timeoutMs: 1000,
    });
    const result = client.call(getUserInfo, {});
    await vi.advanceTimersByTimeAsync(1000);
    await expect(result).resolves.toEqual({ account: 'fetched' });
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
