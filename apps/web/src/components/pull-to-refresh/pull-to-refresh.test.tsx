import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { onDataChange } from '../../lib/data-changed';
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

  it('by default, has every value of the page shown read again, and says so until they answered', async () => {
    let answer = () => undefined as void;
    const changes: string[] = [];
    const off = onDataChange((change) => {
      changes.push(change);
      return new Promise<void>((resolve) => {
        answer = resolve;
      });
    });
    try {
      const { container } = render(
        <PullToRefresh isAtTop={() => true}>
          <p>Balance</p>
        </PullToRefresh>,
      );
      const root = container.firstElementChild;
      if (!(root instanceof HTMLElement)) throw new Error('no root');
      fireEvent.touchStart(root, { touches: [{ clientY: 0 }] });
      fireEvent.touchMove(root, { touches: [{ clientY: 60 }] });
      fireEvent.touchEnd(root);
      await act(() => Promise.resolve());
      expect(changes).toEqual(['pull']);
      expect(screen.getByText('Refreshing…')).toBeTruthy();
      await act(async () => {
        answer();
        await Promise.resolve();
      });
      await waitFor(() => expect(screen.queryByText('Refreshing…')).toBeNull());
    } finally {
      off();
    }
  });
});
