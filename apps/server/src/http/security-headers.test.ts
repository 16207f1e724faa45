import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { buyCard, createPayment } from '@stride/contract';
import {
  createPlan,
  idempotencyKey,
  registerUser,
  useTestApp,
  verifyUser,
  api,
  PAYMENT_PASSWORD,
} from '../../test/harness.js';
import { cspDirectives, removedAfterwards } from '../../test/web-builds.js';

// A built web app as Vite lays it out: index.html, hashed assets, the build's own .vite folder.
const webDist = mkdtempSync(path.join(tmpdir(), 'stride-web-'));
mkdirSync(path.join(webDist, 'assets'));
mkdirSync(path.join(webDist, '.vite'));
writeFileSync(
  path.join(webDist, 'index.html'),
  '<!doctype html><html><head><script type="module" src="/assets/index-abc123.js"></script></head><body></body></html>',
);
writeFileSync(path.join(webDist, 'assets', 'index-abc123.js'), 'console.log("stride");');
writeFileSync(path.join(webDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
// The service worker, its Workbox runtime and the manifest vite-plugin-pwa writes (decision 045 "An installable app
// that opens offline").
writeFileSync(path.join(webDist, 'sw.js'), 'importScripts("/workbox-abc123.js");');
writeFileSync(path.join(webDist, 'workbox-abc123.js'), 'self.define = () => {};');
writeFileSync(path.join(webDist, 'manifest.webmanifest'), '{"name":"Stride","start_url":"/"}');
writeFileSync(path.join(webDist, '.vite', 'api-backups.json'), '["https://backup.example.com/api"]');
removedAfterwards(webDist);

const t = useTestApp({ WEB_DIST: webDist });

function expectNotFramable(response: LightMyRequestResponse) {
  expect(response.headers['x-frame-options']).toBe('DENY');
  expect(cspDirectives(response).get('frame-ancestors')).toBe("'none'");
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(response.headers['referrer-policy']).toBe('no-referrer');
}

describe('security headers', () => {
  it('API answers: the strictest policy and never stored, for successes, refusals and unknown paths', async () => {
    const { token } = await registerUser(t);
    const answers = [
      await t.app.inject({ method: 'GET', url: '/api/user/info', headers: { authorization: `Bearer ${token}` } }),
      await t.app.inject({ method: 'GET', url: '/api/user/info' }),
      await t.app.inject({ method: 'GET', url: '/api/no/such/thing' }),
    ];
    expect(answers.map((response) => response.statusCode)).toEqual([200, 200, 404]);
    for (const response of answers) {
      expectNotFramable(response);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(cspDirectives(response).get('default-src')).toBe("'none'");
    }
    // Endpoints and probes take their fixed headers from one hook: helmet's per-request work for a
    // page's policy (which sets headers like this one) stays off the hot path (decision 016 "Malformed requests and
    // security headers").
    const probe = await t.app.inject({ method: 'GET', url: '/healthz' });
    for (const response of [answers[0], answers[1], probe]) {
      expect(response?.headers['x-dns-prefetch-control']).toBeUndefined();
      expect(response?.headers['cache-control']).toBe('no-store');
    }
  });

  it('the web app: scripts from its own origin only, the build’s backup hosts reachable', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('index-abc123.js');
    expectNotFramable(response);
    const csp = cspDirectives(response);
    expect(csp.get('script-src')).toBe("'self'");
    expect(csp.get('object-src')).toBe("'none'");
    expect(csp.get('connect-src')).toBe("'self' https://backup.example.com");
    expect(csp.get('img-src')).toBe("'self' data: blob: https:");
    expect(csp.get('worker-src')).toBe("'self'");
    expect(csp.get('manifest-src')).toBe("'self'");
  });

  it('the service worker, its runtime and the manifest: revalidated every time, with their own types', async () => {
    const expected = {
      '/sw.js': 'application/javascript',
      '/workbox-abc123.js': 'application/javascript',
      '/manifest.webmanifest': 'application/manifest+json',
    };
    for (const [url, type] of Object.entries(expected)) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(String(response.headers['content-type']).split(';')[0], url).toBe(type);
      expectNotFramable(response);
    }
    // The worker's own policy lets it reach only this origin and the build's backup hosts.
    const worker = await t.app.inject({ method: 'GET', url: '/sw.js' });
    expect(cspDirectives(worker).get('connect-src')).toBe("'self' https://backup.example.com");
    expect(cspDirectives(worker).get('script-src')).toBe("'self'");
  });

  it('index.html must be revalidated; hashed assets are cached for a year', async () => {
    for (const url of ['/', '/index.html', '/favicon.svg']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-cache');
    }
    const asset = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expectNotFramable(asset);
    // The build's manifest folder is still not served.
    expect((await t.app.inject({ method: 'GET', url: '/.vite/api-backups.json' })).statusCode).toBe(404);
  });

  it('the sandbox pay page: no script at all, its stylesheet from this origin, never framed', async () => {
    const planId = await createPlan(t);
    const { token, userId } = await registerUser(t);
    await verifyUser(t, userId);
    const order = await api(t, buyCard, {
      token,
      body: { planId, payWith: 'online', idempotencyKey: idempotencyKey(), paymentPassword: PAYMENT_PASSWORD },
    });
    const payment = await api(t, createPayment, {
      token,
      body: { orderId: order.data.id, idempotencyKey: idempotencyKey() },
    });
    const payUrl = new URL(payment.data.payUrl);
    const page = await t.app.inject({ method: 'GET', url: payUrl.pathname + payUrl.search });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<button class="button primary" type="submit">Pay ¥99.00</button>');
    expect(page.headers['content-type']).toContain('text/html');
    expectNotFramable(page);
    const csp = cspDirectives(page);
    expect(csp.get('default-src')).toBe("'none'");
    expect(csp.get('style-src')).toBe("'self'");
    expect(csp.get('form-action')).toBe("'self'");
    expect(csp.has('script-src')).toBe(false);
    expect(page.body).not.toMatch(/<style|<script|style=/);
    const stylesheet = page.body.match(/<link rel="stylesheet" href="([^"]+)">/)?.[1];
    expect(stylesheet).toBe('/sandbox/pay.css');
    const css = await t.app.inject({ method: 'GET', url: stylesheet });
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(css.body).toContain('.demo{');
  });
});
