import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { createApp } from './app.js';
import { ConfigError, demoWarnings, loadConfig } from './config.js';
import { DEMO_ACCOUNT, DEMO_OPERATOR, seedDemo } from './seed/demo-seed.js';

const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));
const DEFAULT_CONSOLE_DIST = fileURLToPath(new URL('../../console/dist', import.meta.url));

// Each upload and captcha is processed once: libvips's operation cache (up to 50 MB) would only
// hold memory (decision 033).
sharp.cache(false);

async function main(): Promise<void> {
  const config = loadConfig({ WEB_DIST: DEFAULT_WEB_DIST, CONSOLE_DIST: DEFAULT_CONSOLE_DIST, ...process.env });
  const app = await createApp({ config });
  if (config.mode === 'demo') await seedDemo(app.services);

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));

  await app.listen({ host: config.host, port: config.port });
  const bound = app.server.address();
  const port = typeof bound === 'object' && bound ? bound.port : config.port;
  const shownHost = ['0.0.0.0', '::', '127.0.0.1', '::1'].includes(config.host) ? 'localhost' : config.host;
  const address = config.publicUrl ?? `http://${shownHost}:${port}`;
  const lines = [
    '',
    `  Stride is running at ${address}`,
    `  Database: ${config.database.dialect}${config.database.dialect === 'sqlite' ? ` (${config.database.file})` : ''}`,
  ];
  if (config.mode === 'demo') {
    lines.push(
      config.sms.provider === 'outbox'
        ? '  DEMO MODE: sample data, a sandbox payment provider, and SMS codes kept in the outbox instead of being sent.'
        : '  DEMO MODE: sample data and a sandbox payment provider; SMS codes go out by Alibaba Cloud SMS.',
      `  Demo account: ${DEMO_ACCOUNT.account} / password ${DEMO_ACCOUNT.password}`,
      `  Demo console operator: ${DEMO_OPERATOR.name} / password ${DEMO_OPERATOR.password} (every role) at ${address}/console/`,
      `  Outbox (the demo account's messages and sign-up codes${config.demo.outboxAll ? ', and EVERY account’s' : ''}): ${address}/demo/outbox`,
    );
  }
  lines.push(`  API description: ${address}/api/openapi.json`, '');
  process.stdout.write(`${lines.join('\n')}\n`);
  const warnings = demoWarnings(config);
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
