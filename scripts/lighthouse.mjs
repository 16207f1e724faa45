// `npm run lighthouse`: Lighthouse's mobile audit (its default: a mid-range phone on a slow 4G
// link, simulated) of the login page and of home for a logged-in user, against the real server
// and the built web app, in Debian's Chromium. Prints the scores and records them in
// docs/performance.md.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { ROOT, ensureInstall, run } from './ensure-install.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const DEMO = { account: '13800138000', password: 'Stride2026' };

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function startServer() {
  const dir = mkdtempSync(path.join(tmpdir(), 'stride-lighthouse-'));
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 300; attempt += 1) {
    if (child.exitCode !== null) throw new Error('server exited during start-up');
    try {
      if ((await fetch(`${base}/healthz`)).ok) return { base, child, dir };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('server did not start');
}

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

async function audit(url, port, keepStorage) {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: CATEGORIES,
    disableStorageReset: keepStorage,
  });
  const { categories, audits } = result.lhr;
  const failing = CATEGORIES.filter((id) => id !== 'performance').flatMap((id) =>
    (categories[id]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && audits[ref.id]?.score !== null && (audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => `${id}: ${audits[ref.id]?.title ?? ref.id}`),
  );
  if (failing.length > 0) process.stdout.write(`${url}\n  ${failing.join('\n  ')}\n`);
  return {
    scores: Object.fromEntries(CATEGORIES.map((id) => [id, Math.round((categories[id]?.score ?? 0) * 100)])),
    fcp: audits['first-contentful-paint']?.displayValue ?? '',
    lcp: audits['largest-contentful-paint']?.displayValue ?? '',
    tbt: audits['total-blocking-time']?.displayValue ?? '',
    cls: audits['cumulative-layout-shift']?.displayValue ?? '',
  };
}

ensureInstall();
run('npm', ['run', 'build', '--silent']);
const server = await startServer();
const profile = mkdtempSync(path.join(tmpdir(), 'stride-chromium-'));
const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM,
  userDataDir: profile,
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
});
const rows = [];
try {
  rows.push(['login (logged out)', await audit(`${server.base}/#/pages/login/index`, chrome.port, false)]);

  const login = await fetch(`${server.base}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO),
  }).then((response) => response.json());
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  const page = await browser.newPage();
  await page.goto(`${server.base}/healthz`);
  await page.evaluate((token) => localStorage.setItem('token', token), login.data.token);
  await page.close();
  await browser.disconnect();
  rows.push(['home (logged in)', await audit(`${server.base}/#/pages/index/index`, chrome.port, true)]);
} finally {
  await chrome.kill();
  server.child.kill('SIGTERM');
  rmSync(profile, { recursive: true, force: true });
  setTimeout(() => rmSync(server.dir, { recursive: true, force: true }), 500);
}

const table = [
  `Measured ${new Date().toISOString().slice(0, 10)} with Lighthouse's default mobile settings (simulated slow 4G, 4x CPU slowdown) in Debian Chromium.`,
  '',
  '| page | performance | accessibility | best practices | SEO | FCP | LCP | TBT | CLS |',
  '| --- | --- | --- | --- | --- | --- | --- | --- | --- |',
  ...rows.map(
    ([name, r]) =>
      `| ${name} | ${r.scores.performance} | ${r.scores.accessibility} | ${r.scores['best-practices']} | ${r.scores.seo} | ${r.fcp} | ${r.lcp} | ${r.tbt} | ${r.cls} |`,
  ),
].join('\n');
process.stdout.write(`\n${table}\n`);
const doc = path.join(ROOT, 'docs/performance.md');
const text = readFileSync(doc, 'utf8');
writeFileSync(
  doc,
  text.replace(
    /<!-- lighthouse:start -->[\s\S]*<!-- lighthouse:end -->/,
    `<!-- lighthouse:start -->\n${table}\n<!-- lighthouse:end -->`,
  ),
);
process.stdout.write('\nRecorded in docs/performance.md\n');
