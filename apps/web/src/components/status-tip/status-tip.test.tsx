import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { StatusTip } from './status-tip';

describe('StatusTip', () => {
  it('announces loading as a busy status', () => {
    render(<StatusTip status="loading" />);
    const status = screen.getByRole('status');
    expect(status.getAttribute('aria-busy')).toBe('true');
    expect(status.textContent).toBe('Loading…');
  });

  it('shows the empty and no-more states as statuses', () => {
    render(<StatusTip status="empty" />);
    expect(screen.getByRole('status').textContent).toBe('Nothing here yet');
    render(<StatusTip status="noMore" />);
    expect(screen.getByText('No more')).toBeTruthy();
  });

  it('shows an error as an alert with a retry button', () => {
    const onRetry = vi.fn();
    render(<StatusTip status="error" message="Network error" onRetry={onRetry} />);
    expect(screen.getByRole('alert').textContent).toContain('Network error');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });
});
