import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { createApp } from './app.js';
import { ConfigError, startupWarnings } from './config.js';
import { loadConfig } from './modules/index.js';
import { shutDownGracefully } from './http/shutdown.js';
import { seedDemo } from './seed/demo-seed.js';
import { bannerLines } from './startup-banner.js';

const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));
const DEFAULT_CONSOLE_DIST = fileURLToPath(new URL('../../console/dist', import.meta.url));

// Each upload and captcha is processed once: libvips's operation cache (up to 50 MB) would only
// hold memory (decision 033 "Running the server from a bundle").
sharp.cache(false);

async function main(): Promise<void> {
  const config = loadConfig({ WEB_DIST: DEFAULT_WEB_DIST, CONSOLE_DIST: DEFAULT_CONSOLE_DIST, ...process.env });
  const app = await createApp({ config });
  if (config.mode === 'demo') await seedDemo(app.services);

  // Graceful stop (decision 056 "Metrics, liveness apart from readiness, draining on shutdown"): /readyz answers 503 at
  // once, the listener stops accepting, requests in flight get SHUTDOWN_GRACE_SECONDS to finish, then the database
  // closes. A close that still hangs a few seconds past the grace ends the process. A repeated signal changes
  // nothing (a terminal's Ctrl-C reaches both npm start and the server).
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    const graceMs = config.shutdownGraceSeconds * 1000;
    app.log.info({ signal, graceSeconds: config.shutdownGraceSeconds }, 'shutting down: draining requests');
    const force = setTimeout(() => process.exit(1), graceMs + 5_000);
    force.unref();
    shutDownGracefully(app, app.readiness, graceMs).then(
      (outcome) => {
        app.log.info({ outcome }, 'stopped');
        process.exit(0);
      },
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));

  await app.listen({ host: config.host, port: config.port });
  const bound = app.server.address();
  const port = typeof bound === 'object' && bound ? bound.port : config.port;
  const shownHost = ['0.0.0.0', '::', '127.0.0.1', '::1'].includes(config.host) ? 'localhost' : config.host;
  const address = config.publicUrl ?? `http://${shownHost}:${port}`;
  const lines = bannerLines(config, address);
  process.stdout.write(`${lines.join('\n')}\n`);
  const warnings = startupWarnings(config);
  if (warnings.length > 0) {
    const bar = '!'.repeat(78);
    process.stderr.write(`\n${bar}\n${warnings.map((w) => `!! WARNING: ${w}`).join('\n')}\n${bar}\n\n`);
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(
      `Stride failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
  }
  process.exit(1);
});
