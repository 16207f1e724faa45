import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { TabBar } from './tab-bar';

const items = ['home', 'invite', 'mall', 'my'].map((key) => ({ key, label: key.toUpperCase(), icon: null }));

describe('TabBar', () => {
  it('marks the current tab and does not navigate when it is tapped again', () => {
    const onSelect = vi.fn();
    render(<TabBar items={items} selected="mall" label="Tabs" onSelect={onSelect} />);
    const nav = screen.getByRole('navigation', { name: 'Tabs' });
    expect(nav).toBeTruthy();
    const buttons = screen.getAllByRole('button');
    expect(buttons.map((button) => button.textContent)).toEqual(['HOME', 'INVITE', 'MALL', 'MY']);
    const current = screen.getByRole('button', { name: 'MALL' });
    expect(current.getAttribute('aria-current')).toBe('page');
    fireEvent.click(current);
    expect(onSelect).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'MY' }));
    expect(onSelect).toHaveBeenCalledWith('my');
  });

  it('shows a badge with its spoken label on a tab that has one', () => {
    const withBadge = items.map((item) =>
      item.key === 'my' ? { ...item, badge: { text: '3', label: ', 3 unread notifications' } } : item,
    );
    render(<TabBar items={withBadge} selected="home" label="Tabs" onSelect={vi.fn()} />);
    const my = screen.getByRole('button', { name: /^MY ?, 3 unread notifications$/ });
    expect(my.textContent).toBe('3MY, 3 unread notifications');
    expect(screen.getAllByTestId('tab-badge')).toHaveLength(1);
  });
});
