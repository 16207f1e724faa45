// First-route bundle budget: the gzip size of the JS and CSS that index.html loads before any
// page chunk (entry script, modulepreloads, stylesheets). Lazy page chunks are reported, not counted.
// Run after `vite build`; exits 1 when over budget or when the build output is missing.
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

/** STYLE.md measured React 19 + react-dom alone at 68.6 KB and a full kit at 164.2 KB; keep well below. */
const BUDGET_KB = 115;

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const indexHtml = join(dist, 'index.html');
if (!existsSync(indexHtml)) {
  console.error(`check-budget: ${indexHtml} not found; run "vite build" first.`);
  process.exit(1);
}

const html = readFileSync(indexHtml, 'utf8');
const initial = new Set();
for (const match of html.matchAll(/<(?:script|link)\b[^>]*\b(?:src|href)="\/?([^"]+\.(?:js|css))"[^>]*>/g)) {
  initial.add(match[1]);
}
if (initial.size === 0) {
  console.error('check-budget: index.html references no JS or CSS.');
  process.exit(1);
}

const kb = (bytes) => bytes / 1024;
const gzipKb = (file) => kb(gzipSync(readFileSync(join(dist, file)), { level: 9 }).length);

let total = 0;
console.log('First route (index.html and its static imports), gzip:');
for (const file of [...initial].sort()) {
  const size = gzipKb(file);
  total += size;
  console.log(`  ${size.toFixed(2).padStart(8)} KB  ${file}`);
}
console.log(`  ${total.toFixed(2).padStart(8)} KB  total (budget ${BUDGET_KB} KB)`);

const lazy = readdirSync(join(dist, 'assets'))
  .map((name) => `assets/${name}`)
  .filter((file) => /\.(js|css)$/.test(file) && !initial.has(file))
  .map((file) => ({ file, size: gzipKb(file) }))
  .sort((a, b) => b.size - a.size);
const largest = lazy[0];
if (largest) console.log(`Largest lazy chunk: ${largest.size.toFixed(2)} KB  ${largest.file}`);

if (total > BUDGET_KB) {
  console.error(`check-budget: first route is ${total.toFixed(2)} KB gzip, over the ${BUDGET_KB} KB budget.`);
  process.exit(1);
}
console.log('check-budget: ok');
