// Preloaded (NODE_OPTIONS=--import) into every process of `npm test -- --node 24` by
// scripts/second-node.mjs: better-sqlite3's binding in node_modules is built for the machine's
// Node, so this process loads the one compiled for its own Node, STRIDE_SQLITE_BINDING, in its
// place. Nothing else changes: the server, the tests and node_modules are the ones the machine's
// Node runs (decision 057 "Node 24 beside Node 20, and the container files").
import path from 'node:path';

const binding = process.env.STRIDE_SQLITE_BINDING;
if (binding) {
  const installed = path.join('better-sqlite3', 'build', 'Release', 'better_sqlite3.node');
  const dlopen = process.dlopen;
  process.dlopen = function (module, filename, ...rest) {
    return dlopen.call(this, module, String(filename).endsWith(installed) ? binding : filename, ...rest);
  };
}
