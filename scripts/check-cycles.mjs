// No import cycles anywhere, type-only and lazy (`import()`) imports included (docs/architecture.md,
// "One-way imports"; decision 093 "Test files share a worker's modules" moved the lint's cycle rule
// here): a type-only cycle still ties two files together for every reader and every refactoring,
// and a lazy one means two modules each need the other to load first. Exits 1 naming each cycle.
import madge from 'madge';

const TREES = [
  { root: 'apps/server/src', tsConfig: 'apps/server/tsconfig.json' },
  { root: 'apps/server/test', tsConfig: 'apps/server/tsconfig.json' },
  { root: 'apps/server/fakes', tsConfig: 'apps/server/tsconfig.json' },
  { root: 'apps/server/bench', tsConfig: 'apps/server/tsconfig.json' },
  { root: 'apps/web/src', tsConfig: 'apps/web/tsconfig.json' },
  { root: 'apps/console/src', tsConfig: 'apps/console/tsconfig.json' },
  { root: 'packages', tsConfig: 'packages/contract/tsconfig.json' },
];

const found = [];
for (const { root, tsConfig } of TREES) {
  const graph = await madge(root, {
    fileExtensions: ['ts', 'tsx'],
    tsConfig,
    excludeRegExp: [/node_modules/, /\/dist\//],
    // Type-only imports count: `skipTypeImports` is off.
    detectiveOptions: { ts: { skipTypeImports: false }, tsx: { skipTypeImports: false } },
  });
  for (const cycle of graph.circular()) found.push(`${root}: ${[...cycle, cycle[0]].join(' → ')}`);
}
if (found.length > 0) {
  console.error(`Import cycles (type-only imports included):\n  ${found.join('\n  ')}`);
  process.exit(1);
}
console.log(`No import cycles in ${TREES.map((tree) => tree.root).join(', ')}.`);
