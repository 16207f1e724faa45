import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LONG_PRESS_MS, useLongPress } from './use-long-press';

function Target({ onLongPress }: { onLongPress: () => void }) {
  const handlers = useLongPress(onLongPress);
  return (
    <button type="button" {...handlers}>
      Hold
    </button>
  );
}

function setUp() {
  const onLongPress = vi.fn();
  render(<Target onLongPress={onLongPress} />);
  return { onLongPress, target: screen.getByRole('button', { name: 'Hold' }) };
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('useLongPress', () => {
  it('fires after a 350 ms hold, not before', () => {
    const { onLongPress, target } = setUp();
    fireEvent.pointerDown(target, { clientX: 10, clientY: 10, button: 0 });
    act(() => {
      vi.advanceTimersByTime(LONG_PRESS_MS - 1);
    });
    expect(onLongPress).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(onLongPress).toHaveBeenCalledTimes(1);
  });

  it('tolerates a move of 10 px', () => {
    const { onLongPress, target } = setUp();
    fireEvent.pointerDown(target, { clientX: 10, clientY: 10, button: 0 });
    fireEvent.pointerMove(target, { clientX: 20, clientY: 10 });
    act(() => {
      vi.advanceTimersByTime(LONG_PRESS_MS);
    });
    expect(onLongPress).toHaveBeenCalledTimes(1);
  });

  it('is cancelled by a move of more than 10 px', () => {
    const { onLongPress, target } = setUp();
    fireEvent.pointerDown(target, { clientX: 10, clientY: 10, button: 0 });
    fireEvent.pointerMove(target, { clientX: 18, clientY: 18 });
    act(() => {
      vi.advanceTimersByTime(LONG_PRESS_MS);
    });
    expect(onLongPress).not.toHaveBeenCalled();
  });

  it('is cancelled by releasing early', () => {
    const { onLongPress, target } = setUp();
    fireEvent.pointerDown(target, { clientX: 10, clientY: 10, button: 0 });
    act(() => {
      vi.advanceTimersByTime(LONG_PRESS_MS - 50);
    });
    fireEvent.pointerUp(target);
    act(() => {
      vi.advanceTimersByTime(LONG_PRESS_MS);
    });
    expect(onLongPress).not.toHaveBeenCalled();
  });
});
