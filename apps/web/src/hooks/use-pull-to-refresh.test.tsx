import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { PULL_THRESHOLD_PX, pullDistance, usePullToRefresh, type PullToRefreshOptions } from './use-pull-to-refresh';

function Feed(props: PullToRefreshOptions) {
  const { distance, status, handlers } = usePullToRefresh(props);
  return (
    <div role="region" aria-label="Feed" data-status={status} data-distance={distance} {...handlers}>
      content
    </div>
  );
}

function pull(region: HTMLElement, by: number) {
  fireEvent.touchStart(region, { touches: [{ clientY: 100 }] });
  fireEvent.touchMove(region, { touches: [{ clientY: 100 + by }] });
  fireEvent.touchEnd(region);
}

describe('usePullToRefresh', () => {
  it('refreshes when released 45 px down, and settles when the refresh ends', async () => {
    let finish: () => void = () => undefined;
    const onRefresh = vi.fn(
      () =>
        new Promise<void>((resolve) => {
          finish = resolve;
        }),
    );
    render(<Feed onRefresh={onRefresh} isAtTop={() => true} />);
    const region = screen.getByRole('region', { name: 'Feed' });
    pull(region, PULL_THRESHOLD_PX);
    expect(region.dataset.status).toBe('refreshing');
    await act(() => Promise.resolve());
    expect(onRefresh).toHaveBeenCalledTimes(1);
    await act(async () => {
      finish();
      await Promise.resolve();
    });
    expect(region.dataset.status).toBe('idle');
    expect(region.dataset.distance).toBe('0');
  });

  it('does not refresh below the threshold', async () => {
    const onRefresh = vi.fn();
    render(<Feed onRefresh={onRefresh} isAtTop={() => true} />);
    const region = screen.getByRole('region', { name: 'Feed' });
    fireEvent.touchStart(region, { touches: [{ clientY: 100 }] });
    fireEvent.touchMove(region, { touches: [{ clientY: 144 }] });
    expect(region.dataset.status).toBe('pulling');
    fireEvent.touchEnd(region);
    await act(() => Promise.resolve());
    expect(onRefresh).not.toHaveBeenCalled();
    expect(region.dataset.status).toBe('idle');
  });

  it('ignores a pull that starts below the top of the content', async () => {
    const onRefresh = vi.fn();
    render(<Feed onRefresh={onRefresh} isAtTop={() => false} />);
    pull(screen.getByRole('region', { name: 'Feed' }), 200);
    await act(() => Promise.resolve());
    expect(onRefresh).not.toHaveBeenCalled();
  });

  it('resists beyond the threshold and stops at twice it', () => {
    expect(pullDistance(-10, 45)).toBe(0);
    expect(pullDistance(30, 45)).toBe(30);
    expect(pullDistance(75, 45)).toBe(55);
    expect(pullDistance(1000, 45)).toBe(90);
  });
});
