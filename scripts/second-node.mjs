// Another major version of Node beside the machine's, for `npm test -- --node 24` (decision 057).
//
// The npm registry's `node-linux-<arch>` package holds Node's binary and its C++ headers. It is
// unpacked into a cache folder outside the repository (~/.cache/stride, or $XDG_CACHE_HOME/stride),
// never into node_modules: there a `node` package would put its binary first on every npm
// script's PATH. The machine's Node and the node_modules installed with it stay as they are.
//
// Of the native modules, argon2 and sharp load N-API prebuilds that any Node from 20 on can load;
// better-sqlite3 is built against one Node's ABI. Its binding for the other Node is compiled with
// node-gyp against the headers in that package (about 1.5 minutes on 2 cores, once per Node and
// better-sqlite3 version) into the same cache folder, and `scripts/sqlite-binding.cjs`, preloaded
// into every process of the run through NODE_OPTIONS, makes better-sqlite3 load it there.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, renameSync, rmSync, cpSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';
import { ROOT } from './ensure-install.mjs';

/** The exact version of each other major the suite runs on. */
export const NODE_VERSIONS = { 24: '24.21.0' };

const CACHE = path.join(process.env.XDG_CACHE_HOME || path.join(homedir(), '.cache'), 'stride');

function sh(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', ...options });
  if (result.status !== 0) {
    throw new Error(`${[command, ...args].join(' ')} failed (exit ${result.status ?? result.signal})`);
  }
}

/** node-gyp as npm ships it (npm builds native modules with it), beside the npm on PATH. */
function nodeGyp() {
  const candidates = [];
  if (process.env.npm_execpath) candidates.push(path.join(path.dirname(process.env.npm_execpath), '..'));
  const npm = spawnSync('sh', ['-c', 'command -v npm'], { encoding: 'utf8' }).stdout.trim();
  if (npm) candidates.push(path.join(path.dirname(realpathSync(npm)), '..'));
  for (const npmRoot of candidates) {
    const gyp = path.join(npmRoot, 'node_modules', 'node-gyp', 'bin', 'node-gyp.js');
    if (existsSync(gyp)) return gyp;
  }
  throw new Error("node-gyp not found beside npm: it builds better-sqlite3's binding");
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

/** Compiles better-sqlite3 (the installed version) for the Node in `nodeDir`, once. */
function buildSqliteBinding(nodeDir) {
  const source = path.join(ROOT, 'node_modules', 'better-sqlite3');
  const { version } = JSON.parse(readFileSync(path.join(source, 'package.json'), 'utf8'));
  const binding = path.join(nodeDir, 'addons', `better-sqlite3-${version}`, 'better_sqlite3.node');
  if (existsSync(binding)) return binding;
  process.stdout.write(`Compiling better-sqlite3 ${version} for ${path.basename(nodeDir)} (node-gyp)...\n`);
  const work = mkdtempSync(path.join(CACHE, 'build-'));
  try {
    for (const part of ['binding.gyp', 'deps', 'src', 'package.json']) {
      cpSync(path.join(source, part), path.join(work, part), { recursive: true });
    }
    // npm's own nodedir setting (the machine's Node headers) must not reach this build.
    const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^npm_config_/i.test(key)));
    sh(
      path.join(nodeDir, 'bin', 'node'),
      [nodeGyp(), 'rebuild', '--release', `--nodedir=${nodeDir}`, '--jobs=max', '--loglevel=warn'],
      { cwd: work, env, stdio: ['ignore', 'ignore', 'inherit'] },
    );
    mkdirSync(path.dirname(binding), { recursive: true });
    cpSync(path.join(work, 'build', 'Release', 'better_sqlite3.node'), `${binding}.partial`);
    renameSync(`${binding}.partial`, binding);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  return binding;
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
  const binding = buildSqliteBinding(nodeDir);
  const preload = path.join(ROOT, 'scripts', 'sqlite-binding.cjs');
  return {
    version,
    env: {
      PATH: `${path.join(nodeDir, 'bin')}${path.delimiter}${process.env.PATH ?? ''}`,
      NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --require ${JSON.stringify(preload)}`.trim(),
      STRIDE_SQLITE_BINDING: binding,
    },
  };
}
