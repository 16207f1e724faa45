import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { EndpointDef } from '@stride/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { withMocked } from '../../test/module-mocks';
import { call } from '../../lib/http';
import { PATHS, go } from '../../lib/navigation';
import type { StepsChartProps } from '../../features/step-history/components/steps-chart';
import StepHistoryPage from './step-history.page';

vi.mock('../../lib/http', (original) => withMocked(original, 'call'));
vi.mock('../../lib/navigation', (original) => withMocked(original, 'go'));
// uPlot draws on a canvas jsdom does not have: the chart stands in as one button per bar.
vi.mock('../../features/step-history/components/steps-chart', () => ({
  StepsChart: ({ label, labels, values, goals, onSelect }: StepsChartProps) => (
    <div role="img" aria-label={label}>
      {values.map((value, index) => (
        <button key={labels[index]} type="button" data-testid="bar" onClick={() => onSelect?.(index)}>
          {`${value}/${goals[index]}`}
        </button>
      ))}
    </div>
  ),
}));

const ACHIEVEMENTS = {
  today: '2026-11-22',
  currentStreak: 2,
  longestStreak: 5,
  todayMet: true,
  goalDays: 12,
  totalSteps: 123_456,
  totalDistanceMeters: 86_419,
  milestones: [
    { key: 'firstGoal', target: 1, progress: 1, reachedOn: '2026-10-01' },
    { key: 'distance100km', target: 100_000, progress: 86_419, reachedOn: null },
  ],
};
const HISTORY = {
  from: '2026-10-24',
  to: '2026-11-22',
  defaultGoal: 6_000,
  goals: [{ from: '2026-11-20', to: '2026-11-22', goal: 8_000 }],
  firstDay: '2026-09-01',
  days: [
    { day: '2026-11-20', steps: 12_000, goal: 8_000, goalMet: true, reviewStatus: 'flagged' },
    { day: '2026-11-22', steps: 7_000, goal: 8_000, goalMet: false, reviewStatus: null },
  ],
  summary: { totalSteps: 19_000, averageSteps: 633, goalDays: 1, best: { day: '2026-11-20', steps: 12_000 } },
};

const queries: unknown[] = [];
function answer(endpoint: EndpointDef, input: { query?: unknown }): Promise<unknown> {
  if (endpoint.id === 'steps.achievements') return Promise.resolve(ACHIEVEMENTS);
  if (endpoint.id === 'steps.history') {
    queries.push(input.query);
    return Promise.resolve(HISTORY);
  }
  return Promise.reject(new Error(`unexpected ${endpoint.id}`));
}

beforeEach(() => {
  queries.length = 0;
  vi.mocked(call).mockImplementation((endpoint, input) => answer(endpoint, input));
});
afterEach(() => {
  vi.mocked(call).mockReset();
  vi.mocked(go).mockReset();
});

describe('step history', () => {
  it('shows streaks, the last 30 days as bars against each day’s goal with a table of the same days, and milestones', async () => {
    render(<StepHistoryPage />);
    expect((await screen.findByTestId('current-streak')).textContent).toBe('2');
    expect(screen.getByText('86.4 km')).toBeTruthy();
    // History is asked for once achievements named today, in an effect after that render.
    await waitFor(() => expect(queries).toEqual([{ from: '2026-10-24', to: '2026-11-22' }]));
    const chart = await screen.findByRole('img', {
      name: 'Steps per day over the last 30 days, against each day’s goal',
    });
    const bars = within(chart).getAllByTestId('bar');
    expect(bars).toHaveLength(30);
    expect(bars.slice(-3).map((bar) => bar.textContent)).toEqual(['12000/8000', '0/8000', '7000/8000']);
    // The text alternative: a table of the days, newest first, each opening its receipt.
    const table = screen.getByRole('table', { name: 'Steps per day over the last 30 days, against each day’s goal' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(31);
    expect(rows[1]?.textContent).toContain('7,000');
    expect(rows[3]?.textContent).toContain('12,000');
    expect(rows[3]?.textContent).toContain('Under review');
    expect(rows[3]?.textContent).toContain('Goal met');
    expect(screen.getByText('Reached Oct 1, 2026')).toBeTruthy();
    expect(screen.getByText('86.4 km of 100.0 km')).toBeTruthy();
  });

  it('opens a day’s receipt from a bar, from the table and from the best day', async () => {
    render(<StepHistoryPage />);
    const bars = await screen.findAllByTestId('bar');
    fireEvent.click(bars[27]!);
    expect(go).toHaveBeenLastCalledWith(PATHS.stepDay, { day: '2026-11-20' });
    fireEvent.click(screen.getByRole('button', { name: 'Receipt for Nov 22, 2026' }));
    expect(go).toHaveBeenLastCalledWith(PATHS.stepDay, { day: '2026-11-22' });
    fireEvent.click(screen.getByRole('button', { name: /^12,000/ }));
    expect(go).toHaveBeenLastCalledWith(PATHS.stepDay, { day: '2026-11-20' });
  });

  it('asks for 12 weeks and 12 months in the other views, with a table of totals and averages', async () => {
    render(<StepHistoryPage />);
    await screen.findAllByTestId('bar');
    fireEvent.click(screen.getByRole('tab', { name: 'Weeks' }));
    await waitFor(() => expect(queries.at(-1)).toEqual({ from: '2026-08-31', to: '2026-11-22' }));
    expect(await screen.findAllByTestId('bar')).toHaveLength(12);
    const weeks = screen.getByRole('table', { name: /per week/ });
    expect(within(weeks).getAllByRole('row')[1]?.textContent).toContain('19,000');
    fireEvent.click(screen.getByRole('tab', { name: 'Months' }));
    await waitFor(() => expect(queries.at(-1)).toEqual({ from: '2025-12-01', to: '2026-11-22' }));
    expect(screen.getByRole('tab', { name: 'Months' }).getAttribute('aria-selected')).toBe('true');
  });
});
