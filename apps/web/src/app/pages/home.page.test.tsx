import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { withMocked } from '../../test/module-mocks';
import { stepCounter } from '../../features/walking';
import { PATHS, go } from '../../lib/navigation';
import { userStore } from '../../lib/storage';
import HomePage from './home.page';
import { ok, serve } from '../../test/fake-server';
import { testHome, testUser } from '../../test/fixtures';

vi.mock('../../lib/navigation', (original) => withMocked(original, 'go'));

const HOME = testHome({
  utcOffsetMinutes: 480,
  steps: 1_250,
  points: 5_000,
  balance: 200_000,
  earnedPoints: 12,
  collectablePoints: 12,
  releasedPoints: 0,
  held: null,
  quickEntries: [{ id: 'q1', icon: 'card', title: 'Member cards', path: '/pages/invest/index' }],
});

/** The logged-in user of the tests that need one. */
const user = testUser({ account: '13800138000', createdAt: '2026-01-01T00:00:00Z' });

/** Steps this device counted today and has not sent, as the step store keeps them for user u1. */
function keepUnsentSteps(counted: number) {
  window.localStorage.setItem(
    'stepCounts:u1',
    JSON.stringify({
      days: { '2026-03-02': { counted, sent: 0, credited: 0 } },
      undated: 0,
      syncedAt: null,
      rhythm: { count: 0, sum: 0, sumSquares: 0 },
      walk: null,
    }),
  );
}

afterEach(() => {
  stepCounter.stop();
  window.localStorage.clear();
  vi.unstubAllGlobals();
});

describe('HomePage', () => {
  it('greets by the nickname when there is one, else by the masked number', async () => {
    serve({ 'GET /api/home': [ok(HOME)] });
    userStore.setSession('tok', user);
    try {
      render(<HomePage />);
      expect(screen.getByText('Hello, 138****8000')).toBeTruthy();
      userStore.setUserInfo({ ...user, nickname: '小明' });
      expect(await screen.findByText('Hello, 小明')).toBeTruthy();
    } finally {
      userStore.clear();
    }
  });

  it('says plainly that nothing is configured yet when there are no banners, entries or notices', async () => {
    serve({ 'GET /api/home': [ok({ ...HOME, quickEntries: [] })] });
    render(<HomePage />);
    expect(await screen.findByText('No news or offers yet. Please check back later.')).toBeTruthy();
  });

  it('says when today waits for a review and opens its receipt', async () => {
    const review = {
      status: 'flagged',
      reasons: ['regularRhythm'],
      flaggedAt: '2026-03-02T01:00:00Z',
      decidedAt: null,
    };
    serve({ 'GET /api/home': [ok({ ...HOME, collectablePoints: 0, review })] });
    render(<HomePage />);
    expect(
      await screen.findByText('Under review: this day’s points and cash back wait for a check', { exact: false }),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Day receipt' }));
    expect(go).toHaveBeenCalledWith(PATHS.stepDay, { day: '2026-03-02' });
  });

  it('says what a held day holds, when it is usually decided, and each card’s cash back waiting', async () => {
    const review = {
      status: 'flagged',
      reasons: ['regularRhythm'],
      flaggedAt: '2026-03-02T01:00:00Z',
      decidedAt: null,
      expectedHours: 24,
    };
    const card = {
      cardId: 'c1',
      name: 'Silver',
      dailyTarget: 6_000,
      dailyCashBack: 300,
      cashBackEarned: false,
      cashBackPending: 300,
      daysLeft: 20,
    };
    serve({
      'GET /api/home': [
        ok({
          ...HOME,
          steps: 7_200,
          earnedPoints: 84,
          collectablePoints: 0,
          held: { points: 84, cashBack: 300 },
          review,
          activeCard: card,
          activeCards: [card],
        }),
      ],
    });
    render(<HomePage />);
    expect(
      await screen.findByText('84 points and ¥3.00 cash back wait for review · Usually decided within 24 hours', {
        exact: false,
      }),
    ).toBeTruthy();
    expect(screen.getByText('¥3.00 cash back waits for review')).toBeTruthy();
    expect(screen.queryByText(/more steps for/)).toBeNull();
  });

  it('offers the points a review released on an earlier day', async () => {
    serve({ 'GET /api/home': [ok({ ...HOME, earnedPoints: 0, collectablePoints: 96, releasedPoints: 96 })] });
    render(<HomePage />);
    expect(await screen.findByText('96 points released after review, ready to collect')).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Collect 96 points' }).disabled).toBe(false);
  });

  it('says how many points expire soon and on which day, and nothing when none do', async () => {
    serve({ 'GET /api/home': [ok({ ...HOME, expiringPoints: { points: 1_200, day: '2026-03-20' } })] });
    const { unmount } = render(<HomePage />);
    expect((await screen.findByTestId('home-expiring')).textContent).toBe('1,200 points expire on 2026-03-20');
    unmount();
    serve({ 'GET /api/home': [ok({ ...HOME, expiringPoints: null })] });
    render(<HomePage />);
    await screen.findByText('Member cards');
    expect(screen.queryByTestId('home-expiring')).toBeNull();
  });

  it('says nothing of a review on a day without one', async () => {
    serve({ 'GET /api/home': [ok({ ...HOME, review: null })] });
    render(<HomePage />);
    await screen.findByText('Member cards');
    expect(screen.queryByText('Under review', { exact: false })).toBeNull();
  });

  it('shows every active card with its own progress', async () => {
    const card = (cardId: string, name: string, dailyTarget: number) => ({
      cardId,
      name,
      dailyTarget,
      dailyCashBack: 300,
      cashBackEarned: false,
      daysLeft: 20,
    });
    const cards = [card('c-gold', 'Gold', 10_000), card('c-bronze', 'Bronze', 6_000)];
    serve({ 'GET /api/home': [ok({ ...HOME, activeCard: cards[0], activeCards: cards })] });
    render(<HomePage />);
    expect(await screen.findByRole('heading', { name: 'Gold' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Bronze' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Member card' })).toBeNull();
  });

  it('shows no such note once anything is configured', async () => {
    serve({ 'GET /api/home': [ok(HOME)] });
    render(<HomePage />);
    await screen.findByRole('button', { name: 'Member cards' });
    expect(screen.queryByText('No news or offers yet. Please check back later.')).toBeNull();
  });

  it("shows today's steps, balances and the missing sensor, and collects the points", async () => {
    const requests = serve({
      'GET /api/home': [ok(HOME), ok({ ...HOME, points: 5_012, collectedPoints: 12, collectablePoints: 0 })],
      'POST /api/points/collect': [ok({ collected: 12, points: 5_012, cashBack: 0 })],
    });
    render(<HomePage />);

    const collect = await screen.findByRole('button', { name: 'Collect 12 points' });
    expect(screen.getByRole('progressbar', { name: 'Steps today' }).getAttribute('aria-valuetext')).toBe(
      '1,250 / 6,000',
    );
    expect(screen.getByTestId('home-points').textContent).toBe('5,000');
    expect(screen.getByTestId('home-balance').textContent).toBe('¥2,000.00');
    // jsdom, like a desktop browser, has no motion sensor: the page says so.
    expect(screen.getByText('No motion sensor on this device: steps are not counted here')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Member cards' })).toBeTruthy();

    fireEvent.click(collect);
    await waitFor(() => expect(screen.getByTestId('home-points').textContent).toBe('5,012'));
    expect(screen.getByText('Collected 12 points')).toBeTruthy();
    const button = screen.getByRole('button', { name: 'Nothing to collect yet' });
    expect(button.hasAttribute('disabled')).toBe(true);
    const posted = requests.filter((request) => request.key === 'POST /api/points/collect');
    expect(posted).toHaveLength(1);
    expect(posted[0]?.body).toEqual({ idempotencyKey: expect.stringMatching(/^[0-9a-f]{32}$/) as unknown });
  });

  it('says why some points wait when the service’s daily points limit is reached (docs/console/economy.md)', async () => {
    serve({
      'GET /api/home': [ok(HOME), ok({ ...HOME, points: 5_004, collectedPoints: 4, collectablePoints: 8 })],
      'POST /api/points/collect': [
        ok({ collected: 4, released: 0, earlier: 0, capped: 8, points: 5_004, cashBack: 0 }),
      ],
    });
    render(<HomePage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Collect 12 points' }));
    expect(
      await screen.findByText(
        'Collected 4 points. Today’s points limit for everyone has been reached: your other 8 points wait, and you can collect them from tomorrow.',
      ),
    ).toBeTruthy();
  });

  it('sends the same idempotency key again when the first answer was lost', async () => {
    const offline = new Set(['POST /api/points/collect']);
    const requests = serve(
      {
        'GET /api/home': [ok(HOME), ok({ ...HOME, points: 5_012, collectablePoints: 0 })],
        'POST /api/points/collect': [ok({ collected: 12, points: 5_012, cashBack: 0 })],
      },
      offline,
    );
    render(<HomePage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Collect 12 points' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Collect 12 points' }).hasAttribute('disabled')).toBe(false),
    );
    offline.clear();
    fireEvent.click(screen.getByRole('button', { name: 'Collect 12 points' }));
    await waitFor(() => expect(screen.getByTestId('home-points').textContent).toBe('5,012'));
    const keys = requests
      .filter((request) => request.key === 'POST /api/points/collect')
      .map((request) => (request.body as { idempotencyKey: string }).idempotencyKey);
    expect(keys.length).toBeGreaterThanOrEqual(2);
    expect(new Set(keys).size).toBe(1);
  });

  it('shows an error with retry when home cannot load', async () => {
    serve({ 'GET /api/home': [{ code: 1007, message: 'Something is off', data: null }, ok(HOME)] });
    render(<HomePage />);
    expect((await screen.findByRole('alert')).textContent).toContain('Something is off');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('button', { name: 'Collect 12 points' })).toBeTruthy();
  });

  it("shows this device's count when it is ahead of the server's, sends it as this device's, and says when it synced", async () => {
    keepUnsentSteps(1_400);
    const requests = serve({
      'GET /api/home': [ok(HOME), ok(HOME), ok({ ...HOME, steps: 1_400 })],
      'POST /api/steps': [ok({ day: '2026-03-02', steps: 1_400, sourceSteps: 1_400, cashBack: 0, review: null })],
    });
    render(<HomePage />);
    await screen.findByRole('button', { name: 'Collect 12 points' });
    expect(screen.getByTestId('step-sync').textContent).toBe('This phone: not synced yet');
    stepCounter.start('u1');
    await waitFor(() =>
      expect(requests.filter((request) => request.key === 'POST /api/steps').map((request) => request.body)).toEqual([
        { day: '2026-03-02', steps: 1_400, source: 'web', device: expect.stringMatching(/^[0-9]{19}$/) as unknown },
      ]),
    );
    expect(screen.getByRole('progressbar', { name: 'Steps today' }).getAttribute('aria-valuetext')).toBe(
      '1,400 / 6,000',
    );
    await waitFor(() =>
      expect(screen.getByTestId('step-sync').textContent).toMatch(
        /^This phone last synced [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{2}:\d{2}:\d{2}$/,
      ),
    );
    expect(screen.getByRole('button', { name: 'Start a walk' })).toBeTruthy();
  });

  it('says no steps wait to sync once the sync is answered, though the server held more from this device', async () => {
    keepUnsentSteps(1_400);
    // This browser's other tab had already sent 1,600 for the day.
    serve({
      'GET /api/home': [ok(HOME), ok({ ...HOME, steps: 1_600 })],
      'POST /api/steps': [ok({ day: '2026-03-02', steps: 1_600, sourceSteps: 1_600, cashBack: 0, review: null })],
    });
    render(<HomePage />);
    await screen.findByRole('button', { name: 'Collect 12 points' });
    stepCounter.start('u1');
    await waitFor(() => expect(screen.getByTestId('step-sync').textContent).toMatch(/^This phone last synced /));
    expect(screen.getByTestId('step-sync').textContent).not.toContain('waiting to sync');
    await waitFor(() =>
      expect(screen.getByRole('progressbar', { name: 'Steps today' }).getAttribute('aria-valuetext')).toBe(
        '1,600 / 6,000',
      ),
    );
  });

  describe('offline (decision 079)', () => {
    afterEach(() => userStore.clear());

    it("shows the last home this device kept, as of when, with today's count on the device, and reads again when back online", async () => {
      userStore.setSession('tok', user);
      const offline = new Set<string>();
      serve({ 'GET /api/home': [ok(HOME), ok({ ...HOME, points: 5_100 })] }, offline);
      const first = render(<HomePage />);
      await screen.findByRole('button', { name: 'Collect 12 points' });
      first.unmount();
      // Steps walked since, counted on this device and not yet sent.
      keepUnsentSteps(1_400);

      offline.add('GET /api/home').add('POST /api/steps');
      render(<HomePage />);
      expect((await screen.findByTestId('home-kept')).textContent).toMatch(
        /^These figures are from [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{2}:\d{2}:\d{2}; they update once you’re back online\.$/,
      );
      expect(screen.getByTestId('home-points').textContent).toBe('5,000');
      // Nothing that writes can be done from figures of the past.
      expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Collect 12 points' }).disabled).toBe(true);
      stepCounter.start('u1');
      await waitFor(() =>
        expect(screen.getByRole('progressbar', { name: 'Steps today' }).getAttribute('aria-valuetext')).toBe(
          '1,400 / 6,000',
        ),
      );

      offline.clear();
      window.dispatchEvent(new Event('online'));
      await waitFor(() => expect(screen.getByTestId('home-points').textContent).toBe('5,100'));
      expect(screen.queryByTestId('home-kept')).toBeNull();
    });

    it("shows no other user's kept home, and a refusal is never answered from the device", async () => {
      window.localStorage.setItem(
        'homeSnapshot',
        JSON.stringify({ userId: 'u2', savedAt: Date.parse('2026-03-02T01:00:00Z'), home: HOME }),
      );
      userStore.setSession('tok', user);
      serve({ 'GET /api/home': [] }, new Set(['GET /api/home']));
      const offline = render(<HomePage />);
      expect(await screen.findByRole('button', { name: 'Retry' })).toBeTruthy();
      expect(screen.queryByTestId('home-points')).toBeNull();
      offline.unmount();

      window.localStorage.setItem(
        'homeSnapshot',
        JSON.stringify({ userId: 'u1', savedAt: Date.parse('2026-03-02T01:00:00Z'), home: HOME }),
      );
      serve({ 'GET /api/home': [{ code: 1007, message: 'Something is off', data: null }] });
      render(<HomePage />);
      expect((await screen.findByRole('alert')).textContent).toContain('Something is off');
      expect(screen.queryByTestId('home-points')).toBeNull();
    });

    it('forgets the kept home at logout', async () => {
      const { forgetKeptHomeAtLogout } = await import('../kept-home');
      const stop = forgetKeptHomeAtLogout();
      userStore.setSession('tok', user);
      serve({ 'GET /api/home': [ok(HOME)] });
      render(<HomePage />);
      await screen.findByRole('button', { name: 'Collect 12 points' });
      expect(window.localStorage.getItem('homeSnapshot')).toContain('"userId":"u1"');
      userStore.clear();
      expect(window.localStorage.getItem('homeSnapshot')).toBeNull();
      stop();
    });
  });
});
