import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const SERVER_ONLY = ['fastify', '@fastify/*', 'kysely', 'pg', 'better-sqlite3', 'argon2', 'svg-captcha', 'pino'];

function restrict(patterns) {
  return { 'no-restricted-imports': ['error', { patterns }] };
}

function foldersIn(dir) {
  try {
    return readdirSync(new URL(dir, import.meta.url), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
  } catch {
    return [];
  }
}

const webFeatures = foldersIn('./apps/web/src/features');
const serverModules = foldersIn('./apps/server/src/modules');

const SERVER_NOT_WEB = {
  group: [
    '**/apps/web/**',
    '@stride/web',
    '**/apps/console/**',
    '@stride/console',
    'react',
    'react-dom',
    'antd-mobile',
    'antd',
  ],
  message: 'The server never imports the web app or the console.',
};
const REPOSITORIES = ['*.repository*', '**/*.repository*'];

/** A module reaches another only through its service or admin, never its repository. */
function otherModulesRepositories(module) {
  return {
    group: serverModules
      .filter((other) => other !== module)
      .flatMap((other) => [`**/modules/${other}/*.repository*`, `../${other}/*.repository*`]),
    message: "A module reaches another through its service (or admin), never through the other's repository.",
  };
}

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', '**/*.d.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  // Migrations are frozen in time and do not use the evolving schema type.
  {
    files: ['apps/server/src/db/migrations/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', 'apps/server/test/**', 'e2e/**'],
    rules: { '@typescript-eslint/unbound-method': 'off' },
  },
  // vi.waitFor gives up after one second, less than a lazy page chunk can take to load on a busy
  // 2-core machine; Testing Library's waitFor waits as long as every other query (src/test/setup.ts).
  {
    files: ['apps/web/**/*.test.tsx', 'apps/console/**/*.test.tsx'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'vi', property: 'waitFor', message: "Use waitFor from '@testing-library/react'." },
      ],
    },
  },
  // Import boundaries: the contract stands alone; the two apps never import each other.
  {
    files: ['packages/contract/**'],
    rules: restrict([
      {
        group: [
          '**/apps/**',
          '@stride/server',
          '@stride/web',
          '@stride/console',
          '@stride/client',
          'react',
          ...SERVER_ONLY,
        ],
        message: 'The contract is zod only.',
      },
    ]),
  },
  // The request core both browser apps share: the contract and the browser's fetch, nothing of either app.
  {
    files: ['packages/client/**'],
    rules: restrict([
      {
        group: ['**/apps/**', '@stride/server', '@stride/web', '@stride/console', 'react', ...SERVER_ONLY],
        message: 'The request core knows only the contract.',
      },
    ]),
  },
  {
    files: ['apps/server/**'],
    rules: restrict([SERVER_NOT_WEB]),
  },
  // Inside the server, imports flow one way: db, lib, locales, http, storage, config → modules →
  // modules/index.ts → app, jobs, ops, seed (docs/architecture.md).
  {
    files: [
      'apps/server/src/db/**',
      'apps/server/src/lib/**',
      'apps/server/src/locales/**',
      'apps/server/src/http/**',
      'apps/server/src/storage/**',
      'apps/server/src/config.ts',
    ],
    // Their tests run the whole app, which is built from the modules.
    ignores: ['**/*.test.ts'],
    rules: restrict([
      SERVER_NOT_WEB,
      { group: ['**/modules/**'], message: 'The infrastructure below the modules never imports a module.' },
    ]),
  },
  ...serverModules.flatMap((module) => [
    {
      files: [`apps/server/src/modules/${module}/**`],
      rules: restrict([SERVER_NOT_WEB, otherModulesRepositories(module)]),
    },
    {
      files: [`apps/server/src/modules/${module}/**/*.routes.ts`],
      rules: restrict([
        SERVER_NOT_WEB,
        otherModulesRepositories(module),
        { group: REPOSITORIES, message: 'Routes call services; SQL stays behind them in repositories.' },
      ]),
    },
  ]),
  {
    files: ['apps/web/**'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      ...restrict([
        {
          group: ['**/apps/server/**', '@stride/server', ...SERVER_ONLY],
          message: 'The web app never imports the server.',
        },
        { group: ['**/apps/console/**', '@stride/console', 'antd'], message: 'The web app never imports the console.' },
      ]),
    },
  },
  // Inside the web app, imports flow one way: lib → components → features → app.
  {
    files: ['apps/web/src/lib/**'],
    rules: restrict([
      { group: ['**/components/**', '**/features/**', '**/app/**'], message: 'lib is the bottom layer.' },
      { group: ['**/apps/server/**', ...SERVER_ONLY], message: 'The web app never imports the server.' },
      { group: ['**/apps/console/**', '@stride/console', 'antd'], message: 'The web app never imports the console.' },
    ]),
  },
  {
    files: ['apps/web/src/lib/http/**', 'apps/web/src/lib/navigation/**'],
    rules: restrict([
      {
        group: ['react', 'react-dom', 'antd-mobile', '**/components/**', '**/features/**', '**/app/**'],
        message: 'The request and navigation layers are plain TypeScript with no UI.',
      },
    ]),
  },
  {
    files: ['apps/web/src/components/**'],
    rules: restrict([
      { group: ['**/features/**', '**/app/**'], message: 'Shared components do not know features or the app.' },
    ]),
  },
  ...webFeatures.map((feature) => ({
    files: [`apps/web/src/features/${feature}/**`],
    rules: restrict([
      { group: ['**/app/**'], message: 'Features do not import the app.' },
      {
        group: webFeatures
          .filter((other) => other !== feature)
          .flatMap((other) => [`**/features/${other}`, `**/features/${other}/**`]),
        message: 'Features never import each other.',
      },
    ]),
  })),
  // The operator console (decision 022): a browser app of its own, beside the web app, never inside it.
  {
    files: ['apps/console/**'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      ...restrict([
        {
          group: ['**/apps/server/**', '@stride/server', ...SERVER_ONLY],
          message: 'The console never imports the server; it calls it through the contract.',
        },
        {
          group: ['**/apps/web/**', '@stride/web', 'antd-mobile'],
          message: 'The console and the web app never import each other.',
        },
      ]),
    },
  },
  // Inside the console, lib is plain TypeScript with no UI, below the screens and the shell.
  {
    files: ['apps/console/src/lib/**'],
    rules: restrict([
      { group: ['**/components/**', '**/pages/**', '**/app', '**/screens'], message: 'lib is the bottom layer.' },
      {
        group: ['**/apps/web/**', '@stride/web', 'antd-mobile'],
        message: 'The console and the web app never import each other.',
      },
      {
        group: ['**/apps/server/**', '@stride/server', ...SERVER_ONLY],
        message: 'The console never imports the server.',
      },
    ]),
  },
);
