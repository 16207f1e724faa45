import { execFileSync } from 'node:child_process';
import { ROOT } from './cluster.js';

/**
 * The instances run the server bundle as `npm start` does (decision 033 "Running the server from a bundle"): built from
 * this tree first.
 */
export default function setup(): void {
  execFileSync(process.execPath, ['scripts/build-server.mjs'], { cwd: ROOT, stdio: 'inherit' });
}
