// `npm run lighthouse`: Lighthouse's mobile audit (its default: a mid-range phone on a slow 4G
// link, simulated) of the login page and of home, the mall and the card plans for a logged-in user,
// against the real server and the built web app, in Debian's Chromium, each page three times (the
// median run is kept), twice over: through HTTPS and HTTP/2 as a deployment serves a phone, and
// straight to the server over HTTP/1.1 (decision 067 "Lighthouse as a phone reaches a deployment"). Prints the scores
// and records them in docs/performance.md.
import { execFileSync } from 'node:child_process';
import { get as httpGet } from 'node:http';
import { get as httpsGet } from 'node:https';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { ROOT, demoToken, spawnServer, stopServer, type SpawnedServer } from '../apps/server/bench/spawn-server.js';
import { startTlsProxy } from '../apps/server/bench/tls-proxy.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/**
 * Chromium 156 starts a WebUI renderer for the desktop omnibox's popup and preloads other "top
 * chrome" WebUIs, headless too: in a 5-second trace of one page load that renderer spent 2.9 s on
 * its main thread, against 1.1 s for the page itself, on this 2-core machine, and Lighthouse
 * multiplied the page's slowed tasks by four. A headless browser has no omnibox, and a phone's
 * browser spends none of the page's CPU on one (decision 089 "The web app ships React 19").
 */
const QUIET_FEATURES = ['PreloadTopChromeWebUI', 'WebUIOmniboxPopup', 'WebUIOmniboxFullPopup', 'WebUIOmniboxAimPopup'];
/**
 * Audits of each page; the table gives the run with the median performance score and the range.
 * One audit of a page on this shared machine moved by up to 10 points between runs minutes apart.
 */
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
/**
 * LIGHTHOUSE_PAGES=login,home: audit only these of login, home, mall and plans, to look at one
 * change; such a run prints its table and leaves docs/performance.md as it is.
 */
const PAGES = (process.env.LIGHTHOUSE_PAGES ?? 'login,home,mall,plans').split(',').map((page) => page.trim());
const ALL_PAGES = ['login', 'home', 'mall', 'plans'].every((page) => PAGES.includes(page));

interface Audit {
  scores: Record<(typeof CATEGORIES)[number], number>;
  fcp: string;
  lcp: string;
  tbt: string;
  cls: string;
}

/** What Lighthouse reported for each audit it could not record, for the message when it gives up. */
const failures: string[] = [];

/** One audit, or null when Lighthouse could not record the load (its runtime error, such as NO_NAVSTART). */
async function auditOnce(
  url: string,
  port: number,
  keepStorage: boolean,
  run: number,
  reports: string | undefined,
): Promise<Audit | null> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: [...CATEGORIES],
    disableStorageReset: keepStorage,
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  if (result.lhr.runtimeError) {
    const { code, message } = result.lhr.runtimeError;
    failures.push(`${code}: ${message}`);
    process.stdout.write(`${url}: ${code} (${message}), run again\n`);
    return null;
  }
  // LIGHTHOUSE_REPORTS=<folder>: also keep each page's full report there (in a folder per way
  // of reaching the server), to read its network tree.
  if (reports) {
    writeFileSync(
      path.join(reports, `${new URL(url).hash.replace(/\W+/g, '-').replace(/^-|-$/g, '')}-${run}.json`),
      result.report as string,
    );
  }
  const { categories, audits } = result.lhr;
  const failing = CATEGORIES.filter((id) => id !== 'performance').flatMap((id) =>
    (categories[id]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && audits[ref.id]?.score !== null && (audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => `${id}: ${audits[ref.id]?.title ?? ref.id}`),
  );
  if (failing.length > 0) process.stdout.write(`${url}\n  ${failing.join('\n  ')}\n`);
  const score = (id: (typeof CATEGORIES)[number]) => Math.round((categories[id]?.score ?? 0) * 100);
  return {
    scores: {
      performance: score('performance'),
      accessibility: score('accessibility'),
      'best-practices': score('best-practices'),
      seo: score('seo'),
    },
    fcp: audits['first-contentful-paint']?.displayValue ?? '',
    lcp: audits['largest-contentful-paint']?.displayValue ?? '',
    tbt: audits['total-blocking-time']?.displayValue ?? '',
    cls: audits['cumulative-layout-shift']?.displayValue ?? '',
  };
}

/**
 * RUNS audits of the page (`before` runs before each), each retried when Lighthouse could not
 * record it: the run with the median performance score, and the lowest and highest score.
 */
async function audit(
  url: string,
  port: number,
  keepStorage: boolean,
  reports: string | undefined,
  before: () => Promise<void> = () => Promise.resolve(),
): Promise<Audit & { range: string }> {
  const runs: Audit[] = [];
  failures.length = 0;
  for (let attempt = 0; runs.length < RUNS; attempt += 1) {
    if (attempt >= RUNS * 2) {
      throw new Error(
        `Lighthouse could not record ${url} in ${attempt} attempts:\n  ${[...new Set(failures)].join('\n  ')}`,
      );
    }
    await before();
    const result = await auditOnce(url, port, keepStorage, runs.length + 1, reports);
    if (result) runs.push(result);
  }
  runs.sort((a, b) => a.scores.performance - b.scores.performance);
  const median = runs[Math.floor(runs.length / 2)]!;
  const low = runs[0]!.scores.performance;
  const high = runs.at(-1)!.scores.performance;
  return { ...median, range: low === high ? `${low}` : `${low}–${high}` };
}

/**
 * Lighthouse 12 dropped its PWA category and the installable-manifest audit; the check it ran is
 * Chromium's own (a linked, valid manifest with 192 and 512 px icons, a service worker controlling
 * the start_url), asked here through the DevTools protocol once the worker controls the page.
 */
async function installability(base: string, port: number): Promise<string> {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}` });
  try {
    const page = await browser.newPage();
    await page.goto(`${base}/`);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, { timeout: 60_000 });
    const session = await page.createCDPSession();
    const { installabilityErrors } = await session.send('Page.getInstallabilityErrors');
    await page.close();
    const errors = installabilityErrors.map((error) => error.errorId);
    return errors.length === 0 ? 'yes, no installability errors' : `no: ${errors.join(', ')}`;
  } finally {
    await browser.disconnect();
  }
}

/**
 * Loads the app once through `base` before any audit, so that a way to the server that does not
 * work (a certificate the browser refuses, a proxy that cannot reach the server) is said plainly,
 * with what the browser and Node each got, instead of as six failed audits.
 */
async function checkReachable(base: string, port: number, transport: Transport): Promise<void> {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}` });
  const page = await browser.newPage();
  let problem: string | undefined;
  try {
    const response = await page.goto(`${base}/`, { waitUntil: 'domcontentloaded', timeout: 30_000 });
    if (!response) problem = 'no answer';
    else if (!response.ok()) problem = `HTTP ${response.status()} ${(await response.text()).slice(0, 200)}`;
  } catch (error) {
    problem = error instanceof Error ? error.message : String(error);
  } finally {
    await page.close();
    await browser.disconnect();
  }
  if (problem === undefined) return;
  const fromNode = await new Promise<string>((resolve) => {
    // The run's own certificate, which Node does not know: this asks whether the proxy answers.
    const get = base.startsWith('https:') ? httpsGet : httpGet;
    const asked = get(`${base}/healthz`, { rejectUnauthorized: false, timeout: 10_000 }, (answer) => {
      answer.resume();
      resolve(`HTTP ${answer.statusCode ?? '?'}`);
    });
    asked.on('timeout', () => asked.destroy(new Error('no answer in 10 s')));
    asked.on('error', (error) => resolve(error.message));
  });
  throw new Error(
    `Chromium could not load the app ${transport.id === 'deployed' ? 'through the HTTPS/HTTP 2 proxy' : 'from the server'} at ${base}/: ${problem}. ` +
      `Node's own request to ${base}/healthz: ${fromNode}.` +
      (transport.id === 'deployed' ? ' LIGHTHOUSE_VIA=direct audits the server without the proxy.' : ''),
  );
}

/** How the browser reaches the server in one set of audits. */
interface Transport {
  id: 'deployed' | 'direct';
  /** The table's heading line. */
  title: string;
  /** The doc's markers of its table. */
  marker: string;
}

const TRANSPORTS: Transport[] = [
  {
    id: 'deployed',
    title:
      'As a phone reaches a deployment: HTTPS with HTTP/2 through a proxy in front of the server (deploy/Caddyfile with a site name; here a Node proxy with a certificate for localhost, decision 067).',
    marker: 'lighthouse',
  },
  {
    id: 'direct',
    title: 'Straight to the server, as `npm start` serves it on this machine: plain HTTP/1.1, no TLS.',
    marker: 'lighthouse-direct',
  },
];

/**
 * LIGHTHOUSE_VIA=deployed or direct: audit only one way; such a run prints its table and leaves
 * docs/performance.md as it is.
 */
const VIA = (process.env.LIGHTHOUSE_VIA ?? 'deployed,direct').split(',').map((via) => via.trim());
const RECORD = ALL_PAGES && TRANSPORTS.every((transport) => VIA.includes(transport.id));

/** The audits of the pages through `base` (the server's address or the proxy's). */
async function auditPages(
  base: string,
  server: SpawnedServer,
  port: number,
  reports: string | undefined,
): Promise<{ rows: [string, Audit & { range: string }][]; installable: string }> {
  const rows: [string, Audit & { range: string }][] = [];
  if (PAGES.includes('login')) {
    rows.push(['login (logged out)', await audit(`${base}/#/pages/login/index`, port, false, reports)]);
  }
  const token = await demoToken(server.base);
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}` });
  const page = await browser.newPage();
  await page.goto(`${base}/healthz`);
  await page.evaluate((value) => localStorage.setItem('token', value), token);
  const session = await page.createCDPSession();
  // Keep the session but nothing an earlier audit left (files in the HTTP cache, the service
  // worker and its caches): every audit loads cold.
  const cold = async () => {
    await session.send('Network.clearBrowserCache');
    await session.send('Storage.clearDataForOrigin', { origin: base, storageTypes: 'service_workers,cache_storage' });
  };
  try {
    for (const [name, label, hash] of [
      ['home', 'home (logged in)', '#/pages/index/index'],
      ['mall', 'mall (logged in)', '#/pages/shop/index'],
      ['plans', 'card plans (logged in)', '#/pages-sub/card/index'],
    ] as const) {
      if (PAGES.includes(name)) rows.push([label, await audit(`${base}/${hash}`, port, true, reports, cold)]);
    }
    await cold();
  } finally {
    await page.close();
    await browser.disconnect();
  }
  return { rows, installable: ALL_PAGES ? await installability(base, port) : '' };
}

function table(transport: Transport, rows: [string, Audit & { range: string }][], installable: string, load: string) {
  return [
    transport.title,
    '',
    `Measured ${new Date().toISOString().slice(0, 10)} with Lighthouse's default mobile settings (simulated slow 4G, 4x CPU slowdown) in Debian Chromium, on ${cpus().length} × ${cpus()[0]?.model.trim() ?? 'CPU'}; ${load}.`,
    '',
    `Each page audited ${RUNS} times, cold each time; the row is the run with the median performance score, the range is that score's over the runs.`,
    '',
    '| page | performance (range) | accessibility | best practices | SEO | FCP | LCP | TBT | CLS |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...rows.map(
      ([name, r]) =>
        `| ${name} | ${r.scores.performance} (${r.range}) | ${r.scores.accessibility} | ${r.scores['best-practices']} | ${r.scores.seo} | ${r.fcp} | ${r.lcp} | ${r.tbt} | ${r.cls} |`,
    ),
    ...(installable
      ? ['', `Installable (Chromium's own check, which Lighthouse 12 no longer audits): ${installable}.`]
      : []),
  ].join('\n');
}

async function main(): Promise<void> {
  execFileSync('npm', ['run', 'build', '--silent'], { cwd: ROOT, stdio: 'inherit' });
  const server = await spawnServer();
  const proxy = await startTlsProxy(server.base);
  const profile = mkdtempSync(path.join(tmpdir(), 'stride-chromium-'));
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    userDataDir: profile,
    // chrome-launcher's own flags, with the features it turns off and ours in its one
    // --disable-features (Chromium reads only the last one given).
    ignoreDefaultFlags: true,
    chromeFlags: [
      ...chromeLauncher.Launcher.defaultFlags().map((flag) =>
        flag.startsWith('--disable-features=') ? `${flag},${QUIET_FEATURES.join(',')}` : flag,
      ),
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--no-first-run',
      // The run's own certificate is trusted by its key, as a real site's is by its authority.
      `--ignore-certificate-errors-spki-list=${proxy.spki}`,
      // localhost is the proxy's IPv4 loopback address, whatever the machine's hosts file lists
      // first (a fresh Debian lists ::1 too, where nothing listens).
      `--host-resolver-rules=MAP localhost ${proxy.address}`,
    ],
  });
  const tables: [Transport, string][] = [];
  try {
    for (const transport of TRANSPORTS.filter((each) => VIA.includes(each.id))) {
      // Lighthouse simulates the slow phone by multiplying the CPU time it observes: on a loaded
      // machine every figure is worse, so each table says how loaded it was.
      const loadAtStart = loadavg()[0] ?? 0;
      const base = transport.id === 'deployed' ? proxy.base : server.base;
      const reports = process.env.LIGHTHOUSE_REPORTS && path.join(process.env.LIGHTHOUSE_REPORTS, transport.id);
      if (reports) mkdirSync(reports, { recursive: true });
      await checkReachable(base, chrome.port, transport);
      const { rows, installable } = await auditPages(base, server, chrome.port, reports);
      const load = `load average ${loadAtStart.toFixed(1)} at the start, ${(loadavg()[0] ?? 0).toFixed(1)} at the end (1 min)`;
      tables.push([transport, table(transport, rows, installable, load)]);
      process.stdout.write(`\n${tables.at(-1)![1]}\n`);
    }
  } finally {
    chrome.kill();
    await proxy.close();
    await stopServer(server);
    rmSync(profile, { recursive: true, force: true });
  }
  if (!RECORD) return;
  const doc = path.join(ROOT, 'docs/performance.md');
  let text = readFileSync(doc, 'utf8');
  for (const [transport, recorded] of tables) {
    const marked = new RegExp(`<!-- ${transport.marker}:start -->[\\s\\S]*<!-- ${transport.marker}:end -->`);
    if (!marked.test(text)) throw new Error(`docs/performance.md has no ${transport.marker} markers`);
    text = text.replace(marked, `<!-- ${transport.marker}:start -->\n${recorded}\n<!-- ${transport.marker}:end -->`);
  }
  writeFileSync(doc, text);
  process.stdout.write('\nRecorded in docs/performance.md\n');
}

main().catch((error: unknown) => {
  process.stderr.write(`${String(error)}\n`);
  process.exit(1);
});
