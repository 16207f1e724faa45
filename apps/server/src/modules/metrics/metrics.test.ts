import { randomUUID } from 'node:crypto';
import { CODES, getPayment, getUserInfo } from '@stride/contract';
import { describe, expect, it } from 'vitest';
import {
  api,
  call,
  createTestApp,
  dialect,
  fundUser,
  registerUser,
  useTestApp,
  type TestApp,
} from '../../../test/harness.js';

const TOKEN = 'metrics-token-metrics-token-metrics-token';

/** One sample of the exposition text: its name, labels and value. */
interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** Parses Prometheus's text format (the lines this server writes: no timestamps). */
function parse(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) throw new Error(`not a sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, key, value] of (match[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)) {
      labels[key!] = value!;
    }
    samples.push({ name: match[1]!, labels, value: Number(match[3]) });
  }
  return samples;
}

async function scrape(t: Pick<TestApp, 'app'>): Promise<Sample[]> {
  const response = await t.app.inject({
    method: 'GET',
    url: '/metrics',
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return parse(response.body);
}

/** The value of the one sample with this name and these labels (among others); 0 when absent. */
function valueOf(samples: Sample[], name: string, labels: Record<string, string> = {}): number {
  const found = samples.filter(
    (sample) => sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
  );
  if (found.length > 1) throw new Error(`${found.length} samples of ${name} match ${JSON.stringify(labels)}`);
  return found[0]?.value ?? 0;
}

describe('GET /metrics behind METRICS_TOKEN', () => {
  const t = useTestApp({ METRICS_TOKEN: TOKEN });

  it('is refused without the token or with another one, and not cached', async () => {
    for (const headers of [{}, { authorization: 'Bearer wrong' }, { authorization: TOKEN }]) {
      const response = await t.app.inject({ method: 'GET', url: '/metrics', headers });
      expect(response.statusCode).toBe(401);
      expect(response.headers['www-authenticate']).toBe('Bearer');
      expect(response.body).not.toContain('stride_');
    }
    const response = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('counts a request under its route, status and envelope code, and times it', async () => {
    const user = await registerUser(t);
    const labels = { method: 'GET', route: '/api/user/info', status_code: '200', code: '1' };
    const before = await scrape(t);
    expect((await api(t, getUserInfo, { token: user.token })).code).toBe(1);
    expect((await api(t, getUserInfo, { token: user.token })).code).toBe(1);
    const after = await scrape(t);
    expect(
      valueOf(after, 'stride_http_requests_total', labels) - valueOf(before, 'stride_http_requests_total', labels),
    ).toBe(2);
    const timed = { method: 'GET', route: '/api/user/info', status_code: '200' };
    expect(
      valueOf(after, 'stride_http_request_duration_seconds_count', timed) -
        valueOf(before, 'stride_http_request_duration_seconds_count', timed),
    ).toBe(2);
    // Every request took less than the last bucket: the +Inf bucket holds them all.
    expect(valueOf(after, 'stride_http_request_duration_seconds_bucket', { ...timed, le: '+Inf' })).toBe(
      valueOf(after, 'stride_http_request_duration_seconds_count', timed),
    );
    expect(valueOf(after, 'stride_http_request_duration_seconds_bucket', { ...timed, le: '10' })).toBe(
      valueOf(after, 'stride_http_request_duration_seconds_count', timed),
    );
  });

  it('counts refusals with their envelope code, by route pattern and never by address', async () => {
    const user = await registerUser(t);
    const id = randomUUID();
    const unknownPath = `/api/nothing-here/${randomUUID()}`;
    const before = await scrape(t);
    expect((await api(t, getUserInfo)).code).toBe(CODES.SESSION_INVALID);
    expect((await api(t, getPayment, { params: { id }, token: user.token })).code).toBe(CODES.NOT_FOUND);
    expect(await call(t.app, 'GET', unknownPath)).toMatchObject({ status: 404, code: CODES.NOT_FOUND });
    const response = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    const after = parse(response.body);
    const rose = (labels: Record<string, string>) =>
      valueOf(after, 'stride_http_requests_total', labels) - valueOf(before, 'stride_http_requests_total', labels);
    expect(rose({ route: '/api/user/info', status_code: '200', code: String(CODES.SESSION_INVALID) })).toBe(1);
    expect(
      rose({ route: getPayment.path.replace('{id}', ':id'), status_code: '200', code: String(CODES.NOT_FOUND) }),
    ).toBe(1);
    expect(rose({ route: 'unmatched', status_code: '404', code: String(CODES.NOT_FOUND) })).toBe(1);
    // Ids in addresses never become labels.
    expect(response.body).not.toContain(id);
    expect(response.body).not.toContain('nothing-here');
    // Answers that are not envelopes (the probes) count with code "none".
    await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(valueOf(await scrape(t), 'stride_http_requests_total', { route: '/healthz', code: 'none' })).toBeGreaterThan(
      0,
    );
  });

  it('reports what users hold per asset, and the system accounts it comes from', async () => {
    const user = await registerUser(t);
    const before = await scrape(t);
    await fundUser(t, user.userId, 1_234);
    await fundUser(t, user.userId, 56, 'POINTS');
    const after = await scrape(t);
    const rose = (name: string, labels: Record<string, string>) =>
      valueOf(after, name, labels) - valueOf(before, name, labels);
    expect(rose('stride_ledger_liabilities', { asset: 'CNY' })).toBe(1_234);
    expect(rose('stride_ledger_liabilities', { asset: 'POINTS' })).toBe(56);
    expect(rose('stride_ledger_system_balance', { account: 'funding', asset: 'CNY' })).toBe(-1_234);
    // The same totals as summing every user's account.
    const { users } = await t.app.services.ledger.liabilities();
    expect(valueOf(after, 'stride_ledger_liabilities', { asset: 'CNY' })).toBe(users.CNY);
    expect(valueOf(after, 'stride_ledger_liabilities', { asset: 'POINTS' })).toBe(users.POINTS);
    expect(valueOf(after, 'stride_metrics_source_up', { source: 'ledger' })).toBe(1);
  });

  it('reports the outbox: pending and failed messages per channel and the oldest wait', async () => {
    const now = t.clock.now();
    const row = (status: string, channel: string, createdAt: number) => ({
      id: randomUUID(),
      channel,
      recipient: '13900000000',
      body: 'x',
      created_at: createdAt,
      status,
      error: status === 'failed' ? 'gateway said no' : null,
      template: null,
      params: null,
      attempts: 1,
      next_attempt_at: status === 'pending' ? createdAt : null,
      lease_token: null,
      lease_until: null,
      sent_at: null,
    });
    const before = await scrape(t);
    await t.db
      .insertInto('outbox_messages')
      .values([
        row('pending', 'sms', now - 90_000),
        row('pending', 'sms', now - 1_000),
        row('failed', 'sms', now - 5_000),
        row('failed', 'push', now - 5_000),
        row('sent', 'sms', now - 5_000),
      ])
      .execute();
    const after = await scrape(t);
    const rose = (labels: Record<string, string>) =>
      valueOf(after, 'stride_outbox_messages', labels) - valueOf(before, 'stride_outbox_messages', labels);
    expect(rose({ channel: 'sms', status: 'pending' })).toBe(2);
    expect(rose({ channel: 'sms', status: 'failed' })).toBe(1);
    expect(rose({ channel: 'push', status: 'failed' })).toBe(1);
    expect(valueOf(after, 'stride_outbox_oldest_pending_seconds', { channel: 'sms' })).toBeGreaterThanOrEqual(90);
    await t.db.deleteFrom('outbox_messages').where('recipient', '=', '13900000000').execute();
  });

  it('reports job queues registered with registerQueueMetrics, and a failing source without failing the scrape', async () => {
    let broken = false;
    t.app.metrics!.registerQueueMetrics(() => {
      if (broken) return Promise.reject(new Error('queue unreachable'));
      return Promise.resolve([{ name: 'outbox-delivery', waiting: 3, active: 1, failed: 2 }]);
    });
    const samples = await scrape(t);
    expect(valueOf(samples, 'stride_job_queue_jobs', { queue: 'outbox-delivery', state: 'waiting' })).toBe(3);
    expect(valueOf(samples, 'stride_job_queue_jobs', { queue: 'outbox-delivery', state: 'active' })).toBe(1);
    expect(valueOf(samples, 'stride_job_queue_jobs', { queue: 'outbox-delivery', state: 'failed' })).toBe(2);
    expect(valueOf(samples, 'stride_metrics_source_up', { source: 'jobs' })).toBe(1);
    // The app's own job queue (decision 055 "Background jobs in a queue") is registered too, one series per job and
    // state.
    for (const job of ['outbox.deliver', 'payments.sweep', 'files.cleanup']) {
      expect(
        samples.filter((sample) => sample.name === 'stride_job_queue_jobs' && sample.labels.queue === job),
      ).toHaveLength(3);
    }
    broken = true;
    const during = await scrape(t);
    expect(valueOf(during, 'stride_metrics_source_up', { source: 'jobs' })).toBe(0);
    expect(valueOf(during, 'stride_metrics_source_up', { source: 'ledger' })).toBe(1);
    broken = false;
  });

  it("reports the database pool, event-loop lag and the process's memory", async () => {
    const samples = await scrape(t);
    expect(valueOf(samples, 'stride_db_info', { dialect })).toBe(1);
    if (dialect === 'postgres') {
      expect(valueOf(samples, 'stride_db_pool_max_connections')).toBe(10);
      expect(valueOf(samples, 'stride_db_pool_connections')).toBeGreaterThan(0);
      expect(samples.some((sample) => sample.name === 'stride_db_pool_waiting_requests')).toBe(true);
    } else {
      expect(samples.some((sample) => sample.name.startsWith('stride_db_pool_'))).toBe(false);
      // The test app's writes so far (its migrations, its sign-ups) were committed, several at a time or not.
      const commits = valueOf(samples, 'stride_db_commits_total');
      expect(commits).toBeGreaterThan(0);
      expect(valueOf(samples, 'stride_db_commit_members_total')).toBeGreaterThanOrEqual(commits);
    }
    expect(valueOf(samples, 'process_resident_memory_bytes')).toBeGreaterThan(10 * 1024 * 1024);
    expect(samples.some((sample) => sample.name === 'nodejs_eventloop_lag_p99_seconds')).toBe(true);
    expect(samples.some((sample) => sample.name === 'nodejs_heap_size_used_bytes')).toBe(true);
  });
});

describe('GET /metrics on a listener of its own (METRICS_PORT)', () => {
  it('answers there, on loopback, and not on the public port', async () => {
    const t = await createTestApp({ METRICS_PORT: '0' });
    try {
      await t.app.listen({ host: '127.0.0.1', port: 0 });
      const address = t.app.metricsAddress!()!;
      expect(address.host).toBe('127.0.0.1');
      const scraped = await fetch(`http://127.0.0.1:${address.port}/metrics`);
      expect(scraped.status).toBe(200);
      expect(valueOf(parse(await scraped.text()), 'stride_db_info', { dialect })).toBe(1);
      expect((await fetch(`http://127.0.0.1:${address.port}/api/user/info`)).status).toBe(404);
      const publicPort = (t.app.server.address() as { port: number }).port;
      const onPublic = await fetch(`http://127.0.0.1:${publicPort}/metrics`);
      expect(onPublic.status).toBe(404);
      expect(await onPublic.text()).not.toContain('stride_');
    } finally {
      await t.close();
    }
  });

  it('is off when neither METRICS_TOKEN nor METRICS_PORT is set', async () => {
    const t = await createTestApp();
    try {
      expect(t.app.metrics).toBeNull();
      expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});
