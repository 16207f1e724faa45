import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ActionSheet } from './action-sheet';

const ACTIONS = [
  { key: 'copy', text: 'Copy' },
  { key: 'delete', text: 'Delete', danger: true },
];

describe('ActionSheet', () => {
  it('is a named modal dialog offering each action and Cancel as a named button', () => {
    render(<ActionSheet visible actions={ACTIONS} onAction={() => undefined} onClose={() => undefined} />);
    expect(screen.getByRole('dialog', { name: 'Actions' }).getAttribute('aria-modal')).toBe('true');
    for (const name of ['Copy', 'Delete', 'Cancel']) expect(screen.getByRole('button', { name })).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Copy' }));
  });

  it('reports the chosen action and closes', () => {
    const onAction = vi.fn();
    const onClose = vi.fn();
    render(<ActionSheet visible actions={ACTIONS} onAction={onAction} onClose={onClose} />);
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onAction).toHaveBeenCalledWith('delete');
    expect(onClose).toHaveBeenCalled();
  });

  it('closes with Cancel without an action', () => {
    const onAction = vi.fn();
    const onClose = vi.fn();
    render(<ActionSheet visible actions={ACTIONS} onAction={onAction} onClose={onClose} />);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onAction).not.toHaveBeenCalled();
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('closes with Escape and renders nothing when hidden', () => {
    const onClose = vi.fn();
    const { rerender } = render(<ActionSheet visible actions={ACTIONS} onAction={() => undefined} onClose={onClose} />);
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
    rerender(<ActionSheet visible={false} actions={ACTIONS} onAction={() => undefined} onClose={onClose} />);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
