import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  NAVIGATION_DENYLIST,
  PUSH_SCRIPT,
  cssColour,
  pushWorkerScript,
  pwaOptions,
  themeColourMeta,
  webManifest,
} from '../../pwa';

// Tests run from the repository root (vitest.config.ts).
const WEB = path.resolve('apps', 'web');
const PUBLIC = path.join(WEB, 'public');
const APP_CSS = path.join(WEB, 'src', 'app', 'app.css');

/** A PNG's width and height, from its IHDR chunk. */
function pngSize(file: string): { width: number; height: number } {
  const bytes = readFileSync(file);
  expect(bytes.subarray(1, 4).toString('latin1'), file).toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

describe('the installable app (decision 045)', () => {
  const manifest = webManifest(readFileSync(APP_CSS, 'utf8'));

  it('the manifest: standalone at the root, in the app’s own colours', () => {
    expect(manifest).toMatchObject({
      name: 'Stride',
      short_name: 'Stride',
      display: 'standalone',
      start_url: '/',
      scope: '/',
    });
    const css = readFileSync(APP_CSS, 'utf8');
    expect(manifest.theme_color).toBe(cssColour(css, 'primary'));
    expect(manifest.background_color).toBe(cssColour(css, 'background'));
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
  });

  it('the page’s theme-color is the manifest’s, from one place', () => {
    // index.html names no colour of its own: a second value would drift from the manifest's.
    expect(readFileSync(path.join(WEB, 'index.html'), 'utf8')).not.toMatch(/theme-color/);
    const transform = themeColourMeta(APP_CSS).transformIndexHtml;
    expect(typeof transform).toBe('function');
    const tags = (transform as () => { tag: string; attrs: Record<string, string> }[])();
    const metas = tags.filter((tag) => tag.tag === 'meta' && tag.attrs.name === 'theme-color');
    expect(metas).toHaveLength(1);
    expect(metas[0]?.attrs.content).toBe(manifest.theme_color);
  });

  it('every icon it names exists with the size it states; 192 and 512 px for any use and maskable', () => {
    const icons = manifest.icons ?? [];
    for (const icon of icons) {
      const file = path.join(PUBLIC, icon.src);
      expect(existsSync(file), icon.src).toBe(true);
      const { width, height } = pngSize(file);
      expect(`${width}x${height}`, icon.src).toBe(icon.sizes);
      expect(icon.type).toBe('image/png');
    }
    const sizes = (purpose: string) => icons.filter((icon) => icon.purpose === purpose).map((icon) => icon.sizes);
    expect(sizes('any')).toEqual(expect.arrayContaining(['192x192', '512x512']));
    expect(sizes('maskable')).toEqual(['192x192', '512x512']);
  });

  it('index.html links the apple-touch-icons, each the size it states', () => {
    const html = readFileSync(path.join(WEB, 'index.html'), 'utf8');
    const links = [...html.matchAll(/<link rel="apple-touch-icon"(?: sizes="(\d+)x\d+")? href="([^"]+)"/g)];
    expect(links.map((link) => link[1] ?? 'default')).toEqual(['default', '152', '167', '180']);
    for (const [, size = '180', href = ''] of links) {
      const { width, height } = pngSize(path.join(PUBLIC, href));
      expect([width, height], href).toEqual([Number(size), Number(size)]);
    }
  });

  it('the worker: a prompt before a new version, the app shell for the app’s own addresses only', () => {
    const options = pwaOptions(APP_CSS);
    expect(options.registerType).toBe('prompt');
    expect(options.injectRegister).toBe(false);
    const workbox = options.workbox ?? {};
    expect(workbox.skipWaiting).toBe(false);
    const allow = workbox.navigateFallbackAllowlist ?? [];
    const handled = (address: string) =>
      allow.some((pattern) => pattern.test(address)) && !NAVIGATION_DENYLIST.some((pattern) => pattern.test(address));
    for (const address of ['/', '/index.html', '/?api=https%3A%2F%2Fbackup.example.com']) {
      expect(handled(address), address).toBe(true);
    }
    for (const address of [
      '/api/rules',
      '/console/',
      '/console',
      '/demo/outbox',
      '/healthz',
      '/sandbox/pay/1',
      '/media/x.png',
    ]) {
      expect(handled(address), address).toBe(false);
    }
    for (const address of ['/api/user/info', '/console/', '/demo/outbox']) {
      expect(
        NAVIGATION_DENYLIST.some((pattern) => pattern.test(address)),
        address,
      ).toBe(true);
    }
    // API answers only from the network.
    expect(workbox.runtimeCaching?.map((rule) => rule.handler)).toEqual(['NetworkOnly']);
  });

  it('the worker imports sw-push.js, built from the Web Push handlers at build time', () => {
    expect(pwaOptions(APP_CSS).workbox?.importScripts).toEqual([PUSH_SCRIPT]);
    const plugin = pushWorkerScript(path.join(WEB, 'src', 'sw', 'push.ts'));
    expect(plugin).toMatchObject({ name: 'stride-sw-push', apply: 'build' });
    // The built worker running them is checked in the browser (e2e/install.e2e.test.ts).
  });
});
