// `npm test`: everything CI runs, in order, stopping at the first failure.
// `npm test -- --node 24`: what depends on the runtime, on another major version of Node (decisions 057 "Node 24 beside
// Node 20, and the container files", 077 "The second Node runs what depends on the runtime").
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ensureInstall, ROOT, run } from './ensure-install.mjs';
import { nodeEnvironment } from './second-node.mjs';

ensureInstall();

// `--node N`: every step that runs code runs on Node N (installed and prepared by
// scripts/second-node.mjs); the checks that read the code without running it (format, lint,
// docs, typecheck) give the same answer on any Node and run once, in the plain `npm test`.
const nodeFlag = process.argv.indexOf('--node');
const otherNode = nodeFlag === -1 ? undefined : Number(process.argv[nodeFlag + 1]);
if (otherNode !== undefined && !Number.isInteger(otherNode)) {
  process.stderr.write('✗ --node takes a major version, e.g. --node 24\n');
  process.exit(2);
}
const node = otherNode === undefined ? { version: process.versions.node, env: {} } : nodeEnvironment(otherNode);
const env = { ...process.env, ...node.env };
// Every step runs `node` from PATH: it must be the Node this run is for.
const onPath = spawnSync('node', ['--version'], { env, encoding: 'utf8' }).stdout.trim();
if (otherNode !== undefined && onPath !== `v${node.version}`) {
  process.stderr.write(`✗ node on PATH is ${onPath || 'missing'}, not v${node.version}\n`);
  process.exit(1);
}
process.stdout.write(
  `Node ${onPath}${otherNode === undefined ? '' : ' (format, lint, docs and typecheck: in the plain npm test)'}\n`,
);

const reports = mkdtempSync(path.join(tmpdir(), 'stride-test-'));
const totals = { passed: 0, failed: 0 };
const started = Date.now();

function step(title, command, args) {
  process.stdout.write(`\n▶ ${title}\n`);
  const t0 = Date.now();
  run(command, args, { env });
  process.stdout.write(`✓ ${title} (${((Date.now() - t0) / 1000).toFixed(1)} s)\n`);
}

/**
 * The checks that read the code without running it, side by side: each is one process on one
 * core, so on two cores they take about as long as the slowest (the lint) instead of their sum.
 * Each one's output is printed whole when it ends; the first that fails stops the run. Skipped
 * with `--node`: their answer does not depend on Node's version.
 */
async function checks(list) {
  if (otherNode !== undefined) return;
  process.stdout.write(`\n▶ ${list.map(([title]) => title).join(', ')} (side by side)\n`);
  const results = await Promise.all(
    list.map(
      ([title, command, args]) =>
        new Promise((resolve) => {
          const t0 = Date.now();
          const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
          let output = '';
          child.stdout.on('data', (chunk) => (output += chunk));
          child.stderr.on('data', (chunk) => (output += chunk));
          child.on('close', (code, signal) => {
            const seconds = ((Date.now() - t0) / 1000).toFixed(1);
            process.stdout.write(`${output}${code === 0 ? '✓' : '✗'} ${title} (${seconds} s)\n`);
            resolve({ title, command, args, code: code ?? signal });
          });
        }),
    ),
  );
  const failed = results.find((result) => result.code !== 0);
  if (failed) {
    process.stderr.write(`\n✗ ${[failed.command, ...failed.args].join(' ')} failed (exit ${failed.code})\n`);
    process.exit(typeof failed.code === 'number' ? failed.code : 1);
  }
}

function vitest(title, projects, files = []) {
  const file = path.join(reports, `${title.replace(/\W+/g, '-')}.json`);
  step(title, 'npx', [
    'vitest',
    'run',
    ...files,
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

await checks([
  ['Format check (prettier)', 'npx', ['prettier', '--check', '.']],
  ['Lint (eslint)', 'npx', ['eslint', '--max-warnings=0', '.']],
  ['Self-contained docs', 'node', ['scripts/check-self-contained.mjs']],
  ['Import cycles, type-only imports included (madge)', 'node', ['scripts/check-cycles.mjs']],
  ['Typecheck (tsc, strict)', 'npm', ['run', 'typecheck', '--silent']],
]);
// On the second Node (decision 077 "The second Node runs what depends on the runtime") what depends on the runtime: the
// contract's and the server's unit tests, the API suite on SQLite (the native binding, the group commit, argon2,
// sharp), and the journey that starts the server bundle as `npm start` does. The suites that would run the
// same JavaScript again (the web app's and the console's units in jsdom, the builds and their
// budgets, PostgreSQL's driver, the three instances, the journeys in Chromium) run once, here.
const full = otherNode === undefined;
vitest('Unit tests', full ? ['contract', 'server-unit', 'web', 'console'] : ['contract', 'server-unit']);
vitest('API suite on SQLite', ['api-sqlite']);
if (full) vitest('API suite on PostgreSQL', ['api-postgres']);
// Three instances of the server bundle on one PostgreSQL behind a proxy (decision 058 "Several instances on one
// PostgreSQL"); builds the bundle first.
if (full) vitest('Three instances on one PostgreSQL', ['cluster']);
if (full) {
  step('Build the web app', 'npm', ['run', 'build', '--silent']);
  step('Bundle budget', 'node', ['scripts/check-budget.mjs']);
  step('Build the operator console', 'npm', ['run', 'build:console', '--silent']);
  step('Console bundle budget', 'npm', ['run', 'budget:console', '--silent']);
  vitest('End to end in Chromium', ['e2e']);
  vitest('Operator console journeys in Chromium', ['e2e-console']);
} else {
  // The started server serves both builds: the plain npm test's, or, run alone on a fresh clone, built here.
  if (!existsSync(path.join(ROOT, 'apps', 'web', 'dist', 'index.html'))) {
    step('Build the web app', 'npm', ['run', 'build', '--silent']);
  }
  if (!existsSync(path.join(ROOT, 'apps', 'console', 'dist', 'index.html'))) {
    step('Build the operator console', 'npm', ['run', 'build:console', '--silent']);
  }
  vitest('The server bundle as npm start runs it', ['e2e'], ['e2e/start.e2e.test.ts']);
}

rmSync(reports, { recursive: true, force: true });
process.stdout.write(`\nAll checks passed on Node ${onPath} in ${((Date.now() - started) / 1000).toFixed(0)} s.\n`);
process.stdout.write(`${totals.passed} passed, ${totals.failed} failed\n`);
