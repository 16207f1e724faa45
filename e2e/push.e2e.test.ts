import { listPushSubscriptions, savePushPreferences, subscribePush } from '@stride/contract';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWebPushFake, type FakePushService } from '../apps/server/fakes/web-push.js';
import { logInByApi, registerByApi, request } from './support/api.js';
import { openPhone, screenshot } from './support/browser.js';
import { hashOf, top, useToken } from './support/journey.js';
import type { RunningServer } from './support/server.js';
import { startJourney, stopJourney } from './support/setup.js';

let server: RunningServer;
let browser: Browser;
let pushService: FakePushService;

beforeAll(async () => {
  pushService = await startWebPushFake();
  // The reminder sweep every second, so that the journey sees the real timer deliver; the stand-in
  // push service is named by its origin, as an operator names one (decision 048 "Web Push").
  ({ server, browser } = await startJourney({
    env: { PUSH_REMINDER_SWEEP_SECONDS: '1', WEB_PUSH_ENDPOINT_HOSTS: pushService.url },
  }));
});
afterAll(async () => {
  await stopJourney({ server, browser });
  await pushService?.close();
});

describe('Web Push, end to end', () => {
  it('delivers the daily goal reminder from the running server to the push service, signed and decryptable', async () => {
    const account = { account: '13944445555', password: 'pushWalk1' };
    await registerByApi(server, account);
    const token = await logInByApi(server.baseUrl, account);
    const browserSubscription = pushService.subscribe();
    await request(server.baseUrl, subscribePush, { token, body: browserSubscription });
    // Midnight UTC has always passed today, and the new account has walked no steps.
    await request(server.baseUrl, savePushPreferences, {
      token,
      body: { enabled: true, reminder: true, reminderTime: '00:00', timeZone: 'UTC' },
    });
    await expect.poll(() => pushService.received.length, { timeout: 15_000 }).toBe(1);
    const [push] = pushService.received;
    expect(push).toMatchObject({ status: 201, vapidVerified: true });
    expect(JSON.parse(push?.payload ?? 'null')).toMatchObject({
      title: 'Time for a walk',
      url: '/pages-sub/steps/walk',
    });
    const [listed] = await request(server.baseUrl, listPushSubscriptions, { token });
    await expect
      .poll(async () => (await request(server.baseUrl, listPushSubscriptions, { token }))[0]?.lastSuccessAt ?? null)
      .not.toBeNull();
    expect(listed?.failures).toBe(0);
    // Once a day: two more sweeps of the running timer remind no one.
    for (let sweep = 0; sweep < 2; sweep += 1) {
      const before = server.app.jobs.lastRun('push.reminders');
      await expect.poll(() => server.app.jobs.lastRun('push.reminders') !== before, { timeout: 5_000 }).toBe(true);
      expect(await server.app.jobs.lastRun('push.reminders')).toEqual({ reminded: 0, reached: 0 });
    }
    expect(pushService.received).toHaveLength(1);
  });

  it('opens the settings from My; in a browser with no push service it explains that pushes are not available', async () => {
    const account = { account: '13944446666', password: 'pushWalk2' };
    await registerByApi(server, account);
    for (const width of [360, 1280]) {
      const { page, errors, context } = await openPhone(browser, { width });
      await context.grantPermissions(['notifications'], { origin: server.baseUrl });
      await useToken(context, await logInByApi(server.baseUrl, account));
      await page.goto(`${server.baseUrl}/#/pages/my/index`);
      await top(page).getByRole('button', { name: 'Push notifications' }).click();
      await expect.poll(() => hashOf(page)).toBe('#/pages-sub/push-settings/index');
      await expect.poll(() => top(page).getByTestId('push-state').textContent()).toContain('off for this device');
      await top(page).getByRole('button', { name: 'Turn on' }).click();
      await expect
        .poll(() => top(page).getByTestId('push-problem').textContent())
        .toContain('Push notifications are not available in this browser right now');
      // The reminder is saved all the same, with the browser's time zone.
      await top(page).getByLabel('Remind me').check();
      await top(page).getByLabel('Time').fill('21:30');
      await top(page).getByRole('button', { name: 'Save reminder' }).click();
      await expect.poll(() => top(page).getByText('Reminder saved.').count()).toBe(1);
      await screenshot(page, `push-settings-${width}`);
      expect(errors).toEqual([]);
      await context.close();
    }
  });
});
