import { once } from 'node:events';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { setTimeout as delay } from 'node:timers/promises';
import { CODES } from '@stride/contract';
import { describe, expect, it } from 'vitest';
import { spawnServer, stopServer } from '../../bench/spawn-server.js';
import { createTestApp, dialect, type TestApp } from '../../test/harness.js';
import { shutDownGracefully } from './shutdown.js';

/** Polls `condition` until it holds, for at most `ms`. */
async function waitFor(what: string, condition: () => boolean | Promise<boolean>, ms = 15_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await delay(10);
  }
}

/** Whether a new connection to `base` is refused (the listener is closed). */
async function refused(base: string): Promise<boolean> {
  try {
    await fetch(`${base}/healthz`);
    return false;
  } catch (error) {
    return (error as { cause?: { code?: string } }).cause?.code === 'ECONNREFUSED';
  }
}

/** An app with a route that answers only when the test lets it. */
async function appWithSlowRoute(): Promise<{ t: TestApp; base: string; entered: () => boolean; finish: () => void }> {
  let entered = false;
  let finish: () => void = () => undefined;
  const released = new Promise<void>((resolve) => {
    finish = resolve;
  });
  const t = await createTestApp(
    {},
    {
      routes: (app) =>
        app.get('/test/slow', async () => {
          entered = true;
          await released;
          return { status: 'finished' };
        }),
    },
  );
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = t.app.server.address() as { port: number };
  return { t, base: `http://127.0.0.1:${port}`, entered: () => entered, finish };
}

describe('graceful shutdown', () => {
  it('answers /readyz 503 at once, refuses new connections and lets a request in flight finish', async () => {
    const { t, base, entered, finish } = await appWithSlowRoute();
    try {
      expect((await fetch(`${base}/readyz`)).status).toBe(200);
      const slow = fetch(`${base}/test/slow`);
      await waitFor('the slow request to start', entered);

      const stopped = shutDownGracefully(t.app, t.app.readiness, 10_000);
      expect(t.app.readiness.draining).toBe(true);
      expect(await t.app.readiness.report()).toEqual({ ready: false, failed: {}, draining: true });
      await waitFor('new connections to be refused', () => refused(base));

      finish();
      const answer = await slow;
      expect(answer.status).toBe(200);
      expect(await answer.json()).toEqual({ status: 'finished' });
      expect(await stopped).toBe('drained');
    } finally {
      finish();
      await t.close();
    }
  });

  it('cuts off a request still running at the end of the grace period', async () => {
    const { t, base, entered, finish } = await appWithSlowRoute();
    try {
      const slow = fetch(`${base}/test/slow`).then(
        () => 'answered',
        () => 'cut off',
      );
      await waitFor('the slow request to start', entered);
      const started = Date.now();
      expect(await shutDownGracefully(t.app, t.app.readiness, 300)).toBe('cut');
      expect(Date.now() - started).toBeGreaterThanOrEqual(290);
      expect(await slow).toBe('cut off');
    } finally {
      finish();
      await t.close();
    }
  });

  it('/readyz answers 503 from the moment the server drains', async () => {
    const t = await createTestApp();
    try {
      expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
      t.app.readiness.drain();
      const draining = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(draining.statusCode).toBe(503);
      expect(draining.json()).toEqual({ status: 'unavailable', draining: true });
      // Still alive: an orchestrator must not restart a server that is stopping by itself.
      expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('/readyz names a failed check another part added, and /healthz stays alive', async () => {
    const t = await createTestApp();
    try {
      let search: string | undefined = 'index unreachable';
      t.app.readiness.addCheck('search', () => (search ? Promise.reject(new Error(search)) : Promise.resolve()));
      const failing = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(failing.statusCode).toBe(503);
      expect(failing.json()).toEqual({ status: 'unavailable', search: 'index unreachable' });
      expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
      search = undefined;
      expect((await t.app.inject({ method: 'GET', url: '/readyz' })).json()).toEqual({ status: 'ready' });
    } finally {
      await t.close();
    }
  });
});

// The server as `npm start` runs it: SIGTERM during a request whose body is still arriving. Its
// own SQLite database; the drain does not depend on the database's kind.
if (dialect === 'sqlite') {
  describe('SIGTERM to the server process', () => {
    it('finishes the request in flight, refuses new connections, closes and exits 0', async () => {
      const server = await spawnServer(
        { STRIDE_MODE: 'demo', WEB_DIST: '', CONSOLE_DIST: '', LOG_LEVEL: 'info', SHUTDOWN_GRACE_SECONDS: '20' },
        { captureStdout: true },
      );
      let output = '';
      server.child.stdout!.on('data', (chunk: Buffer) => {
        output += chunk.toString();
      });
      try {
        const body = JSON.stringify({ account: '13800138000', password: 'not-the-password-1' });
        const { port } = new URL(server.base);
        const request = httpRequest({
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/user/login',
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        });
        const answered = once(request, 'response');
        // Half the body: the server has the request and waits for the rest.
        request.write(body.slice(0, 10));
        await waitFor('the login request to reach the server', () =>
          output.split('\n').some((line) => line.includes('incoming request') && line.includes('/api/user/login')),
        );

        const exited = once(server.child, 'exit');
        server.child.kill('SIGTERM');
        await waitFor('the shutdown to start', () => output.includes('shutting down'));
        await waitFor('new connections to be refused', () => refused(server.base));

        request.end(body.slice(10));
        const [response] = (await answered) as [IncomingMessage];
        let text = '';
        for await (const chunk of response) text += String(chunk);
        expect(response.statusCode).toBe(200);
        // The answer a wrong password gets: the request ran to its end.
        expect((JSON.parse(text) as { code: number }).code).not.toBe(CODES.SERVICE_UNAVAILABLE);
        expect(JSON.parse(text)).toMatchObject({ data: null });

        const [code] = (await exited) as [number | null];
        expect(code).toBe(0);
        expect(output).toContain('"outcome":"drained"');
      } finally {
        await stopServer(server);
      }
    }, 120_000);
  });
}
