import type { BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { top } from './journey.js';
import type { RunningServer } from './server.js';

/** The sign-up form's words in the phone's language. */
export interface SignUpLabels {
  captcha: string;
  captchaImage: string;
  mobile: string;
  sendCode: string;
  smsCode: string;
  password: string;
  submit: string;
  /** The terms and privacy checkbox's accessible name (decision 046 "Policies and consent"). */
  accept?: string;
}

export const SIGN_UP_EN: SignUpLabels = {
  captcha: 'Captcha',
  captchaImage: 'Captcha image, tap to refresh',
  mobile: 'Mobile number',
  sendCode: 'Send code',
  smsCode: 'SMS code',
  password: 'Password',
  submit: 'Create account',
  accept: 'I accept the terms of service and the privacy policy',
};

/**
 * The newest code sent to `account`, read the way a demo user reads it: from the demo outbox page
 * (the journeys' server lists every message there, DEMO_OUTBOX_ALL=true).
 */
export async function codeFromOutboxPage(context: BrowserContext, base: string, account: string): Promise<string> {
  const outbox = await context.newPage();
  try {
    let code = '';
    await expect
      .poll(async () => {
        await outbox.goto(`${base}/demo/outbox`);
        const row = outbox.locator('tbody tr').filter({ hasText: account }).first();
        code = (await row.count()) > 0 ? (/\b(\d{6})\b/.exec(await row.innerText())?.[1] ?? '') : '';
        return code;
      })
      .toMatch(/^\d{6}$/);
    return code;
  } finally {
    await outbox.close();
  }
}

/**
 * Signs up on the sign-up form that is showing: the number and the captcha send a code, the code
 * comes from the demo outbox page, then the code and the password create the account.
 */
export async function signUpInApp(
  page: Page,
  server: RunningServer,
  user: { account: string; password: string },
  labels: SignUpLabels = SIGN_UP_EN,
  beforeSubmit?: () => Promise<void>,
): Promise<void> {
  const form = top(page);
  await expect.poll(() => form.getByRole('button', { name: labels.captchaImage }).locator('img').count()).toBe(1);
  await form.getByLabel(labels.mobile).fill(user.account);
  await form.getByLabel(labels.captcha, { exact: true }).fill(server.captcha.last);
  await form.getByRole('button', { name: labels.sendCode }).click();
  await expect.poll(() => form.getByLabel(labels.smsCode).count()).toBe(1);
  const code = await codeFromOutboxPage(page.context(), server.baseUrl, user.account);
  await form.getByLabel(labels.smsCode).fill(code);
  await form.getByLabel(labels.password, { exact: true }).fill(user.password);
  // The terms and privacy policy: unticked until the user ticks it.
  const accept = labels.accept ? form.getByRole('checkbox', { name: labels.accept }) : form.getByRole('checkbox');
  expect(await accept.isChecked()).toBe(false);
  await accept.check();
  await beforeSubmit?.();
  await form.getByRole('button', { name: labels.submit }).click();
}
