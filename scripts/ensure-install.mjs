import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureSqliteBinding } from './sqlite-binding-build.mjs';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Runs a command in the repository root, inheriting output; exits the process if it fails. */
export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit', ...options });
  if (result.status !== 0) {
    process.stderr.write(`\n✗ ${[command, ...args].join(' ')} failed (exit ${result.status ?? result.signal})\n`);
    process.exit(result.status ?? 1);
  }
}

/** Installs dependencies on a fresh clone, or when the lockfile changed since the last install. */
export function ensureInstall() {
  const marker = path.join(ROOT, 'node_modules', '.package-lock.json');
  const lock = path.join(ROOT, 'package-lock.json');
  if (!existsSync(marker) || statSync(marker).mtimeMs < statSync(lock).mtimeMs) {
    process.stdout.write('Installing dependencies (npm ci)...\n');
    run('npm', ['ci', '--no-audit', '--no-fund']);
  }
  // better-sqlite3 as npm builds it aborts on Node 24 (decision 057 "Node 24 beside Node 20, and the container files").
  ensureSqliteBinding();
}
