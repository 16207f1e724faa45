// `npm test`: everything CI runs, in order, stopping at the first failure.
import { readFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ensureInstall, run } from './ensure-install.mjs';

ensureInstall();

const reports = mkdtempSync(path.join(tmpdir(), 'stride-test-'));
const totals = { passed: 0, failed: 0 };
const started = Date.now();

function step(title, command, args) {
  process.stdout.write(`\n▶ ${title}\n`);
  const t0 = Date.now();
  run(command, args);
  process.stdout.write(`✓ ${title} (${((Date.now() - t0) / 1000).toFixed(1)} s)\n`);
}

function vitest(title, projects) {
  const file = path.join(reports, `${title.replace(/\W+/g, '-')}.json`);
  step(title, 'npx', [
    'vitest',
    'run',
    ...projects.flatMap((project) => ['--project', project]),
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${file}`,
  ]);
  const report = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests;
  if (report.numTotalTests === 0) {
    process.stderr.write(`✗ ${title}: no tests ran\n`);
    process.exit(1);
  }
}

step('Format check (prettier)', 'npx', ['prettier', '--check', '.']);
step('Lint (eslint)', 'npx', ['eslint', '--max-warnings=0', '.']);
step('Self-contained docs', 'node', ['scripts/check-self-contained.mjs']);
step('Typecheck (tsc, strict)', 'npm', ['run', 'typecheck', '--silent']);
vitest('Unit tests', ['contract', 'server-unit', 'web']);
vitest('API suite on SQLite', ['api-sqlite']);
vitest('API suite on PostgreSQL', ['api-postgres']);
// Three instances of the server bundle on one PostgreSQL behind a proxy (decision 058); builds the bundle first.
vitest('Three instances on one PostgreSQL', ['cluster']);
step('Build the web app', 'npm', ['run', 'build', '--silent']);
step('Bundle budget', 'node', ['scripts/check-budget.mjs']);
step('Build the operator console', 'npm', ['run', 'build:console', '--silent']);
step('Console bundle budget', 'npm', ['run', 'budget:console', '--silent']);
vitest('End to end in Chromium', ['e2e']);

rmSync(reports, { recursive: true, force: true });
process.stdout.write(`\nAll checks passed in ${((Date.now() - started) / 1000).toFixed(0)} s.\n`);
process.stdout.write(`${totals.passed} passed, ${totals.failed} failed\n`);
