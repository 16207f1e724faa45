// better-sqlite3's binding, compiled for a given Node with node-gyp (decision 057 "Node 24 beside Node 20, and the
// container files").
//
// better-sqlite3 12 (the last version that supports Node 20) wraps its objects in Node's
// `node::ObjectWrap`. From Node 24 on, that header's constructor registers an environment
// cleanup hook and its destructor removes it, asserting that a Node environment is current. V8
// runs the destructor of a statement it collects from a garbage collection where none is, and the
// process aborts ("Assertion failed: (env) != nullptr" in RemoveEnvironmentCleanupHook): a server
// on SQLite dies within minutes of use. The binding is therefore compiled against Node's headers
// with ObjectWrap as it was up to Node 22, without the hook; objects left at the end of a worker
// thread are released with the thread, as they were before Node 24. On a Node whose header has no
// such hook the headers are used as they are.
//
// `node scripts/sqlite-binding-build.mjs` rebuilds node_modules' binding for the Node running it
// (the container image does this), and `npm start` and `npm test` do it by themselves once per
// install on a Node that needs it (ensureSqliteBinding).
import { spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SQLITE_SOURCE = path.join(ROOT, 'node_modules', 'better-sqlite3');

const HOOK_IN_CONSTRUCTOR = '    refs_ = 0;\n    AddCleanupHook();\n';
const HOOK_IN_DESTRUCTOR = '  virtual ~ObjectWrap() {\n    RemoveCleanupHook();\n';

/** node-gyp as npm ships it (npm builds native modules with it), beside the npm on PATH. */
function nodeGyp() {
  const candidates = [];
  if (process.env.npm_execpath) candidates.push(path.dirname(path.dirname(process.env.npm_execpath)));
  const npm = spawnSync('sh', ['-c', 'command -v npm'], { encoding: 'utf8' }).stdout.trim();
  if (npm) candidates.push(path.dirname(path.dirname(realpathSync(npm))));
  for (const npmRoot of candidates) {
    const gyp = path.join(npmRoot, 'node_modules', 'node-gyp', 'bin', 'node-gyp.js');
    if (existsSync(gyp)) return gyp;
  }
  throw new Error("node-gyp not found beside npm: it builds better-sqlite3's binding");
}

/**
 * Node's headers from `nodeDir` (a folder with include/node, as Node's own packages and images
 * have), with ObjectWrap's cleanup hook taken out when it has one, in `work`.
 */
function headersWithoutHook(nodeDir, work) {
  const headers = path.join(nodeDir, 'include', 'node');
  const wrap = readFileSync(path.join(headers, 'node_object_wrap.h'), 'utf8');
  if (!wrap.includes(HOOK_IN_CONSTRUCTOR) || !wrap.includes(HOOK_IN_DESTRUCTOR)) return nodeDir;
  const patched = path.join(work, 'node', 'include', 'node');
  mkdirSync(patched, { recursive: true });
  for (const entry of readdirSync(headers)) {
    if (entry !== 'node_object_wrap.h') symlinkSync(path.join(headers, entry), path.join(patched, entry));
  }
  writeFileSync(
    path.join(patched, 'node_object_wrap.h'),
    wrap.replace(HOOK_IN_CONSTRUCTOR, '    refs_ = 0;\n').replace(HOOK_IN_DESTRUCTOR, '  virtual ~ObjectWrap() {\n'),
  );
  return path.join(work, 'node');
}

/**
 * Compiles the installed better-sqlite3 with `node` (a Node binary) against the headers in
 * `nodeDir` and writes the binding to `out` (about 1.5 minutes on 2 cores).
 */
export function compileSqliteBinding({ node, nodeDir, out, scratch = tmpdir() }) {
  const work = mkdtempSync(path.join(scratch, 'sqlite-build-'));
  try {
    const source = path.join(work, 'better-sqlite3');
    for (const part of ['binding.gyp', 'deps', 'src', 'package.json']) {
      cpSync(path.join(SQLITE_SOURCE, part), path.join(source, part), { recursive: true });
    }
    // npm's own settings (a nodedir naming the machine's Node headers) must not reach this build.
    const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^npm_config_/i.test(key)));
    const result = spawnSync(
      node,
      [
        nodeGyp(),
        'rebuild',
        '--release',
        `--nodedir=${headersWithoutHook(nodeDir, work)}`,
        '--jobs=max',
        '--loglevel=warn',
      ],
      { cwd: source, env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
    );
    // The compiler's warnings only when the build fails.
    if (result.status !== 0) {
      process.stderr.write(`${result.stdout ?? ''}${result.stderr ?? ''}`);
      throw new Error(`node-gyp failed (exit ${result.status ?? result.signal})`);
    }
    mkdirSync(path.dirname(out), { recursive: true });
    cpSync(path.join(source, 'build', 'Release', 'better_sqlite3.node'), `${out}.partial`);
    renameSync(`${out}.partial`, out);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  return out;
}

/** The running Node's headers: beside its binary (bin/node, include/node), as Node's builds, images and packages have them. */
function runningNodeDir() {
  const nodeDir = path.dirname(path.dirname(realpathSync(process.execPath)));
  return existsSync(path.join(nodeDir, 'include', 'node', 'node_object_wrap.h')) ? nodeDir : null;
}

const INSTALLED = path.join(SQLITE_SOURCE, 'build', 'Release', 'better_sqlite3.node');
/** Written beside the binding once it is built here for this Node; `npm ci` replaces the folder and so drops it. */
const MARKER = `${INSTALLED}.built-for`;

/** Rebuilds node_modules' binding for the running Node (a new file: node_modules may share the old by hard link). */
function rebuildInstalled(nodeDir) {
  process.stdout.write(`Compiling better-sqlite3 for Node ${process.versions.node} (decision 057)...\n`);
  compileSqliteBinding({ node: process.execPath, nodeDir, out: INSTALLED });
  writeFileSync(MARKER, `${process.versions.node}\n`);
}

/**
 * For `npm start` and `npm test` (scripts/ensure-install.mjs): on a Node whose ObjectWrap has the
 * cleanup hook, node_modules' binding as npm built it would abort the server; build it without
 * the hook once per install and Node version.
 */
export function ensureSqliteBinding() {
  if (!existsSync(INSTALLED)) return;
  if (existsSync(MARKER) && readFileSync(MARKER, 'utf8').trim() === process.versions.node) return;
  const nodeDir = runningNodeDir();
  if (!nodeDir) {
    if (Number(process.versions.node.split('.')[0]) >= 24) {
      process.stderr.write(
        `No Node headers beside ${process.execPath}: better-sqlite3 is left as npm built it, which can abort a server on SQLite on Node 24 (docs/deployment.md, "Containers and several instances").\n`,
      );
    }
    return;
  }
  const wrap = readFileSync(path.join(nodeDir, 'include', 'node', 'node_object_wrap.h'), 'utf8');
  if (wrap.includes(HOOK_IN_CONSTRUCTOR) && wrap.includes(HOOK_IN_DESTRUCTOR)) rebuildInstalled(nodeDir);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const nodeDir = runningNodeDir();
  if (!nodeDir) throw new Error(`No Node headers beside ${process.execPath} (include/node)`);
  rebuildInstalled(nodeDir);
}
