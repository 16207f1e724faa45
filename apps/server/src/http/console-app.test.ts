import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/harness.js';
import { cspDirectives, removedAfterwards } from '../../test/web-builds.js';

// Both builds as Vite lays them out, each with its own index.html and hashed assets.
function fakeBuild(prefix: string, base: string, marker: string): string {
  const dist = mkdtempSync(path.join(tmpdir(), prefix));
  mkdirSync(path.join(dist, 'assets'));
  mkdirSync(path.join(dist, '.vite'));
  writeFileSync(
    path.join(dist, 'index.html'),
    `<!doctype html><html><head><script type="module" src="${base}assets/index-${marker}.js"></script></head><body>${marker}</body></html>`,
  );
  writeFileSync(path.join(dist, 'assets', `index-${marker}.js`), `console.log("${marker}");`);
  writeFileSync(path.join(dist, '.vite', 'manifest.json'), '{}');
  return dist;
}

const [webDist, consoleDist] = removedAfterwards(
  fakeBuild('stride-web-', '/', 'web'),
  fakeBuild('stride-console-', '/console/', 'console'),
);

const t = useTestApp({ WEB_DIST: webDist, CONSOLE_DIST: consoleDist });

describe('the operator console at /console/', () => {
  it('serves its own index.html, fresh every time, under a policy with no inline script, never framed', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/console/' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<body>console</body>');
    expect(response.headers['cache-control']).toBe('no-cache');
    const csp = cspDirectives(response);
    expect(csp.get('script-src')).toBe("'self'");
    expect(csp.get('connect-src')).toBe("'self'");
    expect(csp.get('img-src')).toBe("'self' data: blob: https:");
    expect(csp.get('frame-ancestors')).toBe("'none'");
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('keeps hashed assets for a year and hides the build manifest', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/console/assets/index-console.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('console.log("console");');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const manifest = await t.app.inject({ method: 'GET', url: '/console/.vite/manifest.json' });
    expect(manifest.statusCode).toBe(404);
  });

  it('sends /console to /console/, and leaves the web app at /', async () => {
    const bare = await t.app.inject({ method: 'GET', url: '/console' });
    expect(bare.statusCode).toBe(301);
    expect(bare.headers.location).toBe('/console/');
    const web = await t.app.inject({ method: 'GET', url: '/' });
    expect(web.statusCode).toBe(200);
    expect(web.body).toContain('<body>web</body>');
    expect(cspDirectives(web).get('connect-src')).toBe("'self'");
    expect(cspDirectives(web).get('img-src')).toContain('https:');
  });
});
