// `node --import tsx apps/server/bench/profile-summary.ts <file.cpuprofile> [count]`: the frames
// with the most self time in a V8 CPU profile (as `npm run bench` with BENCH_PROFILE=<folder>
// writes them for the server), grouped by function and file, with each package's total.
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}

interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const [file, countText] = process.argv.slice(2);
if (!file) {
  process.stderr.write('usage: profile-summary.ts <file.cpuprofile> [count]\n');
  process.exit(2);
}
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const selfMicros = new Map<number, number>();
profile.samples.forEach((id, index) => {
  selfMicros.set(id, (selfMicros.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0));
});
const total = [...selfMicros.values()].reduce((sum, value) => sum + value, 0);

/** Where a frame's code comes from: a package, the server's own bundle, Node, or V8. */
function origin(url: string): string {
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (match) return match[1]!;
  if (url.includes('/dist/main.mjs')) return 'server (own code)';
  if (url.startsWith('node:')) return 'node';
  return url ? url : '(V8, native, GC, idle)';
}

const frames = new Map<string, number>();
const origins = new Map<string, number>();
for (const [id, micros] of selfMicros) {
  const node = byId.get(id)!;
  const { functionName, url, lineNumber } = node.callFrame;
  const where = url ? `${url.replace(/^.*node_modules\//, '').replace(/^.*\/dist\//, 'dist/')}:${lineNumber + 1}` : '';
  const key = `${functionName || '(anonymous)'} ${where}`.trim();
  frames.set(key, (frames.get(key) ?? 0) + micros);
  const from = origin(url);
  origins.set(from, (origins.get(from) ?? 0) + micros);
}

const share = (micros: number) => `${((100 * micros) / total).toFixed(1).padStart(5)} %`;
const top = (map: Map<string, number>, count: number) =>
  [...map.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, micros]) => `${share(micros)}  ${name}`)
    .join('\n');

process.stdout.write(
  `${(total / 1e6).toFixed(1)} s sampled\n\nBy origin:\n${top(origins, 15)}\n\nTop self time:\n${top(frames, Number(countText ?? 30))}\n`,
);
