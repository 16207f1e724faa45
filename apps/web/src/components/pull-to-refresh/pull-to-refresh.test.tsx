import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { PullToRefresh } from './pull-to-refresh';

describe('PullToRefresh', () => {
  it('announces its state in a live region and refreshes past 45 px', async () => {
    const onRefresh = vi.fn(() => Promise.resolve());
    const { container } = render(
      <PullToRefresh onRefresh={onRefresh} isAtTop={() => true}>
        <p>Feed</p>
      </PullToRefresh>,
    );
    const root = container.firstElementChild;
    if (!(root instanceof HTMLElement)) throw new Error('no root');
    expect(root.querySelector('[aria-live="polite"]')).not.toBeNull();
    fireEvent.touchStart(root, { touches: [{ clientY: 0 }] });
    fireEvent.touchMove(root, { touches: [{ clientY: 20 }] });
    expect(screen.getByText('Pull down to refresh')).toBeTruthy();
    fireEvent.touchMove(root, { touches: [{ clientY: 60 }] });
    expect(screen.getByText('Release to refresh')).toBeTruthy();
    fireEvent.touchEnd(root);
    expect(screen.getByText('Refreshing…')).toBeTruthy();
    await act(() => Promise.resolve());
    expect(onRefresh).toHaveBeenCalledTimes(1);
  });
});
