import type { DashboardSummary, StepSyncHealth } from '@stride/contract';
import { cleanup, render, screen } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubLayout } from '../test/browser';
import DashboardPage from './dashboard.page';

// uPlot measures the screen when it loads, which jsdom cannot; the charts are not what is tested here.
vi.mock('../components/uplot-chart', () => ({ UPlotChart: () => null }));

// The dashboard's step sync panel has a call of its own (docs/product/step-sources.md, Connected
// accounts): it shows even when the figures are refused to the operator.

const HEALTH: StepSyncHealth[] = [
  {
    provider: 'fitbit',
    configured: true,
    active: 3,
    revoked: 1,
    failing: 1,
    last24h: { ok: 70, errors: 1, rateLimited: 0 },
    lagSeconds: 40 * 60,
  },
];

let asked: string[] = [];
/** What the dashboard's own call answers: a refusal unless a test gives the figures. */
let summary: DashboardSummary | null = null;

const DAY = {
  activeWalkers: 0,
  steps: 0,
  pointsIssued: 0,
  pointsRedeemed: 0,
  cashBackPaid: 0,
  cardSales: 0,
  cardSalesAmount: 0,
  withdrawalsPaid: 0,
  withdrawalsPaidAmount: 0,
};

/** A quiet day's summary: each test changes what it is about. */
const SUMMARY: DashboardSummary = {
  generatedAt: '2026-11-22T04:00:00.000Z',
  today: '2026-11-22',
  utcOffsetMinutes: 480,
  days: [{ day: '2026-11-22', ...DAY }],
  liabilities: { cash: 0, points: 0 },
  queues: [],
  social: {
    friends: { friendships: 0, activeThisWeek: 0 },
    clubs: { open: 0, verified: 0 },
    challenges: { running: 0, participants: 0 },
  },
  economy: { weeks: null, alertWeeks: 8, alert: false, weeklyCost: 0 },
};

beforeEach(() => {
  asked = [];
  summary = null;
  stubLayout();
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-US']);
  vi.stubGlobal('fetch', (url: string) => {
    asked.push(url);
    const envelope =
      url === '/api/console/step-connections/health'
        ? { code: 1, message: 'ok', data: HEALTH }
        : url === '/api/console/dashboard' && summary
          ? { code: 1, message: 'ok', data: summary }
          : { code: 1015, message: 'Your roles do not allow this.', data: null };
    return Promise.resolve(new Response(JSON.stringify(envelope)));
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('dashboard', () => {
  it('shows step sync from its own call when the figures are refused', async () => {
    render(
      <App>
        <DashboardPage />
      </App>,
    );
    expect(await screen.findByText('Step sync')).toBeTruthy();
    expect(asked).toContain('/api/console/step-connections/health');
    expect(screen.getByTestId('step-sync-fitbit-lag').textContent).toBe('40 min late');
    expect(screen.getByTestId('step-sync-fitbit').className).toContain('is-warning');
    expect(await screen.findByText('Your roles do not allow this.')).toBeTruthy();
    expect(screen.queryByTestId('dashboard-queues')).toBeNull();
  }, 60_000);

  it('shows friends and clubs beside the queues', async () => {
    summary = {
      ...SUMMARY,
      social: {
        friends: { friendships: 12_345, activeThisWeek: 678 },
        clubs: { open: 42, verified: 7 },
        challenges: { running: 3, participants: 4_321 },
      },
    };
    render(
      <App>
        <DashboardPage />
      </App>,
    );
    expect((await screen.findByTestId('social-friendships')).textContent).toBe('12,345');
    expect(screen.getByText('Walking together')).toBeTruthy();
    expect(screen.getByTestId('social-activeThisWeek').textContent).toBe('678');
    expect(screen.getByTestId('social-openClubs').textContent).toBe('42');
    expect(screen.getByTestId('social-verifiedClubs').textContent).toBe('7');
    expect(screen.getByTestId('social-runningChallenges').textContent).toBe('3');
    expect(screen.getByTestId('social-challengers').textContent).toBe('4,321');
  }, 60_000);

  it('names the appeals queues and marks the overdue one while it is not empty', async () => {
    summary = {
      ...SUMMARY,
      queues: [
        { key: 'flagged-days', count: 0 },
        { key: 'appeals', count: 5 },
        { key: 'appeals-overdue', count: 2 },
      ],
    };
    render(
      <App>
        <DashboardPage />
      </App>,
    );
    const overdue = await screen.findByTestId('queue-appeals-overdue');
    expect(overdue.querySelector('dt')?.textContent).toBe('Appeals past due');
    expect(overdue.querySelector('dd')?.textContent).toBe('2');
    expect(overdue.className).toContain('is-warning');
    expect(screen.getByTestId('queue-appeals').querySelector('dt')?.textContent).toBe('Appeals');
    expect(screen.getByTestId('queue-appeals').className).not.toContain('is-warning');
    expect(screen.getByTestId('queue-flagged-days').className).not.toContain('is-warning');
  }, 60_000);

  it('alerts when the reserve covers fewer weeks than set, and not otherwise (docs/console/economy.md)', async () => {
    summary = {
      ...SUMMARY,
      economy: { weeks: 2.5, alertWeeks: 4, alert: true, weeklyCost: 5_600 },
    };
    render(
      <App>
        <DashboardPage />
      </App>,
    );
    const alert = await screen.findByTestId('dashboard-economy-alert');
    expect(alert.textContent).toContain('The reserve covers 2.5 weeks of the current cost');
    expect(alert.textContent).toContain('(¥56.00 a week): fewer than the 4 weeks set');
    cleanup();
    summary = { ...SUMMARY, economy: { ...summary.economy, weeks: 6, alert: false } };
    render(
      <App>
        <DashboardPage />
      </App>,
    );
    await screen.findByTestId('dashboard-queues');
    expect(screen.queryByTestId('dashboard-economy-alert')).toBeNull();
  }, 60_000);
});
