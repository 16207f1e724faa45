import { collectPoints, getHome, reportSteps } from '@stride/contract';
import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { registerByApi, request } from './support/api.js';
import { menu, MENU_OF, operatorDesk, shoot } from './support/console.js';
import { noticeShown } from './support/journey.js';
import type { RunningServer } from './support/server.js';
import { ANY_STEP_RATE, shareJourney } from './support/setup.js';

let server: RunningServer;
let browser: Browser;

shareJourney((started) => ({ server, browser } = started), { env: ANY_STEP_RATE });

/** A new user whose steps today came with a shaking machine's rhythm: the day is flagged. */
async function shakenDay(account: string, steps: number) {
  const user = await registerByApi(server, { account, password: 'shake-it-2026' });
  const day = server.app.services.calendar.dayOf(Date.now());
  const answer = await request(server.baseUrl, reportSteps, {
    token: user.token,
    body: { day, steps, device: `phone-${account}`, rhythm: { intervals: 600, cv: 0.003 } },
  });
  expect(answer.review).toMatchObject({ status: 'flagged', reasons: ['regularRhythm'] });
  return { ...user, day };
}

describe('flagged days in the console', () => {
  it('a reviewer clears a day flagged by its rhythm, and the user collects the released points', async () => {
    const user = await shakenDay('13977770001', 1_000);
    const home = await request(server.baseUrl, getHome, { token: user.token });
    expect(home).toMatchObject({ earnedPoints: 10, collectablePoints: 0, review: { status: 'flagged' } });
    const pointsBefore = home.points;

    const reviewer = await operatorDesk(server, browser, 'rhea', ['reviewer']);
    const { page } = reviewer;
    expect(await menu(page).allInnerTexts()).toEqual(MENU_OF.reviewer);
    await menu(page).filter({ hasText: 'Flagged days' }).click();
    const row = page.getByRole('row').filter({ hasText: '139****0001' });
    await expect.poll(() => row.count()).toBe(1);
    const text = await row.innerText();
    // The day as this en-US browser writes a date (decision 080 "A console a new operator can read").
    const [year, month, date] = user.day.split('-');
    expect(text).toContain(`${month}/${date}/${year}`);
    expect(text).toContain('Steps too regular (machine-like)');
    expect(text).toContain('In-app counter: 1,000');
    expect(text).toContain('10 points · ¥0.00');
    // The full mobile number is never on the screen.
    expect(text).not.toContain('13977770001');
    await shoot(page, 'flagged-days');

    await row.getByRole('button', { name: 'Clear' }).click();
    const dialog = page.getByRole('dialog').filter({ hasText: 'Clear' });
    await expect.poll(() => dialog.getByText('The held ¥0.00 cash back is paid now').count()).toBe(1);
    expect(await dialog.getByText('the 10 points are released for the user to collect on home').count()).toBe(1);
    await dialog.getByLabel('Note (kept in the audit log)').fill('Walked on a treadmill; confirmed by phone.');
    await dialog.getByRole('button', { name: 'Clear' }).click();
    await noticeShown(page, 'Day cleared: its cash back is paid and its points wait for the user on home.');
    await expect.poll(() => row.count()).toBe(0);

    // Released (decision 078 "A held step day is never a dead end"): Home offers the held 10 and says the day was
    // cleared; collecting credits them.
    const after = await request(server.baseUrl, getHome, { token: user.token });
    expect(after).toMatchObject({ points: pointsBefore, collectablePoints: 10, review: { status: 'cleared' } });
    const collected = await request(server.baseUrl, collectPoints, {
      token: user.token,
      body: { idempotencyKey: `e2e-collect-${user.userId}` },
    });
    expect(collected).toMatchObject({ collected: 10, points: pointsBefore + 10 });

    // The decided list shows it with the note.
    await page.getByText('Cleared', { exact: true }).click();
    const cleared = page.getByRole('row').filter({ hasText: '139****0001' });
    await expect.poll(() => cleared.count()).toBe(1);
    expect(await cleared.innerText()).toContain('Walked on a treadmill; confirmed by phone.');
    expect(reviewer.errors).toEqual([]);
  });

  it('a day decided elsewhere meanwhile answers 1017: the reviewer is told and the list reloads', async () => {
    const user = await shakenDay('13977770002', 500);
    const reviewer = await operatorDesk(server, browser, 'rory', ['reviewer']);
    const { page } = reviewer;
    await menu(page).filter({ hasText: 'Flagged days' }).click();
    const row = page.getByRole('row').filter({ hasText: '139****0002' });
    await expect.poll(() => row.count()).toBe(1);
    // Another reviewer rejects it from the command line's admin while this page shows it.
    const review = await server.app.services.admin.walking.listFlaggedDays('flagged', { page: 1, pageSize: 50 });
    const id = review.items.find((item) => item.userId === user.userId)?.id ?? '';
    await server.app.services.admin.walking.decideFlaggedDay('ops-desk', id, { decision: 'reject' });

    await row.getByRole('button', { name: 'Clear' }).click();
    const dialog = page.getByRole('dialog').filter({ hasText: 'Clear' });
    // As a reviewer would: the dialog has opened and says what clearing pays before its button is
    // pressed, and it closes once the answer is in; the notice, which passes in 3 s, is watched
    // for in the page (decision 063 "A test run under fifteen minutes").
    await expect.poll(() => dialog.getByText('The held ¥0.00 cash back is paid now').count()).toBe(1);
    const reloadedShown = noticeShown(page, 'Someone changed this day meanwhile; the list was reloaded.');
    await dialog.getByRole('button', { name: 'Clear' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    await reloadedShown;
    await expect.poll(() => row.count()).toBe(0);
    const home = await request(server.baseUrl, getHome, { token: user.token });
    expect(home.review?.status).toBe('rejected');
    expect(home.collectablePoints).toBe(0);
  });
});
