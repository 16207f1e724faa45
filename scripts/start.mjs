// `npm start`: install what is missing, build the web app and the operator console, then run the
// server, which migrates and seeds its embedded database and serves the web app, the console at
// /console/ and /api on one origin.
import { spawn } from 'node:child_process';
import { ensureInstall, ROOT, run } from './ensure-install.mjs';
import { SERVER_ENTRY, SERVER_ENV, SERVER_NODE_ARGS } from './server-command.mjs';

ensureInstall();
process.stdout.write('Building the web app...\n');
run('npm', ['run', 'build', '--silent']);
process.stdout.write('Building the operator console...\n');
run('npm', ['run', 'build:console', '--silent']);
process.stdout.write('Building the server...\n');
run('node', ['scripts/build-server.mjs']);

// The bundle of scripts/build-server.mjs: plain Node, no TypeScript compiler in the process (decision 033).
const server = spawn(process.execPath, [...SERVER_NODE_ARGS, SERVER_ENTRY], {
  cwd: ROOT,
  env: { ...SERVER_ENV, ...process.env },
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
