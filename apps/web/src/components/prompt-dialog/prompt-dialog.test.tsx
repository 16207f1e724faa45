import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { PromptDialog, validatePrompt, type PromptDialogProps } from './prompt-dialog';

function open(props: Partial<PromptDialogProps> = {}) {
  const onConfirm = vi.fn();
  const onCancel = vi.fn();
  render(<PromptDialog visible title="Invite code" onConfirm={onConfirm} onCancel={onCancel} {...props} />);
  return { onConfirm, onCancel, input: screen.getByRole('textbox', { name: 'Invite code' }) };
}

describe('PromptDialog', () => {
  it('is a modal dialog named by its title, with its input focused', () => {
    const { input } = open();
    const dialog = screen.getByRole('dialog', { name: 'Invite code' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(document.activeElement).toBe(input);
  });

  it('refuses a value that fails the pattern with the default message', () => {
    const { onConfirm, input } = open({ pattern: /^[A-Z0-9]{8}$/ });
    fireEvent.change(input, { target: { value: 'abc' } });
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(screen.getByRole('alert').textContent).toBe('the input data is not valid');
    expect(onConfirm).not.toHaveBeenCalled();
    fireEvent.change(input, { target: { value: 'ABCD1234' } });
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(onConfirm).toHaveBeenCalledWith('ABCD1234');
  });

  it("shows the validator's own message", () => {
    const { onConfirm, input } = open({ validator: (value) => (value.length > 2 ? true : 'Too short') });
    fireEvent.change(input, { target: { value: 'ab' } });
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(screen.getByRole('alert').textContent).toBe('Too short');
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('cancels with the Cancel button and with Escape', () => {
    const { onCancel, input } = open();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(onCancel).toHaveBeenCalledTimes(2);
  });

  it('renders nothing when hidden', () => {
    render(<PromptDialog visible={false} title="X" onConfirm={() => undefined} onCancel={() => undefined} />);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('starts every pattern check afresh', () => {
    const pattern = /^\d+$/g;
    expect(validatePrompt('12', { pattern }, 'bad')).toBeUndefined();
    expect(validatePrompt('12', { pattern }, 'bad')).toBeUndefined();
    expect(validatePrompt('', { validator: () => '' }, 'bad')).toBe('bad');
  });
});
