import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import {
  acceptPolicies,
  APP_ROUTES,
  buyCard,
  confirmOrder,
  currentPolicyVersions,
  getHome,
  listCardPlans,
  listGoods,
  saveAddress,
} from '@stride/contract';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { logInByApi, request, setPaymentPasswordByApi } from './support/api.js';
import { openPhone, screenshot } from './support/browser.js';
import { DEMO, top, useToken } from './support/journey.js';
import type { RunningServer } from './support/server.js';
import { shareJourney } from './support/setup.js';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

let server: RunningServer;
let browser: Browser;

shareJourney((started) => ({ server, browser } = started));

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
async function smallTapTargets(page: Page, within = 'body'): Promise<string[]> {
  return page.evaluate((rootSelector) => {
    const MIN = 44;
    const small: string[] = [];
    const root = document.querySelector(rootSelector) ?? document.body;
    const controls = root.querySelectorAll<HTMLElement>(
      'button, a[href], [role="button"], [role="tab"], [role="radio"], [role="checkbox"], input:not([type="hidden"]), select',
    );
    for (const control of controls) {
      if (control.closest('[hidden], [aria-hidden="true"], .page[hidden]')) continue;
      const box = control.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      // A control's tap area is its own box, or a label for it where that is larger.
      const label =
        control.closest('label') ?? (control.id ? document.querySelector(`label[for="${control.id}"]`) : null);
      const labelBox = label?.getBoundingClientRect();
      const area = {
        width: Math.max(box.width, labelBox?.width ?? 0),
        height: Math.max(box.height, labelBox?.height ?? 0),
      };
      if (area.width < MIN - 0.5 || area.height < MIN - 0.5) {
        const name = (control.getAttribute('aria-label') ?? control.textContent ?? '').trim().slice(0, 30);
        small.push(
          `${control.tagName.toLowerCase()}.${control.className} "${name}" ${Math.round(area.width)}×${Math.round(area.height)}`,
        );
      }
    }
    return small;
  }, within);
}

/** Counts the app's calls under way, so that a scan waits for what the page loads. */
function trackCalls(page: Page): () => number {
  let open = 0;
  const isApi = (url: string) => new URL(url).pathname.startsWith('/api/');
  page.on('request', (call) => {
    if (isApi(call.url())) open += 1;
  });
  const done = (call: { url: () => string }) => {
    if (isApi(call.url())) open -= 1;
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return () => open;
}

// A spinner the page shows while it loads (the demo page's sample spinner always turns).
const LOADING = '[aria-busy="true"]:not(.demo__section *)';

/** Waits until the top page has loaded what it shows: no call under way, no spinner left. */
async function settled(page: Page, route: string, openCalls: () => number): Promise<void> {
  await expect.poll(() => top(page).getAttribute('data-route')).toBe(route);
  // The page's chunk has rendered: its body holds more than the page head.
  await expect.poll(() => top(page).locator('main > :not(.nav-bar)').count()).toBeGreaterThan(0);
  await expect
    .poll(async () => ({ calls: openCalls(), busy: await top(page).locator(LOADING).count() }), {
      message: `${route} to settle`,
    })
    .toEqual({ calls: 0, busy: 0 });
}

const POLICY_UPDATE = '/pages-sub/policy/update';

const serious = (findings: readonly Finding[]) =>
  findings.filter((finding) => finding.impact === 'serious' || finding.impact === 'critical');

/** Pages whose look changed with the accessibility work, kept as screenshots to look at. */
const SHOWN = new Set<string>([
  '/pages/index/index',
  '/pages/invite/index',
  '/pages/shop/index',
  '/pages/my/index',
  '/pages-sub/card/index',
  '/pages-sub/order/shop',
  '/pages-sub/asset/index',
]);

/** The demo account with something on every page: a card, a pending card order, an address, a goods order. */
async function furnish(token: string): Promise<void> {
  const base = server.baseUrl;
  const plans = await request(base, listCardPlans, { token });
  const [first, second] = plans;
  if (!first || !second) throw new Error('the demo catalogue has fewer than two plans');
  await request(base, buyCard, {
    token,
    body: {
      planId: first.id,
      payWith: 'balance',
      idempotencyKey: 'a11y-card-1',
      paymentPassword: await setPaymentPasswordByApi(server, token),
    },
  });
  await request(base, buyCard, {
    token,
    body: { planId: second.id, payWith: 'online', idempotencyKey: 'a11y-card-2' },
  });
  const address = await request(base, saveAddress, {
    token,
    body: { name: '张三', phone: '13800138001', region: '上海市 浦东新区', detail: '世纪大道 1 号', isDefault: true },
  });
  const goods = await request(base, listGoods, { token, query: { page: 1, pageSize: 20 } });
  const cheapest = [...goods.items].sort((a, b) => a.points - b.points)[0];
  if (!cheapest) throw new Error('the demo shop has no goods');
  await request(base, confirmOrder, {
    token,
    body: { goodsId: cheapest.id, quantity: 1, addressId: address.id, idempotencyKey: 'a11y-goods-1' },
  });
}

describe('accessibility of every page, in Chinese and English', () => {
  it('has no serious or critical axe-core finding and no tap target under 44 × 44 px', async () => {
    const token = await logInByApi(server.baseUrl, DEMO);
    await furnish(token);
    const { day } = await request(server.baseUrl, getHome, { token });

    const { context, page, errors } = await openPhone(browser, { width: 360 });
    await context.addInitScript({ content: AXE_SOURCE });
    const openCalls = trackCalls(page);
    const findings: Finding[] = [];
    const smallTargets: string[] = [];
    const scan = async (language: string, state: string, within?: string) => {
      for (const finding of await axeFindings(page)) {
        findings.push({ ...finding, rule: `[${language}] ${state}: ${finding.rule}` });
      }
      for (const target of await smallTapTargets(page, within)) smallTargets.push(`[${language}] ${state}: ${target}`);
    };
    /** Opens a page as a typed address would, in the running app (one document per language). */
    const open = async (url: string) => {
      await page.evaluate((hash) => {
        window.location.hash = hash;
      }, url);
      await settled(page, url.split('?')[0] ?? url, openCalls);
    };
    /** A fresh load of a page: what a dialog left open is gone. */
    const reload = async (url: string) => {
      await page.evaluate((hash) => {
        window.location.hash = hash;
      }, url);
      await page.reload();
      await settled(page, url, openCalls);
    };
    /** A fresh start of the app in a language, on the login page, logged out. */
    const start = async (language: string) => {
      await page.goto(`${server.baseUrl}/#/pages/login/index`);
      await page.evaluate((value) => {
        localStorage.removeItem('token');
        localStorage.setItem('language', value);
      }, language);
      await page.reload();
      await settled(page, '/pages/login/index', openCalls);
    };
    /** A dialog the user opened, scanned once it has finished appearing; tap targets within it. */
    const scanDialog = async (language: string, state: string) => {
      const dialog = page.locator('[role="dialog"]');
      await expect.poll(() => dialog.count()).toBe(1);
      await expect
        .poll(() => dialog.evaluate((node) => getComputedStyle(node.firstElementChild ?? node).opacity))
        .toBe('1');
      await settled(page, (await top(page).getAttribute('data-route')) ?? '', openCalls);
      await scan(language, state, '[role="dialog"]');
    };

    for (const language of ['zh-Hans', 'en']) {
      await start(language);
      await scan(language, 'login');
      // The sign-up form: its terms and privacy checkbox and the links in its sentence (decision 046 "Policies and
      // consent").
      await top(page).getByRole('tab').nth(1).click();
      await expect.poll(() => top(page).getByRole('checkbox').count()).toBe(1);
      await scan(language, 'sign-up');
      await page.evaluate((value) => localStorage.setItem('token', value), token);
      await page.reload();

      for (const route of APP_ROUTES) {
        if (route === '/pages/login/index') continue;
        // With nothing to accept it goes straight on: scanned below, once a policy has changed.
        if (route === POLICY_UPDATE) continue;
        await open(route === '/pages-sub/steps/day' ? `${route}?day=${day}` : route);
        await scan(language, route);
        if (language === 'zh-Hans' && SHOWN.has(route))
          await screenshot(page, `a11y-${language}${route.replaceAll('/', '-')}`);
      }

      // The states behind a tap: the notices list, a goods detail, the exchange sheet, a confirm dialog.
      await reload('/pages/index/index');
      await top(page).locator('.notices__head button').click();
      await scanDialog(language, 'home, all notices');
      await reload('/pages/index/index');
      await top(page).locator('.home-wallet button.button--ghost').first().click();
      await scanDialog(language, 'home, exchange sheet');
      await reload('/pages/shop/index');
      await top(page).locator('.goods-tile').first().click();
      await scanDialog(language, 'mall, goods detail');
      await reload('/pages-sub/order/shop');
      await top(page).locator('.goods-order__actions button').first().click();
      await scanDialog(language, 'goods orders, cancel confirm');
      // Cancel: the order stays for the other language's scan.
      await page.locator('[role="dialog"] button').first().click();
      await expect.poll(() => page.locator('[role="dialog"]').count()).toBe(0);
    }
    // The "updated policy" screen as users meet it (decision 046 "Policies and consent"): a new privacy policy is out.
    const privacy = await server.app.services.policies.get('privacy', undefined, 'en');
    await server.app.services.admin.policies.publish('editor', {
      kind: 'privacy',
      basedOn: privacy.version,
      title: privacy.title,
      body: privacy.body,
      changes: 'Step data is now kept for 24 months.',
      languages: { translations: { 'zh-Hans': { title: '隐私政策', changes: '步数数据现在保存 24 个月。' } } },
    });
    for (const language of ['zh-Hans', 'en']) {
      await start(language);
      await page.evaluate((value) => localStorage.setItem('token', value), token);
      await page.evaluate(() => {
        window.location.hash = '/pages/index/index';
      });
      await page.reload();
      await settled(page, POLICY_UPDATE, openCalls);
      await expect.poll(() => top(page).locator('.policy-update__item').count()).toBe(1);
      await scan(language, POLICY_UPDATE);
    }
    // Accepted: the demo account opens the app as before for the tests that follow.
    const versions = await request(server.baseUrl, currentPolicyVersions);
    await request(server.baseUrl, acceptPolicies, { token, body: versions });

    expect(errors).toEqual([]);
    const problems = [
      ...serious(findings).map(
        (finding) => `${finding.rule} (${finding.impact}): ${finding.help}\n  ${finding.nodes.join('\n  ')}`,
      ),
      ...smallTargets,
    ];
    expect(problems).toEqual([]);
    // Every page and state in two languages: about 100 s on this machine, near the journeys' 120 s.
  }, 240_000);
});

describe('numbers, money and dates in the user’s language', () => {
  it('shows French grouping and money on a French page, one style of step counts in Chinese, and Traditional Chinese faces for zh-Hant', async () => {
    const token = await logInByApi(server.baseUrl, DEMO);
    const home = await request(server.baseUrl, getHome, { token });
    expect(home.points).toBeGreaterThanOrEqual(1000);
    expect(home.balance).toBeGreaterThanOrEqual(100_000);
    const digits = (text: string) => text.replace(/\D/g, '');

    const fr = await openPhone(browser, { width: 360, locale: 'fr-FR' });
    await useToken(fr.context, token);
    await fr.page.goto(`${server.baseUrl}/#/pages/my/index`);
    const points = top(fr.page).getByTestId('my-points');
    const balance = top(fr.page).getByTestId('my-balance');
    // "8 578" and "1 817,00 ¥": a narrow no-break space between thousands, a comma, the symbol after.
    await expect.poll(() => points.innerText()).toMatch(/^\d{1,3}(\u202f\d{3})+$/);
    expect(digits(await points.innerText())).toBe(String(home.points));
    expect(await balance.innerText()).toMatch(/^\d{1,3}(\u202f\d{3})+,\d{2}\u00a0¥$/);
    expect(digits(await balance.innerText())).toBe(String(home.balance));
    await screenshot(fr.page, 'a11y-fr-my');
    await fr.page.goto(`${server.baseUrl}/#/pages/shop/index`);
    await expect
      .poll(() => top(fr.page).getByTestId('shop-points').innerText())
      .toMatch(/^Mes points : \d{1,3}(\u202f\d{3})+$/);
    await screenshot(fr.page, 'a11y-fr-shop');
    await fr.page.goto(`${server.baseUrl}/#/pages/invite/index`);
    await expect.poll(() => top(fr.page).getByTestId('invite-code').count()).toBe(1);
    await screenshot(fr.page, 'a11y-fr-invite');
    expect(fr.errors).toEqual([]);
    await fr.context.close();

    // Chinese: the ring, the goal line and a card's progress write steps alike (no 万 beside digits).
    const zh = await openPhone(browser, { width: 360, locale: 'zh-CN' });
    await useToken(zh.context, token);
    await zh.page.goto(`${server.baseUrl}/#/pages/index/index`);
    const steps = top(zh.page).locator('.home-steps');
    await expect.poll(() => steps.innerText()).toContain(new Intl.NumberFormat('zh-Hans').format(home.goal));
    expect(await top(zh.page).locator('main').innerText()).not.toContain('万');
    await screenshot(zh.page, 'a11y-zh-Hans-home-steps');
    expect(zh.errors).toEqual([]);
    await zh.context.close();

    // Traditional Chinese takes the Traditional faces; Simplified keeps its own.
    const fontOf = async (locale: string) => {
      const phone = await openPhone(browser, { width: 360, locale });
      await useToken(phone.context, token);
      await phone.page.goto(`${server.baseUrl}/#/pages/my/index`);
      await expect.poll(() => top(phone.page).getByTestId('my-points').count()).toBe(1);
      const font = await phone.page.evaluate(() => ({
        lang: document.documentElement.lang,
        body: getComputedStyle(document.body).fontFamily,
      }));
      await phone.context.close();
      return font;
    };
    const hant = await fontOf('zh-TW');
    expect(hant.lang).toBe('zh-Hant');
    expect(hant.body).toMatch(/PingFang TC.*Microsoft JhengHei.*Noto Sans CJK TC/);
    expect(hant.body).not.toContain('PingFang SC');
    const hans = await fontOf('zh-CN');
    expect(hans.lang).toBe('zh-Hans');
    expect(hans.body).toMatch(/PingFang SC.*Microsoft YaHei.*Noto Sans CJK SC/);
  });
});
