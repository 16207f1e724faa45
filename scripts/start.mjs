// `npm start`: install what is missing, build the web app, then run the server, which migrates
// and seeds its embedded database and serves the web app and /api on one origin.
import { spawn } from 'node:child_process';
import { ensureInstall, ROOT, run } from './ensure-install.mjs';

ensureInstall();
process.stdout.write('Building the web app...\n');
run('npm', ['run', 'build', '--silent']);

const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], { cwd: ROOT, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
