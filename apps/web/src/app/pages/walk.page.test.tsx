import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stepCounter } from '../../features/walking';
import WalkPage from './walk.page';

afterEach(() => {
  stepCounter.stop();
  window.localStorage.clear();
  vi.unstubAllGlobals();
});

describe('WalkPage', () => {
  it('starts a walk, shows its figures and says when the screen cannot be kept on, and ends it with a summary', async () => {
    // The counter asks home for the business day; nothing else is called.
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(
          new Response(
            JSON.stringify({
              code: 1,
              message: 'success',
              data: { day: '2026-03-02', utcOffsetMinutes: 480, steps: 0 },
            }),
            { status: 200 },
          ),
        ),
      ),
    );
    stepCounter.start('u1');
    render(<WalkPage />);
    expect(screen.getByText('The distance is an estimate: 0.7 m a step.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Start walking' }));
    expect(screen.getByTestId('walk-steps').textContent).toBe('0');
    expect(screen.getByTestId('walk-time').textContent).toBe('00:00');
    expect(screen.getByTestId('walk-distance').textContent).toBe('0.00 km');
    // jsdom, like some browsers, has no Screen Wake Lock: the page says so.
    expect(
      screen.getByText('This browser cannot keep the screen on: keep the app open in front to go on counting.'),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'End the walk' }));
    expect(await screen.findByRole('heading', { name: 'Your walk' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Start another walk' })).toBeTruthy();
  });
});
