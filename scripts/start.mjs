// `npm start`: install what is missing, build the web app and the operator console, then run the
// server, which migrates and seeds its embedded database and serves the web app, the console at
// /console/ and /api on one origin. In demo mode, with no wearable provider configured, the
// wearable clouds' stand-ins run beside it (apps/server/fakes/wearables.ts), so the demo account's
// watch syncs and a watch can be connected (docs/product/step-sources.md, Connected accounts).
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { ensureInstall, ROOT, run } from './ensure-install.mjs';
import { SERVER_ENTRY, SERVER_ENV, SERVER_NODE_ARGS } from './server-command.mjs';

ensureInstall();
process.stdout.write('Building the web app...\n');
run('npm', ['run', 'build', '--silent']);
process.stdout.write('Building the operator console...\n');
run('npm', ['run', 'build:console', '--silent']);
process.stdout.write('Building the server...\n');
run('node', ['scripts/build-server.mjs']);

/** The stand-ins' variables, or none in production or when a provider is configured. */
async function wearableStandIns() {
  const env = process.env;
  const configured = ['HUAWEI_HEALTH_CLIENT_ID', 'FITBIT_CLIENT_ID'].some((name) => env[name]);
  if (env.STRIDE_MODE === 'production' || configured) return { env: {}, child: null };
  const port = env.PORT ?? '8080';
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'apps/server/fakes/wearables.ts',
      '--subscriber',
      `http://127.0.0.1:${port}/api/providers/fitbit/notifications`,
    ],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const firstLine = new Promise((resolve, reject) => {
    createInterface({ input: child.stdout }).once('line', resolve);
    child.once('exit', () => reject(new Error('the wearable stand-ins did not start')));
  });
  const line = await firstLine;
  process.stdout.write('Wearable stand-ins (Huawei Health, Fitbit) are running for the demo.\n');
  return { env: JSON.parse(line), child };
}

const wearables = await wearableStandIns();
// The bundle of scripts/build-server.mjs: plain Node, no TypeScript compiler in the process (decision 033 "Running the
// server from a bundle").
const server = spawn(process.execPath, [...SERVER_NODE_ARGS, SERVER_ENTRY], {
  cwd: ROOT,
  env: { ...SERVER_ENV, ...wearables.env, ...process.env },
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => {
  wearables.child?.kill('SIGTERM');
  process.exit(code ?? (signal ? 1 : 0));
});
