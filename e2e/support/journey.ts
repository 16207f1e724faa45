import { maskMiddle } from '@stride/contract/rules';
import type { BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';

/** The seeded demo account (its password is published in the README). */
export const DEMO = { account: '13800138000', password: 'Stride2026' };

export const hashOf = (page: Page) => new URL(page.url()).hash;

/**
 * Types the payment password into the sheet that asks for it (docs/product/payment-password.md), in any language: the
 * action goes with the sixth digit.
 */
export async function typePaymentPassword(page: Page, password: string): Promise<void> {
  await page.locator('.pay-password__input').fill(password);
}

/** Pages under the top of the stack stay mounted but hidden, as in the mini-app runtime. */
export const top = (page: Page) => page.locator('.page:not([hidden])');

/** A fresh load of a route (a hash change alone would not reload the app). */
export async function openRoute(page: Page, base: string, route: string): Promise<void> {
  await page.goto('about:blank');
  await page.goto(`${base}/#${route}`);
}

/** Every page of the context starts logged in with this token, as after a login on that phone. */
export async function useToken(context: BrowserContext, token: string): Promise<void> {
  await context.addInitScript((value) => {
    if (location.protocol.startsWith('http')) localStorage.setItem('token', value);
  }, token);
}

/**
 * Waits for a notice that shows for a moment (the app's toast, the console's message): watched for
 * in the page itself, so a poll from here that is slow on a loaded machine cannot miss it.
 */
export async function noticeShown(page: Page, text: string | RegExp): Promise<void> {
  await page.getByText(text).first().waitFor({ state: 'visible', timeout: 30_000 });
}

/**
 * Whether the element's box lies wholly inside the window, as the user sees it without scrolling
 * (a confirmation must not open below the fold of a 360 × 740 phone).
 */
export async function isInsideViewport(page: Page, selector: { boundingBox(): Promise<Box | null> }): Promise<boolean> {
  const box = await selector.boundingBox();
  const size = page.viewportSize();
  if (!box || !size) return false;
  return box.x >= 0 && box.y >= 0 && box.x + box.width <= size.width + 0.5 && box.y + box.height <= size.height + 0.5;
}

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Home greets the account by its masked number: exactly one greeting on the page shown. */
export async function expectGreeting(page: Page, account: string): Promise<void> {
  await expect
    .poll(() =>
      top(page)
        .getByText(`Hello, ${maskMiddle(account)}`)
        .count(),
    )
    .toBe(1);
}
