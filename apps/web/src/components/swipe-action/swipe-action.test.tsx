import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SwipeAction } from './swipe-action';

describe('SwipeAction', () => {
  it('renders the row and its actions as named buttons', () => {
    render(
      <SwipeAction actions={[{ key: 'delete', text: 'Delete' }]} onAction={() => undefined}>
        <p>Home address</p>
      </SwipeAction>,
    );
    expect(screen.getByText('Home address')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delete' })).toBeTruthy();
  });

  it('reports the action that is pressed', () => {
    const onAction = vi.fn();
    render(
      <SwipeAction
        actions={[
          { key: 'edit', text: 'Edit', tone: 'primary' },
          { key: 'delete', text: 'Delete' },
        ]}
        onAction={onAction}
      >
        <p>Home address</p>
      </SwipeAction>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onAction).toHaveBeenCalledWith('delete');
  });
});
