import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { APP_ROUTES, buyCard, getHome, listCardPlans } from '@stride/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logInByApi, request } from './support/api.js';
import { launchBrowser, openPhone } from './support/browser.js';
import { DEMO, top } from './support/journey.js';
import { startServer, type RunningServer } from './support/server.js';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

interface Finding {
  readonly rule: string;
  readonly impact: string;
  readonly help: string;
  readonly nodes: readonly string[];
}

declare global {
  interface Window {
    axe?: {
      run: (
        context: Document,
        options: object,
      ) => Promise<{
        violations: {
          id: string;
          impact?: string | null;
          help: string;
          nodes: { target: unknown[]; failureSummary?: string }[];
        }[];
      }>;
    };
  }
}

/** axe-core's findings on what the user sees now (hidden pages of the stack are out of the tree). */
async function axeFindings(page: Page): Promise<Finding[]> {
  return page.evaluate(async () => {
    const axe = window.axe;
    if (!axe) throw new Error('axe-core is not on the page');
    const result = await axe.run(document, {
      resultTypes: ['violations'],
      // Off by default in axe-core, on here: a name that differs from the visible label fails voice control.
      rules: { 'label-content-name-mismatch': { enabled: true } },
    });
    return result.violations.map((violation) => ({
      rule: violation.id,
      impact: violation.impact ?? 'unknown',
      help: violation.help,
      nodes: violation.nodes.map((node) => `${node.target.join(' ')}: ${node.failureSummary ?? ''}`),
    }));
  });
}

/** Controls on the visible page smaller than 44 × 44 px (docs/product/client.md, Accessibility). */
async function smallTapTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const MIN = 44;
    const small: string[] = [];
    const controls = document.querySelectorAll<HTMLElement>(
      'button, a[href], [role="button"], [role="tab"], [role="radio"], [role="checkbox"], input:not([type="hidden"]), select',
    );
    for (const control of controls) {
      if (control.closest('[hidden], [aria-hidden="true"], .page[hidden]')) continue;
      const box = control.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      // A control's tap area is its own box or a label around it.
      const label = control.closest('label');
      const area = label ? label.getBoundingClientRect() : box;
      if (area.width < MIN - 0.5 || area.height < MIN - 0.5) {
        const name = (control.getAttribute('aria-label') ?? control.textContent ?? '').trim().slice(0, 30);
        small.push(`${control.tagName.toLowerCase()}.${control.className} "${name}" ${Math.round(area.width)}×${Math.round(area.height)}`);
      }
    }
    return small;
  });
}

/** Waits until the top page has loaded what it shows: no spinner left. */
async function settled(page: Page, route: string): Promise<void> {
  await expect.poll(() => top(page).getAttribute('data-route')).toBe(route);
  await expect.poll(() => top(page).locator('[aria-busy="true"]').count()).toBe(0);
}

const serious = (findings: readonly Finding[]) =>
  findings.filter((finding) => finding.impact === 'serious' || finding.impact === 'critical');

describe('accessibility of every page, in Chinese and English', () => {
  it('has no serious or critical axe-core finding and no tap target under 44 × 44 px', async () => {
    const token = await logInByApi(server.baseUrl, DEMO);
    const plans = await request(server.baseUrl, listCardPlans, { token });
    const bronze = plans.find((plan) => plan.name === 'Bronze');
    if (!bronze) throw new Error('the demo catalogue has no Bronze');
    await request(server.baseUrl, buyCard, {
      token,
      body: { planId: bronze.id, payWith: 'balance', idempotencyKey: 'a11y-card-1' },
    });
    const { day } = await request(server.baseUrl, getHome, { token });

    const { context, page, errors } = await openPhone(browser, { width: 360 });
    await context.addInitScript({ content: AXE_SOURCE });
    const report: string[] = [];
    const record = async (language: string, state: string) => {
      const findings = await axeFindings(page);
      for (const finding of findings) {
        report.push(`[${language}] ${state} ${finding.impact} ${finding.rule}: ${finding.help}\n    ${finding.nodes.join('\n    ')}`);
      }
      for (const target of await smallTapTargets(page)) report.push(`[${language}] ${state} tap target ${target}`);
      return findings;
    };

    const all: Finding[] = [];
    for (const language of ['zh-Hans', 'en']) {
      await page.goto('about:blank');
      await page.goto(`${server.baseUrl}/#/pages/login/index`);
      await page.evaluate(
        ([key, value]) => {
          localStorage.removeItem('token');
          localStorage.setItem('language', value);
          void key;
        },
        ['language', language],
      );
      await page.goto('about:blank');
      await page.goto(`${server.baseUrl}/#/pages/login/index`);
      await settled(page, '/pages/login/index');
      all.push(...(await record(language, 'login')));
      await page.evaluate((value) => localStorage.setItem('token', value), token);

      for (const route of APP_ROUTES) {
        if (route === '/pages/login/index') continue;
        const url = route === '/pages-sub/steps/day' ? `${route}?day=${day}` : route;
        await page.goto('about:blank');
        await page.goto(`${server.baseUrl}/#${url}`);
        await settled(page, route);
        all.push(...(await record(language, route)));
      }
    }
    console.log(report.join('\n'));
    expect(errors).toEqual([]);
    expect(serious(all)).toEqual([]);
  });
});
