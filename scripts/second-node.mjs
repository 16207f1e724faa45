// Another major version of Node beside the machine's, for `npm test -- --node 24` (decision 057 "Node 24 beside Node
// 20, and the container files").
//
// The npm registry's `node-linux-<arch>` package holds Node's binary and its C++ headers. It is
// unpacked into a cache folder outside the repository (~/.cache/stride, or $XDG_CACHE_HOME/stride),
// never into node_modules: there a `node` package would put its binary first on every npm
// script's PATH. The machine's Node and the node_modules installed with it stay as they are.
//
// Of the native modules, argon2 and sharp load N-API prebuilds that any Node from 20 on can load;
// better-sqlite3 is built against one Node's ABI. Its binding for the other Node is compiled with
// node-gyp against the headers in that package (scripts/sqlite-binding-build.mjs; about 1.5
// minutes on 2 cores, once per Node and better-sqlite3 version) into the same cache folder, and
// `scripts/sqlite-binding.mjs`, preloaded into every process of the run through NODE_OPTIONS,
// makes better-sqlite3 load it there.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from './ensure-install.mjs';
import { compileSqliteBinding, SQLITE_SOURCE } from './sqlite-binding-build.mjs';

/** The exact version of each other major the suite runs on. */
export const NODE_VERSIONS = { 24: '24.21.0' };

const CACHE = path.join(process.env.XDG_CACHE_HOME || path.join(homedir(), '.cache'), 'stride');

function sh(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', ...options });
  if (result.status !== 0) {
    throw new Error(`${[command, ...args].join(' ')} failed (exit ${result.status ?? result.signal})`);
  }
}

/** Unpacks `node-linux-<arch>@version` from the npm registry into the cache, once. */
function installNode(version) {
  const dir = path.join(CACHE, `node-v${version}-linux-${process.arch}`);
  const binary = path.join(dir, 'bin', 'node');
  if (existsSync(binary)) return dir;
  if (process.platform !== 'linux') throw new Error('--node installs Linux builds of Node only');
  process.stdout.write(`Installing Node ${version} from the npm registry into ${dir}...\n`);
  mkdirSync(CACHE, { recursive: true });
  const work = mkdtempSync(path.join(CACHE, 'download-'));
  try {
    sh('npm', ['pack', `node-linux-${process.arch}@${version}`, '--pack-destination', work, '--silent'], {
      cwd: work,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    sh('tar', ['-xzf', path.join(work, `node-linux-${process.arch}-${version}.tgz`), '-C', work]);
    rmSync(dir, { recursive: true, force: true });
    renameSync(path.join(work, 'package'), dir);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  return dir;
}

/** better-sqlite3's binding (the installed version) for the Node in `nodeDir`, compiled once. */
function sqliteBinding(nodeDir) {
  const { version } = JSON.parse(readFileSync(path.join(SQLITE_SOURCE, 'package.json'), 'utf8'));
  const binding = path.join(nodeDir, 'addons', `better-sqlite3-${version}`, 'better_sqlite3.node');
  if (existsSync(binding)) return binding;
  process.stdout.write(`Compiling better-sqlite3 ${version} for ${path.basename(nodeDir)} (node-gyp)...\n`);
  return compileSqliteBinding({ node: path.join(nodeDir, 'bin', 'node'), nodeDir, out: binding, scratch: CACHE });
}

/**
 * The environment that runs commands on Node `major`: its binary first on PATH (npm, npx and
 * every child that starts `node` or `process.execPath` get it) and better-sqlite3's binding for
 * it preloaded. The machine's own major needs nothing.
 */
export function nodeEnvironment(major) {
  if (Number(process.versions.node.split('.')[0]) === major) return { version: process.versions.node, env: {} };
  const version = NODE_VERSIONS[major];
  if (!version) throw new Error(`--node ${major}: known versions are ${Object.keys(NODE_VERSIONS).join(', ')}`);
  const nodeDir = installNode(version);
  const binding = sqliteBinding(nodeDir);
  const preload = path.join(ROOT, 'scripts', 'sqlite-binding.mjs');
  return {
    version,
    env: {
      PATH: `${path.join(nodeDir, 'bin')}${path.delimiter}${process.env.PATH ?? ''}`,
      NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import ${JSON.stringify(pathToFileURL(preload).href)}`.trim(),
      STRIDE_SQLITE_BINDING: binding,
    },
  };
}
