import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SWIPER_DURATION_MS, SWIPER_INTERVAL_MS, Swiper } from './swiper';

function setUp() {
  render(
    <Swiper label="Offers">
      <p>First</p>
      <p>Second</p>
      <p>Third</p>
    </Swiper>,
  );
  const current = () => screen.getByRole('button', { current: true }).getAttribute('aria-label');
  return { current, track: screen.getByTestId('swiper-track') };
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('Swiper', () => {
  it('is a named carousel of labelled slides with indicator buttons', () => {
    setUp();
    expect(screen.getByRole('region', { name: 'Offers' }).getAttribute('aria-roledescription')).toBe('carousel');
    expect(screen.getByRole('group', { name: 'Slide 1 of 3' })).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /Go to slide/ })).toHaveLength(3);
  });

  it('advances every 5000 ms with a 500 ms transition', () => {
    const { current, track } = setUp();
    expect(current()).toBe('Go to slide 1');
    act(() => {
      vi.advanceTimersByTime(SWIPER_INTERVAL_MS - 1);
    });
    expect(current()).toBe('Go to slide 1');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(current()).toBe('Go to slide 2');
    expect(track.style.transition).toBe(`transform ${SWIPER_DURATION_MS}ms ease`);
    act(() => {
      vi.advanceTimersByTime(SWIPER_DURATION_MS);
    });
    expect(track.style.transition).toBe('none');
  });

  it('loops from the last slide to the first', () => {
    const { current, track } = setUp();
    fireEvent.click(screen.getByRole('button', { name: 'Go to slide 3' }));
    act(() => {
      vi.advanceTimersByTime(SWIPER_DURATION_MS);
    });
    act(() => {
      vi.advanceTimersByTime(SWIPER_INTERVAL_MS);
    });
    expect(current()).toBe('Go to slide 1');
    act(() => {
      vi.advanceTimersByTime(SWIPER_DURATION_MS);
    });
    // Back on the real first slide, not its copy at the end of the track.
    expect(track.style.transform).toContain('-100%');
  });
});
