import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// One worker per core for the unit and API suites, where Vitest's default is one fewer: their
// workers wait on the database, the disk and jsdom's timers as much as they compute, so on a
// 2-core machine one worker left a core idle (the API suite on PostgreSQL took 252 s, 145 s now).
const WORKERS = Math.max(2, availableParallelism());

// The server's and the contract's files share their worker's loaded modules (decision 093 "Test files
// share a worker's modules"): every file builds its own app, database and clock, and nothing a file
// changes lives in a module. Isolated, each of the API suite's files imported the whole server
// again: 666 s of its 833 s on two loaded cores went to imports, 41 s shared. The web app's and the
// console's unit files stay isolated: their stores and mocked modules live in module state.
const SHARED_MODULES = { isolate: false } as const;

/** What the app's journeys and the console's share: a real server and Chromium. */
const JOURNEYS = {
  environment: 'node',
  // Each journey file starts its own server and Chromium; they share the imported server (decision 093).
  ...SHARED_MODULES,
  // A failed journey reports what each of its open pages showed (e2e/support/failures.ts).
  setupFiles: 'e2e/support/failures.ts',
  // A page waits on a lazy chunk and a server answer; polls give it time on a slow machine.
  expect: { poll: { timeout: 10_000, interval: 50 } },
  testTimeout: 120_000,
  hookTimeout: 120_000,
} as const;

// One runner for every suite; `npm test` picks projects in a fixed order (scripts/test.mjs).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'contract',
          ...SHARED_MODULES,
          maxWorkers: WORKERS,
          // With the contract as the web app's build bundles it (apps/web/browser-contract.ts), and
          // the request core both browser apps build on it (packages/client).
          include: [
            'packages/contract/src/**/*.test.ts',
            'apps/web/browser-contract.test.ts',
            'packages/client/src/**/*.test.ts',
          ],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server-unit',
          ...SHARED_MODULES,
          maxWorkers: WORKERS,
          include: ['apps/server/src/**/*.unit.test.ts', 'apps/server/bench/**/*.unit.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api-sqlite',
          ...SHARED_MODULES,
          maxWorkers: WORKERS,
          include: ['apps/server/src/**/*.test.ts'],
          exclude: ['apps/server/src/**/*.unit.test.ts'],
          environment: 'node',
          env: { TEST_DB: 'sqlite' },
          setupFiles: ['apps/server/test/setup.ts'],
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'api-postgres',
          ...SHARED_MODULES,
          maxWorkers: WORKERS,
          include: ['apps/server/src/**/*.test.ts'],
          exclude: ['apps/server/src/**/*.unit.test.ts'],
          environment: 'node',
          env: { TEST_DB: 'postgres' },
          globalSetup: ['apps/server/test/postgres-global-setup.ts'],
          setupFiles: ['apps/server/test/setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          // Three instances of the server bundle on one PostgreSQL behind a proxy (decision 058).
          name: 'cluster',
          include: ['apps/server/test/cluster/**/*.cluster.test.ts'],
          environment: 'node',
          env: { TEST_DB: 'postgres' },
          globalSetup: ['apps/server/test/cluster/build-server.ts'],
          setupFiles: ['apps/server/test/setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'web',
          maxWorkers: WORKERS,
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['apps/web/src/test/setup.ts'],
        },
      },
      {
        test: {
          // The operator console's own units: its formatters and the names of what the server records.
          name: 'console',
          maxWorkers: WORKERS,
          include: ['apps/console/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.test.ts'],
          exclude: ['e2e/**/console*.e2e.test.ts'],
          ...JOURNEYS,
          // Two journeys at a time: 399 s one at a time, about 200 s two at a time (decision 063,
          // which also tells the races that once made this fail and how each was fixed).
          maxWorkers: 2,
        },
      },
      {
        test: {
          // The operator console's journeys, after the app's, one at a time: two at a time, a
          // console dialog's confirming press has led nowhere (decision 063, still open).
          name: 'e2e-console',
          include: ['e2e/**/console*.e2e.test.ts'],
          ...JOURNEYS,
          fileParallelism: false,
        },
      },
    ],
  },
});
