import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { VIDEO_CONTROLS_HIDE_MS, VideoPlayer } from './video-player';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const controls = () => screen.getByTestId('video-controls');

describe('VideoPlayer', () => {
  it('names the video and every control', () => {
    render(<VideoPlayer label="Walking tips" />);
    expect(screen.getByLabelText('Walking tips').tagName).toBe('VIDEO');
    for (const name of ['Play', 'Mute', 'Full screen']) expect(screen.getByRole('button', { name })).toBeTruthy();
    expect(screen.getByRole('slider', { name: 'Playback position' })).toBeTruthy();
  });

  it('hides the controls 3 s after the last interaction and shows them on the next', () => {
    render(<VideoPlayer label="Walking tips" />);
    act(() => {
      vi.advanceTimersByTime(VIDEO_CONTROLS_HIDE_MS - 1);
    });
    expect(controls().getAttribute('aria-hidden')).toBeNull();
    fireEvent.pointerMove(controls());
    act(() => {
      vi.advanceTimersByTime(VIDEO_CONTROLS_HIDE_MS - 1);
    });
    expect(controls().getAttribute('aria-hidden')).toBeNull();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(controls().getAttribute('aria-hidden')).toBe('true');
    fireEvent.pointerDown(screen.getByLabelText('Walking tips'));
    expect(controls().getAttribute('aria-hidden')).toBeNull();
  });

  it('plays and pauses the native video', () => {
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
      this.dispatchEvent(new Event('play'));
      return Promise.resolve();
    });
    render(<VideoPlayer label="Walking tips" />);
    fireEvent.click(screen.getByRole('button', { name: 'Play' }));
    expect(play).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Pause' })).toBeTruthy();
  });
});
