// `npm run build:server`: bundles the server (apps/server/src/main.ts with the workspace's
// contract) into one ES module, apps/server/dist/main.mjs (and the health export reader's child
// process beside it), leaving every npm dependency to
// node_modules. `npm start`, the start-up journey and the benches run this bundle with plain Node:
// no TypeScript compiler in the running process, which starts faster and holds about 37 MB less
// (decision 033 "Running the server from a bundle").
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { ROOT } from './ensure-install.mjs';

const server = path.join(ROOT, 'apps', 'server');
const { dependencies } = JSON.parse(readFileSync(path.join(server, 'package.json'), 'utf8'));
const { dependencies: contractDependencies } = JSON.parse(
  readFileSync(path.join(ROOT, 'packages', 'contract', 'package.json'), 'utf8'),
);

await build({
  // The server, and the child process that reads health exports (decision 030 "Step-source tokens and health imports"),
  // side by side.
  entryPoints: {
    main: path.join(server, 'src', 'main.ts'),
    'export-reader.worker': path.join(server, 'src', 'modules', 'step-sources', 'export-reader.worker.ts'),
  },
  outdir: path.join(server, 'dist'),
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  // npm packages load from node_modules as they are (native addons among them); only our own
  // TypeScript is bundled.
  external: [...Object.keys(dependencies), ...Object.keys(contractDependencies)],
  sourcemap: true,
  logLevel: 'warning',
});
