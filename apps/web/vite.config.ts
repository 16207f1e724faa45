import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from '../../scripts/precompress';
import { VitePWA } from 'vite-plugin-pwa';
import { browserContract } from './browser-contract';
import { pushWorkerScript, pwaOptions, themeColourMeta } from './pwa';

/**
 * The face page's tiny face detector model (decision 013 "Face detection in the browser"): copied from the npm package
 * into the build as /face-models/*, and served from the package in dev. Only these two files, not the
 * package's other models.
 */
function faceModels(): Plugin {
  const dir = path.join(
    path.dirname(createRequire(import.meta.url).resolve('@vladmandic/face-api/package.json')),
    'model',
  );
  const files = ['tiny_face_detector_model-weights_manifest.json', 'tiny_face_detector_model.bin'];
  return {
    name: 'stride-face-models',
    configureServer(server) {
      server.middlewares.use('/face-models', (request, response, next) => {
        const name = (request.url ?? '').replace(/^\//, '').split('?')[0] ?? '';
        if (!files.includes(name)) return next();
        response.setHeader('content-type', name.endsWith('.json') ? 'application/json' : 'application/octet-stream');
        response.end(readFileSync(path.join(dir, name)));
      });
    },
    generateBundle() {
      for (const name of files) {
        this.emitFile({ type: 'asset', fileName: `face-models/${name}`, source: readFileSync(path.join(dir, name)) });
      }
    },
  };
}

/**
 * The backup API hosts baked into the bundle (VITE_API_BACKUPS), written to .vite/api-backups.json
 * as origins: the server serving this build allows them in its Content-Security-Policy's
 * connect-src, or failover to them would be blocked (decision 016 "Malformed requests and security headers").
 */
function apiBackupOrigins(): Plugin {
  let origins: string[] = [];
  return {
    name: 'stride-api-backup-origins',
    configResolved(config) {
      const raw = (config.env.VITE_API_BACKUPS as string | undefined) ?? '';
      origins = raw
        .split(',')
        .map((value) => value.trim())
        .filter((value) => value !== '')
        .map((value) => new URL(value).origin);
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: '.vite/api-backups.json', source: `${JSON.stringify(origins)}\n` });
    },
  };
}

/**
 * The start script (src/start.ts, decisions 052 "A first route without waterfalls" and 064 "A start script that waits
 * for nothing") as an entry of its own, named first in index.html's head: Vite would merge a second module script of
 * index.html into the app's entry, and the point is that it runs before that entry has downloaded. It imports no other
 * chunk (its modules are the `boot` group below, and the app's entry imports them from it), so it runs as soon
 * as its one file is here; the build fails if it ever imports one.
 */
function startScript(entry: string): Plugin {
  return {
    name: 'stride-start-script',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        const chunk = Object.values(bundle ?? {}).find(
          (output) => output.type === 'chunk' && output.isEntry && output.facadeModuleId === entry,
        );
        if (!chunk || chunk.type !== 'chunk') throw new Error(`the start script ${entry} was not built`);
        if (chunk.imports.length > 0) {
          throw new Error(
            `the start script imports other chunks (${chunk.imports.join(', ')}): add the modules it imports to BOOT_MODULES`,
          );
        }
        const src = `/${chunk.fileName}`;
        // async: it runs as soon as it is here, not after the (deferred) entry. The entry's
        // preload of the same file is left out: the script asks for it first.
        const tag = `<script type="module" async crossorigin src="${src}"></script>`;
        const withoutPreload = html.replace(`<link rel="modulepreload" crossorigin href="${src}">`, '');
        const first = withoutPreload.indexOf('<script');
        if (first === -1) throw new Error('index.html has no script to put the start script before');
        return `${withoutPreload.slice(0, first)}${tag}\n    ${withoutPreload.slice(first)}`;
      },
    },
  };
}

const START_SCRIPT = fileURLToPath(new URL('./src/start.ts', import.meta.url));

/**
 * Every module the start script imports (decision 064 "A start script that waits for nothing"), and nothing heavier:
 * the route table as data, the page loaders, the stores it reads, the early reads, the language loaders and Vite's
 * preload helper. The build fails if the start script imports any other chunk (startScript above).
 */
const BOOT_MODULES = [
  /[\\/]src[\\/]start\.ts$/,
  /[\\/]src[\\/]app[\\/](start-loads|route-table|page-modules)\.ts$/,
  /[\\/]src[\\/]lib[\\/]jitless-validation\.ts$/,
  /[\\/]src[\\/]lib[\\/]http[\\/]early\.ts$/,
  /[\\/]src[\\/]lib[\\/]i18n[\\/]language\.ts$/,
  /[\\/]src[\\/]locales[\\/]index\.ts$/,
  /[\\/]src[\\/]lib[\\/]navigation[\\/](paths|url)\.ts$/,
  /[\\/]src[\\/]lib[\\/]storage[\\/]user-store\.ts$/,
  /[\\/]src[\\/]features[\\/]auth[\\/]welcome-seen\.ts$/,
  /vite[\\/]preload-helper/,
];

export default defineConfig(() => ({
  base: '/',
  plugins: [
    react(),
    browserContract(),
    faceModels(),
    apiBackupOrigins(),
    startScript(START_SCRIPT),
    VitePWA(pwaOptions(fileURLToPath(new URL('./src/app/app.css', import.meta.url)))),
    themeColourMeta(fileURLToPath(new URL('./src/app/app.css', import.meta.url))),
    pushWorkerScript(fileURLToPath(new URL('./src/sw/push.ts', import.meta.url))),
    // Last: brotli and gzip copies of everything above, the service worker included (decision 050 "Static files
    // precompressed at build time").
    precompress(),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json maps each page module to its chunk and CSS; check-budget reads it.
    manifest: true,
    // All of the app's CSS in one file that index.html links (decision 060 "The first page's reads leave with its code,
    // fewer files"): 13 KB gzip, against a stylesheet request per page and per shared chunk (46 files; a home start
    // waited on 14).
    cssCodeSplit: false,
    rollupOptions: {
      input: { index: fileURLToPath(new URL('./index.html', import.meta.url)), start: START_SCRIPT },
      output: {
        // The app's own shared code that ten pages or more use, in one chunk (decision 060 "The first page's reads
        // leave with its code, fewer files"): Rolldown otherwise makes a chunk of every set of pages that share a
        // module, and a start waited on each of them (40 script files for home). Ten pages: below that, modules the
        // entry uses joined the chunk and pulled it all into the first route.
        // The start script's own modules come first, in a chunk of their own (decision 064 "A start script that waits
        // for nothing"): were they in the shared chunk, the start script would wait for all of it before asking for
        // anything. What the web app keeps of the contract, endpoints' paths and plain rules (decision 065 "The
        // contract without its schemas in the browser"), is one small chunk instead of one per contract file (home's
        // start asked for ten). The request core (packages/client) joins it: it is the HTTP client's base, and the
        // entry loads both. React, react-dom and the scheduler are one chunk of their own (decision 089 "The web app
        // ships React 19"): in the shared chunk, the kit's pieces the entry imports (its nav bar) pulled all of that
        // chunk into the first route for React's JSX runtime. Of the shared code, what the entry itself imports is a
        // chunk of its own (`$initial`: the navigator, the HTTP client, the texts' hooks), and what
        // only pages use stays in the shared chunk that a page's start loads: 5 KB less before the
        // first paint.
        codeSplitting: {
          groups: [
            { name: 'boot', test: (id) => BOOT_MODULES.some((pattern) => pattern.test(id)), priority: 2 },
            { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 2 },
            { name: 'contract', test: /[\\/]packages[\\/](contract|client)[\\/]src[\\/]/, priority: 1 },
            {
              name: 'entry-shared',
              test: /[\\/]src[\\/](features|components|hooks|lib)[\\/]/,
              tags: ['$initial'],
              minShareCount: 10,
              priority: 1.5,
            },
            {
              name: 'shared',
              test: /[\\/]src[\\/](features|components|hooks|lib)[\\/]/,
              minShareCount: 10,
              priority: 1,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': 'http://localhost:8080',
    },
  },
}));
