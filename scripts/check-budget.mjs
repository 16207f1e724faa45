// Bundle budgets of a Vite build, gzip level 9, run after `vite build`:
// - first route: the JS and CSS that index.html loads before any page chunk (entry scripts,
//   modulepreloads, stylesheets), plus the start language's chunk where the app waits for one
//   before it paints (--language, repeatable: each language's chunk is counted in turn and the
//   largest sum must fit), at most --first-route-kb;
// - each page: the chunk a route's dynamic import loads (the modules --pages matches) and its CSS,
//   at most --page-kb. Chunks shared by several pages (the contract, the kit's dialogs) are
//   reported, not counted against one page.
// - each named chunk (`--chunk '<module pattern>=<kb>'`, repeatable): the lazy chunk of a module
//   that a page imports on demand because it is too heavy for any page budget (the console's
//   Tiptap notice editor, decision 028 "Content in the console"), at most its own budget, so it is counted, not hidden
//   among the shared chunks.
// The defaults are the web app's (decision 006 "The web platform"); the operator console passes its own (decision
// 022 "The operator console"):
//   npm run budget:console
// Exits 1 when a budget is exceeded or the build output is missing.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const { values: options } = parseArgs({
  options: {
    dist: { type: 'string', default: join(ROOT, 'apps', 'web', 'dist') },
    // The build's `base`: index.html names its files under it.
    base: { type: 'string', default: '/' },
    // The web app's first route, its largest start language counted (decision 052 "A first route without waterfalls"),
    // with React 19 (decision 089 "The web app ships React 19", which ended decision 059's Preact): 119.0 KB when set,
    // of which React, react-dom and the scheduler are 65.8 KB. The target is 100 KB (docs/performance.md says by
    // how much it is missed); the budget keeps a small margin over the measured build.
    'first-route-kb': { type: 'string', default: '122' },
    // The web app's language chunks (decision 051 "One language per download"): the app paints once the start language
    // is here, so that chunk is part of the first route. The console passes --language none.
    language: { type: 'string', multiple: true, default: ['^src/locales/chunks/(en|es|fr|zh-Hans|zh-Hant)\\.ts$'] },
    // A page brings its own code only; anything heavier belongs in a shared, separately loaded chunk.
    'page-kb': { type: 'string', default: '30' },
    pages: { type: 'string', default: '^src/app/pages/(.+)\\.page\\.tsx$' },
    // The web app's history charts load uPlot on demand (decision 031 "Step history, streaks and milestones"); --chunk
    // replaces this default.
    chunk: { type: 'string', multiple: true, default: ['uplot/dist/uPlot\\.esm\\.js$=25'] },
  },
});

const FIRST_ROUTE_BUDGET_KB = Number(options['first-route-kb']);
const PAGE_BUDGET_KB = Number(options['page-kb']);
const PAGE_MODULE = new RegExp(options.pages);
const BASE = options.base.replace(/^\/+|\/+$/g, '');

const dist = resolve(options.dist);
const indexHtml = join(dist, 'index.html');
const manifestFile = join(dist, '.vite', 'manifest.json');
for (const required of [indexHtml, manifestFile]) {
  if (!existsSync(required)) {
    console.error(`check-budget: ${required} not found; run "vite build" first.`);
    process.exit(1);
  }
}

const kb = (bytes) => bytes / 1024;
const gzipKb = (file) => kb(gzipSync(readFileSync(join(dist, file)), { level: 9 }).length);
const figure = (size) => `${size.toFixed(2).padStart(8)} KB`;
const failures = [];

const html = readFileSync(indexHtml, 'utf8');
const initial = new Set();
for (const match of html.matchAll(/<(?:script|link)\b[^>]*\b(?:src|href)="\/?([^"]+\.(?:js|css))"[^>]*>/g)) {
  const file = match[1];
  initial.add(BASE && file.startsWith(`${BASE}/`) ? file.slice(BASE.length + 1) : file);
}
if (initial.size === 0) {
  console.error('check-budget: index.html references no JS or CSS.');
  process.exit(1);
}

let total = 0;
console.log('First route (index.html and its static imports), gzip:');
for (const file of [...initial].sort()) {
  const size = gzipKb(file);
  total += size;
  console.log(`  ${figure(size)}  ${file}`);
}
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
const languagePatterns = options.language.filter((pattern) => pattern !== 'none').map((pattern) => new RegExp(pattern));
const languages = Object.entries(manifest)
  .filter(([source]) => languagePatterns.some((pattern) => pattern.test(source)))
  .map(([source, chunk]) => ({
    source,
    size: [chunk.file, ...(chunk.css ?? [])].reduce((sum, file) => sum + gzipKb(file), 0),
  }))
  .sort((a, b) => b.size - a.size);
if (languagePatterns.length > 0 && languages.length === 0) {
  failures.push(`no language chunk matches ${options.language.join(', ')}`);
}
console.log(`  ${figure(total)}  index.html's files`);
for (const { source, size } of languages)
  console.log(`  ${figure(total + size)}  with the start language ${source} (${size.toFixed(2)} KB)`);
const worst = total + (languages[0]?.size ?? 0);
console.log(
  `  ${figure(worst)}  total${languages.length > 0 ? ', the largest language counted' : ''} (budget ${FIRST_ROUTE_BUDGET_KB} KB)`,
);
if (worst > FIRST_ROUTE_BUDGET_KB) {
  failures.push(`first route is ${worst.toFixed(2)} KB gzip, over the ${FIRST_ROUTE_BUDGET_KB} KB budget`);
}

const pages = Object.entries(manifest)
  .map(([source, chunk]) => ({ match: PAGE_MODULE.exec(source), chunk }))
  .filter(({ match }) => match)
  .map(({ match, chunk }) => {
    const files = [chunk.file, ...(chunk.css ?? [])];
    return { page: match[1], files, size: files.reduce((sum, file) => sum + gzipKb(file), 0) };
  })
  .sort((a, b) => b.size - a.size);
if (pages.length === 0) {
  console.error(`check-budget: the manifest lists no page chunks (${PAGE_MODULE.source}).`);
  process.exit(1);
}
console.log(`Page chunks (JS and CSS of each route's own chunk), gzip, budget ${PAGE_BUDGET_KB} KB each:`);
for (const { page, files, size } of pages) {
  console.log(`  ${figure(size)}  ${page}  (${files.join(', ')})`);
  if (size > PAGE_BUDGET_KB) failures.push(`page ${page} is ${size.toFixed(2)} KB gzip, over ${PAGE_BUDGET_KB} KB`);
}

const named = options.chunk.map((rule) => {
  const at = rule.lastIndexOf('=');
  const pattern = new RegExp(rule.slice(0, at));
  const budget = Number(rule.slice(at + 1));
  const found = Object.entries(manifest).find(([source]) => pattern.test(source));
  if (!found || !Number.isFinite(budget)) {
    failures.push(`no chunk for ${rule} (a module pattern and a budget in KB, joined by =)`);
    return { files: [] };
  }
  const [source, chunk] = found;
  const files = [chunk.file, ...(chunk.css ?? [])];
  return { source, files, budget, size: files.reduce((sum, file) => sum + gzipKb(file), 0) };
});
if (named.length > 0) console.log('Named lazy chunks (their own budgets), gzip:');
for (const { source, files, budget, size } of named) {
  if (!source) continue;
  console.log(`  ${figure(size)}  ${source}  (${files.join(', ')}; budget ${budget} KB)`);
  if (size > budget) failures.push(`chunk ${source} is ${size.toFixed(2)} KB gzip, over ${budget} KB`);
}

const pageFiles = new Set([...pages, ...named].flatMap(({ files }) => files));
const shared = readdirSync(join(dist, 'assets'))
  .map((name) => `assets/${name}`)
  .filter((file) => /\.(js|css)$/.test(file) && !initial.has(file) && !pageFiles.has(file))
  .map((file) => ({ file, size: gzipKb(file) }))
  .sort((a, b) => b.size - a.size);
console.log('Largest shared lazy chunks, gzip (reported, not budgeted):');
for (const { file, size } of shared.slice(0, 5)) console.log(`  ${figure(size)}  ${file}`);

if (failures.length > 0) {
  for (const failure of failures) console.error(`check-budget: ${failure}.`);
  process.exit(1);
}
console.log('check-budget: ok');
