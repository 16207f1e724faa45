import type { EconomyCost, EconomyOverview } from '@stride/contract';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { endBrowserTest, renderInApp, stubLayout, stubServer, type SentRequest } from '../test/browser';
import EconomyPage, { toQuery } from './economy.page';

// uPlot measures the screen when it loads, which jsdom cannot; the chart is not what is tested here.
vi.mock('../components/uplot-chart', () => ({ UPlotChart: () => null }));

// The economy screen (docs/console/economy.md): finance sees what is owed against the reserve, tops it up once per
// request, and simulates other rules.

const COST: EconomyCost = {
  stepPoints: 700,
  invitePoints: 0,
  prizePoints: 0,
  steps: 700,
  invites: 0,
  prizes: 0,
  cashBack: 100,
  total: 800,
};

const OVERVIEW: EconomyOverview = {
  generatedAt: '2026-11-22T04:00:00.000Z',
  today: '2026-11-22',
  rate: { pointsPerUnit: 100, cashPerUnit: 100 },
  rules: { stepsPerPoint: 100, pointsDailyMax: 200 },
  reserve: {
    account: 'system:reserve:CNY',
    deposited: 1_000_000,
    paidOut: 9_900,
    available: 990_100,
    firstDepositAt: '2026-11-01T02:00:00.000Z',
    deposits: [{ transferId: 't-1', amount: 1_000_000, reference: 'BANK-7', at: '2026-11-01T02:00:00.000Z' }],
  },
  owed: {
    cash: 500_000,
    pendingWithdrawals: 20_000,
    points: 300_000,
    pointsValue: 300_000,
    cashBackDue: 156_100,
    activeCards: 17,
    total: 976_100,
  },
  headroom: 14_000,
  days: [
    { day: '2026-11-21', ...COST },
    { day: '2026-11-22', ...COST },
  ],
  forecast: {
    basisDays: 14,
    dailyCost: 800,
    weeklyCost: 5_600,
    weeks: [{ from: '2026-11-22', to: '2026-11-28', activity: 4_900, cashBack: 2_100, total: 7_000 }],
  },
  cover: { weeks: 2.5, alertWeeks: 4, alert: true },
  caps: { pointsDaily: 0, pointsToday: 0, cashDaily: 50_000, cashToday: 12_300 },
};

const SIMULATION = {
  from: '2026-10-23',
  to: '2026-11-21',
  proposed: { stepsPerPoint: 200, pointsDailyMax: 200, exchangePointsPerUnit: 100, exchangeCashPerUnit: 50 },
  days: [{ day: '2026-11-21', actual: COST, proposed: { ...COST, stepPoints: 350, steps: 175, total: 275 } }],
  actual: COST,
  proposedTotal: { ...COST, stepPoints: 350, steps: 175, total: 275 },
};

let sent: SentRequest[] = [];
let refuseDeposit = false;

beforeEach(() => {
  refuseDeposit = false;
  stubLayout();
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-US']);
  sent = stubServer(({ method, url, body }) => {
    if (method === 'POST') {
      if (refuseDeposit) return { code: 1000, message: 'The service is busy: try again.', data: null };
      const { amount, reference } = body as { amount: number; reference: string };
      return {
        code: 1,
        message: 'ok',
        data: { deposit: { transferId: 't-2', amount, reference, at: '2026-11-22T04:00:00.000Z' }, replayed: false },
      };
    }
    if (url.startsWith('/api/console/economy/simulate')) return { code: 1, message: 'ok', data: SIMULATION };
    return { code: 1, message: 'ok', data: OVERVIEW };
  });
  return endBrowserTest;
});

const deposits = () => sent.filter((each) => each.method === 'POST');

async function click(text: string) {
  await act(async () => {
    fireEvent.click(screen.getByText(text, { selector: 'button span' }));
    await Promise.resolve();
  });
}

describe('economy screen', () => {
  it('shows what is owed against the reserve, the weeks of cover under the alert, the forecast and the caps', async () => {
    renderInApp(<EconomyPage />);
    expect((await screen.findByTestId('reserve-available')).textContent).toBe('¥9,901.00');
    expect(screen.getByTestId('owed-total').textContent).toBe('¥9,761.00');
    expect(screen.getByTestId('headroom').textContent).toBe('¥140.00');
    expect(screen.getByTestId('cover-weeks').textContent).toBe('2.5 weeks');
    expect(screen.getByText('Points (300,000)')).toBeTruthy();
    expect(screen.getByText('Cash back cards can still pay (17 cards)')).toBeTruthy();
    expect(screen.getByTestId('economy-alert').textContent).toContain('fewer than the 4 weeks set');
    expect(screen.getByText(/At the pace of the last 14 ended days \(¥8\.00 a day, ¥56\.00 a week\)/)).toBeTruthy();
    expect(screen.getByText('¥70.00')).toBeTruthy();
    expect(screen.getByTestId('economy-cap').textContent).toContain('Points: off (ECONOMY_POINTS_DAILY_CAP is 0)');
    expect(screen.getByTestId('economy-cash-cap').textContent).toContain(
      'Cash back: ¥500.00 a day for everyone together (ECONOMY_CASH_DAILY_CAP); today ¥123.00 paid.',
    );
    expect(screen.getByText('BANK-7')).toBeTruthy();
  }, 60_000);

  it('simulates from today’s rules, the exchange’s cash in minor units, and shows both sides', async () => {
    renderInApp(<EconomyPage />);
    await screen.findByTestId('reserve-available');
    const perStep = screen.getByLabelText<HTMLInputElement>('Steps per point');
    await waitFor(() => expect(perStep.value).toBe('100'));
    fireEvent.change(perStep, { target: { value: '200' } });
    fireEvent.change(screen.getByLabelText('Exchange: buy (¥)'), { target: { value: '0.50' } });
    await click('Simulate');
    expect((await screen.findByTestId('sim-proposed')).textContent).toBe('¥2.75 · 350 step points');
    expect(screen.getByTestId('sim-actual').textContent).toBe('¥8.00 · 700 step points');
    expect(screen.getByTestId('sim-difference').textContent).toBe('−¥5.25');
    const asked = sent.find((each) => each.url.startsWith('/api/console/economy/simulate'));
    const query = new URLSearchParams(asked?.url.split('?')[1]);
    expect(Object.fromEntries(query)).toEqual({
      stepsPerPoint: '200',
      pointsDailyMax: '200',
      exchangePointsPerUnit: '100',
      exchangeCashPerUnit: '50',
    });
    // Reading only: nothing was posted.
    expect(deposits()).toEqual([]);
  }, 60_000);

  it('tops up the reserve in minor units, sending the same key again after a failure and a new one after a success', async () => {
    renderInApp(<EconomyPage />);
    await screen.findByTestId('reserve-available');
    fireEvent.change(screen.getByLabelText('Amount (¥)'), { target: { value: '1234.56' } });
    fireEvent.change(screen.getByLabelText('Bank reference'), { target: { value: 'BANK-8' } });
    refuseDeposit = true;
    await click('Top up');
    await waitFor(() => expect(deposits()).toHaveLength(1));
    expect(await screen.findByText('The service is busy: try again.')).toBeTruthy();
    refuseDeposit = false;
    await click('Top up');
    expect(await screen.findByText('Topped up ¥1,234.56 (BANK-8).')).toBeTruthy();
    const [failed, recorded] = deposits();
    expect(recorded?.body).toEqual({
      amount: 123_456,
      reference: 'BANK-8',
      idempotencyKey: expect.any(String) as unknown,
    });
    expect((recorded?.body as { idempotencyKey: string }).idempotencyKey).toBe(
      (failed?.body as { idempotencyKey: string }).idempotencyKey,
    );
    fireEvent.change(screen.getByLabelText('Amount (¥)'), { target: { value: '10' } });
    fireEvent.change(screen.getByLabelText('Bank reference'), { target: { value: 'BANK-9' } });
    await click('Top up');
    await waitFor(() => expect(deposits()).toHaveLength(3));
    const keys = deposits().map((each) => (each.body as { idempotencyKey: string }).idempotencyKey);
    expect(keys[2]).not.toBe(keys[1]);
  }, 60_000);

  it('turns the exchange’s yuan into minor units', () => {
    const query = toQuery({
      stepsPerPoint: 80,
      pointsDailyMax: 250,
      exchangePointsPerUnit: 100,
      exchangeCashPerUnit: 0.29,
    });
    expect(query).toEqual({
      stepsPerPoint: 80,
      pointsDailyMax: 250,
      exchangePointsPerUnit: 100,
      exchangeCashPerUnit: 29,
    });
  });
});
