// The round-robin proxy as a process of its own (`node --import tsx proxy-main.ts <backend>...`),
// so that `npm run bench:cluster` measures it apart from the load generator's event loop. Prints
// its address on the first line of stdout; SIGTERM stops it.
import { startProxy } from './cluster.js';

const proxy = await startProxy();
for (const backend of process.argv.slice(2)) proxy.add(backend);
process.stdout.write(`${proxy.base}\n`);
process.on('SIGTERM', () => {
  void proxy.close().then(() => process.exit(0));
});
