import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openPhone, screenshot } from './support/browser.js';
import { registerByApi } from './support/api.js';
import { expectGreeting, hashOf, top } from './support/journey.js';
import { codeFromOutboxPage, signUpInApp } from './support/sign-up.js';
import type { RunningServer } from './support/server.js';
import { shareJourney } from './support/setup.js';

let server: RunningServer;
let browser: Browser;

shareJourney((started) => ({ server, browser } = started));

async function fillCaptcha(
  page: Page,
  trigger: () => Promise<unknown>,
  labels = { field: 'Captcha', image: 'Captcha image, tap to refresh' },
): Promise<void> {
  const answered = page.waitForResponse((response) => response.url().endsWith('/api/captcha'));
  await trigger();
  await answered;
  await expect.poll(() => top(page).getByRole('button', { name: labels.image }).locator('img').count()).toBe(1);
  await top(page).getByLabel(labels.field, { exact: true }).fill(server.captcha.last);
}

async function logIn(page: Page, account: string, password: string): Promise<void> {
  await top(page).getByLabel('Mobile number').fill(account);
  await top(page).getByLabel('Password').fill(password);
  await top(page).getByRole('button', { name: 'Log in', exact: true }).click();
}

async function logOut(page: Page): Promise<void> {
  await page.getByRole('navigation').getByText('My', { exact: true }).click();
  await top(page).getByRole('button', { name: 'Log out' }).click();
  await expect.poll(() => hashOf(page)).toMatch(/^#\/pages\/login\/index/);
}

describe('accounts, end to end in Chromium', () => {
  it('signs up, stays logged in, logs out, is sent to login and back, and resets a password through the outbox', async () => {
    const { page, errors, context } = await openPhone(browser);
    const account = '13911112222';

    // A protected page sends a logged-out visitor to login.
    await page.goto(`${server.baseUrl}/`);
    await expect.poll(() => hashOf(page)).toMatch(/^#\/pages\/login\/index/);

    // A first open: a welcome above the form with the server's own numbers (decision 082 "A newcomer's first screens").
    const welcome = top(page).getByRole('region', { name: 'Welcome to Stride' });
    await expect.poll(() => welcome.innerText()).toMatch(/every [\d,]+ steps earn 1 point, up to [\d,]+ points a day/);
    expect(await page.title()).toBe('Log in · Stride');
    await screenshot(page, 'login-welcome-375');

    // Sign up: the number and the captcha send a code by SMS; the demo outbox page shows it.
    await fillCaptcha(page, () => top(page).getByRole('tab', { name: 'Sign up' }).click());
    await expect.poll(() => page.title()).toBe('Sign up · Stride');
    await top(page).getByLabel('Mobile number').fill(account);
    await top(page).getByLabel('Captcha', { exact: true }).fill(server.captcha.last);
    // The journeys' server lets a code be sent again after one second, so the countdown shows for
    // about that long: it is watched for in the page from before the press (decision 063 "A test run under fifteen
    // minutes").
    const countdown = top(page)
      .getByRole('button', { name: /^Send again in \d+ s$/ })
      .waitFor({ state: 'visible', timeout: 30_000 });
    await top(page).getByRole('button', { name: 'Send code' }).click();
    await countdown;
    await expect
      .poll(() => top(page).getByRole('status').innerText())
      .toBe(`A code was sent to ${account} by SMS. It is valid for 5 minutes.`);
    const signUpCode = await codeFromOutboxPage(context, server.baseUrl, account);
    // A wrong code first: one clear message, and the form stays.
    await top(page)
      .getByLabel('SMS code')
      .fill(signUpCode === '000000' ? '111111' : '000000');
    await top(page).getByLabel('Password', { exact: true }).fill('firstWalk1');
    // The terms and privacy policy are unticked until the user ticks them: nothing is sent before.
    await top(page).getByRole('button', { name: 'Create account' }).click();
    await expect
      .poll(() => top(page).getByRole('alert').innerText())
      .toBe('Tick the box to accept the terms of service and the privacy policy.');
    await top(page).getByRole('checkbox', { name: 'I accept the terms of service and the privacy policy' }).check();
    await top(page).getByRole('button', { name: 'Create account' }).click();
    await expect.poll(() => top(page).getByRole('alert').innerText()).toBe('The SMS code is not right. 4 tries left.');
    await top(page).getByLabel('SMS code').fill(signUpCode);
    await screenshot(page, 'signup');
    await top(page).getByRole('button', { name: 'Create account' }).click();

    // Land on home, logged in.
    await expect.poll(() => hashOf(page)).toMatch(/^#\/(pages\/index\/index)?$/);
    await expectGreeting(page, account);
    await screenshot(page, 'home');

    // Reload and stay logged in.
    await page.reload();
    await expectGreeting(page, account);

    // Log out from the My page.
    await logOut(page);

    // A protected page remembers where the user was going.
    await page.goto(`${server.baseUrl}/#/pages-sub/card/index`);
    await expect.poll(() => hashOf(page)).toMatch(/^#\/pages\/login\/index\?redirect=/);
    await logIn(page, account, 'firstWalk1');
    await expect.poll(() => hashOf(page)).toBe('#/pages-sub/card/index');
    await expect.poll(() => top(page).getByText('Card wallet').count()).toBeGreaterThan(0);

    // Back from a deep link goes home; then log out, to try forgot password.
    await top(page).getByRole('button', { name: 'Back' }).click();
    await expect.poll(() => hashOf(page)).toMatch(/^#\/(pages\/index\/index)?$/);
    await logOut(page);
    await top(page).getByRole('button', { name: 'Forgot password?' }).click();
    await expect.poll(() => hashOf(page)).toMatch(/^#\/pages\/edit-password\/index/);
    await expect
      .poll(() => top(page).getByRole('button', { name: 'Captcha image, tap to refresh' }).locator('img').count())
      .toBe(1);
    await top(page).getByLabel('Mobile number').fill(account);
    await top(page).getByLabel('Captcha', { exact: true }).fill(server.captcha.last);
    await top(page).getByRole('button', { name: 'Send code' }).click();
    await expect.poll(() => top(page).getByLabel('Verification code').count()).toBe(1);

    const outbox = await context.newPage();
    await outbox.goto(`${server.baseUrl}/demo/outbox`);
    const message = await outbox.locator('tbody tr').first().innerText();
    expect(message).toContain(account);
    expect(message).toContain('password reset code');
    const code = /\b(\d{6})\b/.exec(message)?.[1] ?? '';
    expect(code).toMatch(/^\d{6}$/);
    await outbox.close();

    await top(page).getByLabel('Verification code').fill(code);
    await top(page).getByRole('button', { name: 'Verify' }).click();
    await top(page).getByLabel('New password', { exact: true }).fill('secondWalk2');
    await top(page).getByLabel('Confirm new password').fill('secondWalk2');
    await screenshot(page, 'reset-password');
    await top(page).getByRole('button', { name: 'Set new password' }).click();
    await expect.poll(() => hashOf(page)).toMatch(/^#\/pages\/login\/index/);
    // Login says the reset worked and has the number filled in.
    await expect
      .poll(() => top(page).getByRole('status').filter({ hasText: 'Password changed, please log in' }).count())
      .toBe(1);
    expect(await top(page).getByLabel('Mobile number').inputValue()).toBe(account);
    await screenshot(page, 'reset-ends-on-login');

    // The old password no longer works; the new one does.
    await logIn(page, account, 'firstWalk1');
    await expect.poll(() => top(page).getByRole('alert').innerText()).toBe('Wrong mobile number or password');
    await logIn(page, account, 'secondWalk2');
    await expectGreeting(page, account);

    expect(errors).toEqual([]);
    await context.close();
  });

  it('pre-fills the invite code from an invite link and records the inviter', async () => {
    const inviter = await registerByApi(server, { account: '13922223333', password: 'inviteWalk1' });
    const { inviteCode } = inviter;

    const { page, errors, context } = await openPhone(browser, { locale: 'fr-FR' });
    await fillCaptcha(page, () => page.goto(`${server.baseUrl}/#/pages/login/index?invite=${inviteCode}`), {
      field: 'Code de vérification',
      image: 'Image de vérification, touchez pour la renouveler',
    });
    const inviteField = top(page).getByLabel('Code d’invitation (facultatif)');
    await expect.poll(() => inviteField.inputValue()).toBe(inviteCode);
    await signUpInApp(
      page,
      server,
      { account: '13933334444', password: 'invitedWalk1' },
      {
        captcha: 'Code de vérification',
        captchaImage: 'Image de vérification, touchez pour la renouveler',
        mobile: 'Numéro de mobile',
        sendCode: 'Envoyer le code',
        smsCode: 'Code SMS',
        password: 'Mot de passe',
        submit: 'Créer un compte',
        accept: 'J’accepte les conditions d’utilisation et la politique de confidentialité',
      },
      () => screenshot(page, 'signup-invited-fr'),
    );
    await expect.poll(() => hashOf(page)).toMatch(/^#\/(pages\/index\/index)?$/);

    const invitee = await server.app.services.db
      .selectFrom('users')
      .select('invited_by')
      .where('account', '=', '13933334444')
      .executeTakeFirstOrThrow();
    expect(invitee.invited_by).toBe(inviter.userId);
    expect(errors).toEqual([]);
    await context.close();
  });
});
