import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';
import type { ManifestOptions, VitePWAOptions } from 'vite-plugin-pwa';

/**
 * The installable app (docs/product/client.md, Install, offline and updates; decision 045 "An installable app that
 * opens offline"): the web app manifest and the service worker vite-plugin-pwa builds with Workbox's generateSW.
 */

/** One of the app's colour variables in app.css (`--name: #rrggbb;`), so the manifest follows the app. */
export function cssColour(css: string, name: string): string {
  const match = new RegExp(`--${name}:\\s*(#[0-9a-fA-F]{3,8})\\s*;`).exec(css);
  if (!match?.[1]) throw new Error(`app.css defines no colour --${name}`);
  return match[1];
}

const ANY_SIZES = [48, 72, 96, 128, 144, 192, 256, 384, 512];
const MASKABLE_SIZES = [192, 512];

/** The manifest; icons are drawn from favicon.svg by scripts/make-icons.mjs. */
export function webManifest(appCss: string): Partial<ManifestOptions> {
  return {
    id: '/',
    name: 'Stride',
    short_name: 'Stride',
    description: 'Walk, earn points and cash back, shop with points.',
    lang: 'en',
    dir: 'ltr',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    orientation: 'portrait',
    theme_color: cssColour(appCss, 'primary'),
    background_color: cssColour(appCss, 'background'),
    categories: ['health', 'fitness', 'lifestyle'],
    icons: [
      ...ANY_SIZES.map((size) => ({
        src: `/icons/icon-${size}.png`,
        sizes: `${size}x${size}`,
        type: 'image/png',
        purpose: 'any',
      })),
      ...MASKABLE_SIZES.map((size) => ({
        src: `/icons/maskable-${size}.png`,
        sizes: `${size}x${size}`,
        type: 'image/png',
        purpose: 'maskable',
      })),
    ],
  };
}

/**
 * The page's `theme-color` (the browser's bar around the app) from the manifest's one value, so
 * the two never disagree (docs/product/client.md, Install, offline and updates): index.html
 * carries none of its own, and this puts the manifest's in its head, in dev and in the build.
 */
export function themeColourMeta(appCssFile: string): Plugin {
  return {
    name: 'stride-theme-colour',
    transformIndexHtml: () => [
      {
        tag: 'meta',
        attrs: { name: 'theme-color', content: webManifest(readFileSync(appCssFile, 'utf8')).theme_color ?? '' },
        injectTo: 'head',
      },
    ],
  };
}

/**
 * Addresses the worker never answers with the app shell: the server's own pages and data. The app
 * is hash-routed, so every one of its own navigations is to `/` (the allow list); these are refused
 * besides, by name.
 */
export const NAVIGATION_DENYLIST = [/^\/api(\/|$)/, /^\/console(\/|$)/, /^\/demo(\/|$)/, /^\/(healthz|readyz)$/];

/** The script the worker imports: the Web Push handlers (src/sw/push.ts, decision 048 "Web Push"). */
export const PUSH_SCRIPT = 'sw-push.js';

/**
 * Bundles src/sw/push.ts with a one-line entry that installs its handlers on the worker's global
 * scope into `sw-push.js` at the root of the build, which the Workbox worker loads with
 * `importScripts` (`workbox.importScripts` below). The server serves it with no-cache, like sw.js,
 * and the browser checks it for changes with the worker.
 */
export function pushWorkerScript(pushModule: string): Plugin {
  return {
    name: 'stride-sw-push',
    apply: 'build',
    async generateBundle() {
      // Loaded here, at build time only: the app's tests read this file's options in jsdom, where
      // esbuild refuses to load.
      const { build } = await import('esbuild');
      const result = await build({
        stdin: {
          contents: `import { installPushHandlers } from ${JSON.stringify(pushModule)};\ninstallPushHandlers(self);\n`,
          resolveDir: process.cwd(),
          loader: 'ts',
        },
        bundle: true,
        write: false,
        format: 'iife',
        minify: true,
        target: 'es2020',
        logLevel: 'silent',
      });
      const [output] = result.outputFiles;
      if (!output) throw new Error(`${PUSH_SCRIPT} was not built`);
      this.emitFile({ type: 'asset', fileName: PUSH_SCRIPT, source: output.text });
    },
  };
}

export function pwaOptions(appCssFile: string): Partial<VitePWAOptions> {
  return {
    // "A new version is ready": a new worker waits until the user reloads (src/app/install).
    registerType: 'prompt',
    // The app registers the worker itself, after its first paint (src/app/install/register.ts).
    injectRegister: false,
    strategies: 'generateSW',
    filename: 'sw.js',
    manifestFilename: 'manifest.webmanifest',
    includeAssets: ['favicon.svg', 'apple-touch-icon.png', 'icons/apple-touch-icon-*.png'],
    manifest: webManifest(readFileSync(appCssFile, 'utf8')),
    workbox: {
      // The Web Push handlers (pushWorkerScript above).
      importScripts: [PUSH_SCRIPT],
      // The shell and every page's chunk, so any page opens offline. Left to the network: the face
      // detector (its 1.3 MB chunk and model, face-models/), which the face check loads when it
      // starts and which is of no use without a network, and the demo's sample files.
      globPatterns: ['index.html', 'assets/*.{js,css}', 'favicon.svg'],
      globIgnores: ['assets/face-detector-*.js'],
      navigateFallback: '/index.html',
      navigateFallbackAllowlist: [/^\/(index\.html)?(\?.*)?$/],
      navigateFallbackDenylist: NAVIGATION_DENYLIST,
      cleanupOutdatedCaches: true,
      // The first worker takes the open page at once; a later one waits for the user (no skipWaiting).
      clientsClaim: true,
      skipWaiting: false,
      // API answers are never served from a cache: every /api call goes to the network, and a
      // failure reaches the page as a failure (which shows its error and the offline banner).
      // Opening an /api address itself (a file download) is left to the browser altogether.
      runtimeCaching: [
        {
          urlPattern: ({ url, request }) => url.pathname.startsWith('/api/') && request.mode !== 'navigate',
          handler: 'NetworkOnly',
        },
      ],
    },
    devOptions: { enabled: false },
  };
}
