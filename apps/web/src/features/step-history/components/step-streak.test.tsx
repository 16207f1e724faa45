import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { withMocked } from '../../../test/module-mocks';
import { call } from '../../../lib/http';
import { PATHS, go } from '../../../lib/navigation';
import { StepStreak } from './step-streak';

vi.mock('../../../lib/http', (original) => withMocked(original, 'call'));
vi.mock('../../../lib/navigation', (original) => withMocked(original, 'go'));

const achievements = (currentStreak: number, todayMet: boolean) => ({
  today: '2026-11-22',
  currentStreak,
  longestStreak: 9,
  todayMet,
  goalDays: 20,
  totalSteps: 200_000,
  totalDistanceMeters: 140_000,
  milestones: [],
});

afterEach(() => {
  vi.mocked(call).mockReset();
  vi.mocked(go).mockReset();
});

describe('home’s streak line', () => {
  it('counts today as soon as the live steps reach the goal, and opens history on a tap', async () => {
    vi.mocked(call).mockResolvedValue(achievements(3, false));
    const { rerender } = render(<StepStreak steps={4_000} goal={6_000} />);
    expect(await screen.findByText('Streak: 3 days')).toBeTruthy();
    expect(screen.getByText('2,000 steps to today’s goal')).toBeTruthy();
    rerender(<StepStreak steps={6_000} goal={6_000} />);
    expect(screen.getByText('Streak: 4 days')).toBeTruthy();
    expect(screen.getByText('Today’s goal reached')).toBeTruthy();
    fireEvent.click(screen.getByTestId('step-streak'));
    expect(go).toHaveBeenCalledWith(PATHS.stepHistory);
  });

  it('does not count today twice once the server has it', async () => {
    vi.mocked(call).mockResolvedValue(achievements(1, true));
    render(<StepStreak steps={7_000} goal={6_000} />);
    expect(await screen.findByText('Streak: 1 day')).toBeTruthy();
  });

  it('says when there is no streak', async () => {
    vi.mocked(call).mockResolvedValue(achievements(0, false));
    render(<StepStreak steps={0} goal={6_000} />);
    expect(await screen.findByText('No streak yet')).toBeTruthy();
  });
});
